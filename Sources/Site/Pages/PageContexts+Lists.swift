import Mustache

/// Contexts of the list pages: home, collections, all books and the index pages.
extension PageContexts {
  func homeFields() -> [String: ContextValue] {
    // As many shelves as the header links: past that, `collections/` lists them all (six
    // covers for each of hundreds of collections would make a huge home page).
    let shown = model.hasCollectionsPage ? PageJob.headerCollectionLimit : model.collections.count
    // The first shelf on the page loads its covers at once: "currently reading" when shown.
    let reading = currentlyReadingFields()
    let eagerReading = reading["hasReading"] == .bool(true)
    let collections: [ContextValue] = model.collections.indices.prefix(shown).map { index in
      let books = model.collections[index].books
      var fields = collectionSummary(index)
      fields["books"] = .list(
        cards(books.prefix(PageContexts.homeCollectionCovers), eager: index == 0 && !eagerReading))
      fields["hasBooks"] = .bool(!books.isEmpty)
      fields["hasMore"] = .bool(books.count > PageContexts.homeCollectionCovers)
      return .map(fields)
    }
    let recent = cards(model.recentlyPublished.prefix(PageContexts.homeRecentBooks), eager: false)
    return [
      "introHTML": .optional(settings.description.nonEmpty.map(TextFormatting.markdownHTML)),
      "collections": .list(collections),
      "recent": .list(Array(recent)),
      "hasRecent": .bool(!recent.isEmpty),
    ].merging(reading) { _, new in new }
  }

  /// The page of every collection: `collections[]`, each as the home page lists it, without
  /// its covers.
  func collectionsFields() -> [String: ContextValue] {
    ["collections": .list(model.collections.indices.map { .map(collectionSummary($0)) })]
  }

  /// `title href descriptionHTML count countText` of collection `index`.
  private func collectionSummary(_ index: Int) -> [String: ContextValue] {
    let collection = model.collections[index]
    return [
      "title": .string(collection.title),
      "href": .string(collectionHrefs[index]),
      "descriptionHTML": .optional(collectionDescriptions[index]),
      "count": .int(collection.books.count),
      "countText": .string(countText(collection.books.count)),
    ]
  }

  func collectionFields(_ index: Int, page: Int) -> [String: ContextValue] {
    let collection = model.collections[index]
    let path = SitePath([collection.slug])
    return listFields(collection.books, page: page, path: path).merging([
      "collection": [
        "title": .string(collection.title),
        "href": .string(urls.href(path)),
        "descriptionHTML": .optional(collectionDescriptions[index]),
        "countText": .string(countText(collection.books.count)),
      ]
    ]) { _, new in new }
  }

  func allBooksFields(page: Int) -> [String: ContextValue] {
    listFields(model.allBooks, page: page, path: SitePath(["books"])).merging([
      "countText": .string(countText(model.books.count))
    ]) { _, new in new }
  }

  func termFields(_ kind: TaxonomyKind, _ index: Int, page: Int) -> [String: ContextValue] {
    let terms = model.taxonomies[kind]!.terms
    let term = terms[index]
    let path = termPath(kind, index)
    var ancestors: [ContextValue] = []
    var parent = term.parent
    while let current = parent {
      ancestors.insert(
        ["name": .string(terms[current].name), "href": .optional(termHrefs[kind]![current])], at: 0)
      parent = terms[current].parent
    }
    let children: [ContextValue] = term.children.map { child in
      [
        "name": .string(terms[child].name),
        "href": .optional(termHrefs[kind]![child]),
        "countText": .string(countText(terms[child].books.count)),
      ]
    }
    return listFields(model.listedBooks(kind, index), page: page, path: path).merging([
      "term": [
        "kind": .string(kind.rawValue),
        "kindName": .string(strings[kind.rawValue]),
        // The page listing every term of the kind, where there is one (`tags/`).
        "indexHref": .optional(kind == .tag && model.hasTagsPage ? urls.href(PageJob.tagsPath) : nil),
        "indexName": .optional(kind == .tag ? strings["tags"] : nil),
        "name": .string(term.name),
        "fullName": .string(term.fullName),
        "href": .string(urls.href(path)),
        "countText": .string(countText(term.books.count)),
        "ancestors": .list(ancestors),
        "hasAncestors": .bool(!ancestors.isEmpty),
        "children": .list(children),
        "hasChildren": .bool(!children.isEmpty),
      ]
    ]) { _, new in new }
  }

  func termPath(_ kind: TaxonomyKind, _ index: Int) -> SitePath {
    SitePath([kind.folder, model.taxonomies[kind]!.terms[index].slug])
  }

  /// `books` (the cards of this page), `hasBooks` and `pagination`.
  func listFields(_ members: [Int], page: Int, path: SitePath) -> [String: ContextValue] {
    let pagination = Pagination(itemCount: members.count, perPage: perPage)
    let books = cards(members[pagination.range(ofPage: page)], eager: true)
    return [
      "books": .list(books),
      "hasBooks": .bool(!books.isEmpty),
      "pagination": paginationFields(pagination, page: page, path: path),
    ]
  }

  func paginationFields(_ pagination: Pagination, page: Int, path: SitePath) -> ContextValue {
    let total = pagination.pageCount
    let pages: [ContextValue] = pagination.window(around: page).map { number in
      guard let number else { return ["isGap": true] }
      return [
        "isGap": false,
        "number": .int(number),
        "href": .string(urls.href(path.page(number))),
        "isCurrent": .bool(number == page),
        "label": .string(strings.format("pageNumber", ["number": String(number)])),
      ]
    }
    return [
      "current": .int(page),
      "total": .int(total),
      "isPaginated": .bool(total > 1),
      "text": .string(strings.format("pageOf", ["number": String(page), "total": String(total)])),
      "previousHref": page > 1 ? .string(urls.href(path.page(page - 1))) : .null,
      "nextHref": page < total ? .string(urls.href(path.page(page + 1))) : .null,
      "pages": .list(pages),
    ]
  }

  /// The box a card's cover fills, in CSS pixels, when the book has no image.
  static let cardCoverSize = (width: 128, height: 192)
  /// The book page's, likewise.
  static let pageCoverSize = (width: 300, height: 450)
}
