extension SiteModel {
  /// Whether this model lists the same books as `old` in the same collections, terms, shelves
  /// and series, with the same names and counts, though in another order where they are listed
  /// by title: `oldIndex` gives each book's index in `old` (the same id). Then only the list
  /// pages whose books differ (`listedIDs`) and the pages that read a book whose values differ
  /// can differ (`bookgen serve`, after a title changed).
  func listsTheSameBooks(as old: SiteModel, oldIndex: [Int]) -> Bool {
    guard books.count == old.books.count, oldIndex.count == books.count else { return false }
    let translated = { (indices: [Int]) in Set(indices.map { oldIndex[$0] }) }
    for index in books.indices {
      let was = oldIndex[index]
      guard books[index].collections == old.books[was].collections, bookTerms[index] == old.bookTerms[was],
        seriesPlaces[index] == old.seriesPlaces[was]
      else { return false }
    }
    guard collections.count == old.collections.count, Set(taxonomies.keys) == Set(old.taxonomies.keys),
      indexPages == old.indexPages, indexMinBooks == old.indexMinBooks, shelfTitles == old.shelfTitles,
      embedCards == old.embedCards, shelves.isEmpty, old.shelves.isEmpty, series.isEmpty, old.series.isEmpty,
      readingStats == nil, old.readingStats == nil, categoryListings.count == old.categoryListings.count,
      translated(recentlyPublished) == Set(old.recentlyPublished)
    else { return false }
    for (new, was) in zip(collections, old.collections) {
      guard new.title == was.title, new.slug == was.slug, new.description == was.description,
        new.books.count == was.books.count, translated(new.books) == Set(was.books)
      else { return false }
    }
    for (kind, taxonomy) in taxonomies {
      guard let was = old.taxonomies[kind], taxonomy.index == was.index,
        taxonomy.terms.count == was.terms.count
      else { return false }
      for (new, term) in zip(taxonomy.terms, was.terms) {
        guard new.name == term.name, new.fullName == term.fullName, new.slug == term.slug,
          new.parent == term.parent, new.children == term.children, new.books.count == term.books.count,
          translated(new.books) == Set(term.books)
        else { return false }
      }
    }
    for (new, was) in zip(categoryListings, old.categoryListings) {
      guard new.count == was.count, translated(new) == Set(was) else { return false }
    }
    return true
  }

  /// The books list page `job` shows, in order; nil for a page that is no list of books
  /// (`listsTheSameBooks`).
  func booksOnPage(_ job: PageJob, perPage: Int) -> ArraySlice<Int>? {
    let list: [Int]
    switch job.kind {
    case .collection(let index): list = collections[index].books
    case .allBooks: list = allBooks
    case .term(let kind, let index): list = listedBooks(kind, index)
    default: return nil
    }
    let start = min(list.count, (job.page - 1) * perPage)
    return list[start..<min(list.count, start + perPage)]
  }
}
