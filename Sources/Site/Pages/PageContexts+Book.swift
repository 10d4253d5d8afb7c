/// The context of a book's detail page.
extension PageContexts {
  func bookFields(_ book: Book) -> ContextValue {
    let language = strings.language
    let info = book.volume.volumeInfo
    let title = book.title ?? strings["untitled"]
    let previewURL =
      ExternalLink.link(book.volume.accessInfo?.webReaderLink)
      ?? ExternalLink.link(info.previewLink)
    let buy = buyFields(book)
    var fields: [String: ContextValue] = [
      "id": .string(book.id),
      "title": .string(title),
      "lang": .optional(book.title == nil ? nil : book.languageTag),
      "subtitle": .optional(book.subtitle),
      "href": .string(urls.href(SitePath(["books", book.slug]))),
      "authors": .list(book.authors.map { termLink(.author, key: CollationKey.fold($0), name: $0) }),
      "hasAuthors": .bool(!book.authors.isEmpty),
      "authorsText": .optional(book.authors.isEmpty ? nil : book.authors.joined(separator: ", ")),
      "publisher": book.publisher.map { termLink(.publisher, key: CollationKey.fold($0), name: $0) } ?? .null,
      "isbn13": .optional(book.isbn13),
      "isbn10": .optional(book.isbn10),
      "pageCountText": .optional(
        book.pageCount.map { strings.format("pageCount", ["count": NumberText.grouped($0)]) }),
      "categories": .list(book.categories.map(categoryTrail)),
      "hasCategories": .bool(!book.categories.isEmpty),
      "descriptionHTML": .optional(book.description.map(TextFormatting.descriptionHTML)),
      "noteHTML": .optional(book.note.map(TextFormatting.markdownHTML)),
      "tags": .list(book.tags.compactMap(\.nonEmpty).map(ContextValue.string)),
      "hasTags": .bool(book.tags.contains { $0.nonEmpty != nil }),
      "collections": .list(
        book.collections.map { index in
          let collection = model.collections[index]
          return [
            "title": .string(collection.title), "href": .string(urls.href(SitePath([collection.slug]))),
          ]
        }),
      "cover": PageContexts.coverFields(
        url: largeCover(book), title: title, width: book.cover == largeCover(book) ? 128 : 300,
        height: book.cover == largeCover(book) ? 192 : 450, strings: strings),
      "googleBooksURL": .string(
        ExternalLink.googleBooksPage(canonical: info.canonicalVolumeLink, volumeID: book.id)),
      "previewURL": .optional(previewURL),
      "isFree": .bool(book.volume.saleInfo?.saleability == "FREE"),
      "isPublicDomain": .bool(book.volume.accessInfo?.publicDomain == true),
    ]
    if let date = book.date {
      fields["published"] = [
        "text": .string(date.formatted(for: language)),
        "iso": .string(date.isoString),
        "href": termHref(.year, key: String(date.year)),
      ]
    }
    if let code = book.language {
      fields["language"] = [
        "name": .string(LanguageNames.name(of: code, in: language)),
        "code": .string(code),
        "href": termHref(.language, key: code.lowercased()),
      ]
    }
    if let rating = info.averageRating, rating > 0, rating <= 5 {
      let value = NumberText.decimal(rating, fractionDigits: 1)
      fields["rating"] = [
        "value": .string(value),
        "count": .int(info.ratingsCount ?? 0),
        "text": .string(
          strings.format(
            "ratingValue", ["rating": value, "count": NumberText.grouped(info.ratingsCount ?? 0)])),
        "percent": .int(Int((rating / 5 * 100).rounded())),
      ]
    }
    fields["buy"] = buy
    fields["hasActions"] = .bool(previewURL != nil || buy != .null)
    return .map(fields)
  }

  /// The largest cover Google offers for the detail page.
  private func largeCover(_ book: Book) -> String? {
    if book.volume.volumeInfo.imageLinks == nil || book.cover == nil { return book.cover }
    let links = book.volume.volumeInfo.imageLinks!
    return ExternalLink.cover(links.small ?? links.medium) ?? book.cover
  }

  /// `buy`: the store link with list and retail prices and the discount, or null.
  private func buyFields(_ book: Book) -> ContextValue {
    guard let sale = book.volume.saleInfo, let url = ExternalLink.link(sale.buyLink) else { return .null }
    let language = strings.language
    let discount = PriceText.discountPercent(list: sale.listPrice, retail: sale.retailPrice)
    let retail = sale.retailPrice ?? sale.listPrice
    return [
      "url": .string(url),
      "price": .optional(retail.map { PriceText.format($0, for: language) }),
      "listPrice": .optional(
        discount == nil ? nil : sale.listPrice.map { PriceText.format($0, for: language) }),
      "discountText": .optional(discount.map { strings.format("discount", ["percent": String($0)]) }),
      "currency": .optional(retail?.currencyCode),
    ]
  }

  /// `{name, href}` linking to the term's page (href null if the term is unknown).
  private func termLink(_ kind: TaxonomyKind, key: String, name: String) -> ContextValue {
    ["name": .string(name), "href": termHref(kind, key: key)]
  }

  private func termHref(_ kind: TaxonomyKind, key: String) -> ContextValue {
    guard let index = model.taxonomies[kind]?.index[key] else { return .null }
    return .string(urls.href(termPath(kind, index)))
  }

  /// `{levels: [{name, href}]}` for `Fiction / Science Fiction`, each level linked.
  private func categoryTrail(_ path: String) -> ContextValue {
    let levels = CategoryPath.levels(of: path)
    let items: [ContextValue] = levels.indices.map { depth in
      termLink(.category, key: CategoryPath.key(levels[...depth]), name: levels[depth])
    }
    return ["levels": .list(items), "fullName": .string(levels.joined(separator: " / "))]
  }
}
