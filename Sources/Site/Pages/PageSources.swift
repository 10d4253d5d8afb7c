import BookRecord

/// The key of everything a page is rendered from, recorded in the output manifest, so that a
/// rebuild reuses the pages whose sources did not change instead of rendering them again.
///
/// A key hashes `shared` (the build fingerprint without the fetched data: catalog file,
/// templates, base URL, tool version), the number of books (every page shows it), and what of
/// the model the page shows:
/// - a book page: the digest of each of its source records (for Google Books the JSON its volume
///   was decoded from; for the owner's entry its fields), its slug and collections, and the name,
///   full name and slug of each of its terms (authors, publisher, categories, year, language,
///   tags), and its series' name, slug and size with the title and slug of the books either side;
/// - the page of every collection: each collection's number of books; the page of every tag,
///   shelf or series: each one's names, slug and number of books;
/// - a list page (collection, all books, term, shelf, series): its kind and number, how many books the list
///   has, the data and slug of each book on the page, the cover link previews use (the list's
///   first), and for a term its names, slug, parent and child categories;
/// - an OPDS feed page (`feedKey`): its place, title and date, and each listed book's data,
///   slug and authors' slugs.
///
/// - a card: its book's data and slug.
///
/// Pages that show a book with no recorded source (a record made in code) get no key, nor do
/// the home, 404 and stats pages: they are always rendered. The search page (filled in by its script)
/// is keyed by the shared part and the number of books alone. What is not in a key must not
/// reach a page:
/// a new input to a page's context needs a place here.
struct PageSources: Sendable {
  private let shared: UInt64
  private let model: SiteModel
  private let seo: SEOHead
  private let perPage: Int
  /// Each book's records and slug hashed once (`addBook`), nil when a record has no digest: a
  /// book is in its own page, its card, every list and feed it is on, and each would hash its
  /// records and slug again (at 10,000 books, most of a rebuild's time in keys).
  private let bookKeys: [UInt64?]
  /// Each term's names, slug and whether it has a page, hashed once, by kind (its place in
  /// `TaxonomyKind.allCases`; `addTerms`).
  private let termKeys: [[UInt64]?]

  /// nil for a build without a fingerprint (most tests): every page is rendered.
  init?(shared: String?, model: SiteModel, seo: SEOHead, perPage: Int) {
    guard let shared else { return nil }
    var key = FieldHasher()
    key.add("bookgen-page-sources 2")
    key.add(shared)
    key.add(model.books.count)
    self.shared = key.finish()
    self.model = model
    self.seo = seo
    self.perPage = perPage
    bookKeys = PageSources.bookKeys(model.books)
    termKeys = TaxonomyKind.allCases.map { kind in
      model.taxonomies[kind].map { PageSources.termKeys($0.terms, hasPage: { model.hasPage(kind, $0) }) }
    }
  }

  /// A book's records (source and digest of each) and slug; nil when a record has no digest.
  private static func bookKeys(_ books: [Book]) -> [UInt64?] {
    var key = FieldHasher()
    return books.map { book in
      key.reset()
      let records = book.record.provenance.records
      key.add(records.count)
      for record in records {
        guard let digest = record.digest else { return nil }
        key.add(record.source.id)
        key.add(digest)
      }
      key.add(book.slug)
      return key.finish()
    }
  }

  /// A term's name, full name and slug, and whether it is linked: a term gains or loses its
  /// page as books join or leave it.
  private static func termKeys(_ terms: [Term], hasPage: (Int) -> Bool) -> [UInt64] {
    var key = FieldHasher()
    return terms.indices.map { index in
      key.reset()
      key.add(terms[index].name)
      key.add(terms[index].fullName)
      key.add(terms[index].slug)
      key.add(hasPage(index) ? 1 : 0)
      return key.finish()
    }
  }

  /// The page's key, or nil when it must be rendered.
  func key(for job: PageJob) -> UInt64? {
    var key = FieldHasher()
    key.add(shared)
    key.add(job.page)
    switch job.kind {
    case .home, .notFound, .stats, .statsYear:
      // The stats pages count every book read: a few pages, always rendered.
      return nil
    case .tags:
      key.add("tags")
      let tags = model.taxonomies[.tag]?.terms ?? []
      addTerms(.tag, tags.indices, to: &key)
      for tag in tags { key.add(tag.books.count) }
    case .shelves:
      // Titles and descriptions are the catalog's (in `shared`); which shelves and their counts not.
      key.add("shelves")
      for shelf in model.shelves {
        key.add(shelf.slug)
        key.add(shelf.books.count)
      }
    case .seriesList:
      key.add("series-list")
      for series in model.series {
        key.add(series.name)
        key.add(series.slug)
        key.add(series.books.count)
      }
    case .card(let index):
      key.add("card")
      guard addBook(index, to: &key) else { return nil }
    case .search:
      // The results page is the same template for any data: the shared part and the count.
      key.add("search")
    case .book(let index):
      key.add("book")
      guard addBook(index, to: &key) else { return nil }
      let book = model.books[index]
      key.add(book.collections.count)
      for collection in book.collections { key.add(collection) }
      let terms = model.bookTerms[index]
      addTerms(.author, terms.authors, to: &key)
      addTerm(.publisher, terms.publisher, to: &key)
      for trail in terms.categories { addTerms(.category, trail, to: &key) }
      addTerm(.year, terms.year, to: &key)
      addTerm(.language, terms.language, to: &key)
      addTerms(.tag, terms.tags, to: &key)
      // The series line names the series, its size and the books either side.
      if let place = model.seriesPlace(of: index) {
        let series = model.series[place.series]
        key.add(series.name)
        key.add(series.slug)
        key.add(series.books.count)
        for neighbour in [place.previous, place.next] {
          key.add(neighbour.map { model.books[$0].slug } ?? "")
          key.add(neighbour.flatMap { model.books[$0].title } ?? "")
        }
      }
    case .collections:
      // Titles, slugs and descriptions are the catalog's (in `shared`); the counts are not.
      key.add("collections")
      for collection in model.collections { key.add(collection.books.count) }
    case .collection(let index):
      key.add("collection")
      key.add(index)
      guard addList(model.collections[index].books, page: job.page, to: &key) else { return nil }
    case .shelf(let index):
      key.add("shelf")
      key.add(model.shelves[index].slug)
      guard addList(model.shelves[index].books, page: job.page, to: &key) else { return nil }
    case .series(let index):
      key.add("series")
      key.add(model.series[index].name)
      key.add(model.series[index].slug)
      guard addList(model.series[index].books, page: job.page, to: &key) else { return nil }
    case .allBooks:
      key.add("books")
      guard addList(model.allBooks, page: job.page, to: &key) else { return nil }
    case .term(let kind, let index):
      key.add("term")
      let term = model.taxonomies[kind]!.terms[index]
      addTerm(kind, index, to: &key)
      var parent = term.parent
      while let current = parent {
        addTerm(kind, current, to: &key)
        parent = model.taxonomies[kind]!.terms[current].parent
      }
      key.add("children")
      for child in term.children {
        addTerm(kind, child, to: &key)
        key.add(model.taxonomies[kind]!.terms[child].books.count)
      }
      guard addList(model.listedBooks(kind, index), page: job.page, to: &key) else { return nil }
    }
    return key.finish()
  }

  /// The key of a feed page (OPDS) listing `books`: `header` holds everything else it shows
  /// (its place, title and date); each book counts with its data, slug and authors' slugs (its
  /// entry links its page and theirs). nil when a book has no recorded source.
  func feedKey(header: String, books: ArraySlice<Int>) -> UInt64? {
    var key = FieldHasher()
    key.add(shared)
    key.add(header)
    key.add(books.count)
    for book in books {
      guard addBook(book, to: &key) else { return nil }
      addTerms(.author, model.bookTerms[book].authors, to: &key)
    }
    return key.finish()
  }

  /// The book's records and slug (`bookKeys`); false when one of its records has no digest.
  private func addBook(_ index: Int, to key: inout FieldHasher) -> Bool {
    guard let book = bookKeys[index] else { return false }
    key.add(book)
    return true
  }

  /// Each term's names, slug and whether it is linked (`termKeys`), after the kind and count.
  private func addTerms(_ kind: TaxonomyKind, _ indices: some Collection<Int>, to key: inout FieldHasher) {
    let place = TaxonomyKind.allCases.firstIndex(of: kind)!
    key.add(place)
    key.add(indices.count)
    guard let terms = termKeys[place] else { return }
    for index in indices { key.add(terms[index]) }
  }

  /// `addTerms` of none or one term, without making an array of it.
  private func addTerm(_ kind: TaxonomyKind, _ index: Int?, to key: inout FieldHasher) {
    let place = TaxonomyKind.allCases.firstIndex(of: kind)!
    key.add(place)
    key.add(index == nil ? 0 : 1)
    if let index, let terms = termKeys[place] { key.add(terms[index]) }
  }

  /// The list's length, this page's books and the list's preview cover.
  private func addList(_ members: [Int], page: Int, to key: inout FieldHasher) -> Bool {
    let pagination = Pagination(itemCount: members.count, perPage: perPage)
    key.add(members.count)
    for member in members[pagination.range(ofPage: page)] {
      guard addBook(member, to: &key) else { return false }
    }
    key.add(seo.firstImage(of: members) ?? "")
    return true
  }
}
