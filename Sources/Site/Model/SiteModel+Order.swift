extension SiteModel {
  /// Whether this model lists the same books as `old` in the same collections, terms, shelves
  /// and series, with the same names and counts, though in another order where they are listed
  /// by title: `oldIndex` gives each book's index in `old` (the same id). Then only the list
  /// pages whose books differ (`booksOnPage`) and the pages that read a book whose values differ
  /// can differ (`bookgen serve`, after a title changed).
  func listsTheSameBooks(as old: SiteModel, oldIndex: [Int]) -> Bool {
    guard books.count == old.books.count, oldIndex.count == books.count else { return false }
    // How many times each book of `old` is still to be met in the list being compared: counted
    // in one array for every list, which costs less than a set of each list.
    var counts = [Int32](repeating: 0, count: books.count)
    func sameBooks(_ list: [Int], _ was: [Int]) -> Bool {
      guard list.count == was.count else { return false }
      for index in was { counts[index] += 1 }
      var same = true
      for index in list {
        counts[oldIndex[index]] -= 1
        if counts[oldIndex[index]] < 0 { same = false }
      }
      for index in was { counts[index] = 0 }
      for index in list { counts[oldIndex[index]] = 0 }
      return same
    }
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
      sameBooks(recentlyPublished, old.recentlyPublished)
    else { return false }
    for (new, was) in zip(collections, old.collections) {
      guard new.title == was.title, new.slug == was.slug, new.description == was.description,
        sameBooks(new.books, was.books)
      else { return false }
    }
    for (kind, taxonomy) in taxonomies {
      guard let was = old.taxonomies[kind], taxonomy.index == was.index,
        taxonomy.terms.count == was.terms.count
      else { return false }
      for (new, term) in zip(taxonomy.terms, was.terms) {
        guard new.name == term.name, new.fullName == term.fullName, new.slug == term.slug,
          new.parent == term.parent, new.children == term.children, sameBooks(new.books, term.books)
        else { return false }
      }
    }
    for (new, was) in zip(categoryListings, old.categoryListings) {
      guard sameBooks(new, was) else { return false }
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
