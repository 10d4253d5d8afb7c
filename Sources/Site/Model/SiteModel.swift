import BookRecord
import Catalog
import Support

/// Everything the pages are rendered from: merged books, sorted collections and the indexes.
struct SiteModel: Sendable {
  struct CollectionEntry: Sendable, Equatable {
    let title: String
    let slug: String
    /// Markdown.
    let description: String?
    /// Indices into `books`, in the collection's sort order.
    let books: [Int]
  }

  /// In all-books order: title (folded, then raw), then id.
  private(set) var books: [Book]
  /// `0..<books.count` as an array, for the all-books lists (made once: a copy per list page
  /// would be quadratic).
  let allBooks: [Int]
  let collections: [CollectionEntry]
  let taxonomies: [TaxonomyKind: Taxonomy]
  /// Each book's terms, in `books` order.
  let bookTerms: [BookTerms]
  /// Books with a publication date, newest first.
  let recentlyPublished: [Int]
  /// The kinds whose terms get pages (`site.index_pages`); the others are shown unlinked.
  let indexPages: Set<TaxonomyKind>
  /// The fewest books a term needs for a page (`site.index_min_books`).
  let indexMinBooks: Int
  /// What each category's page lists, in all-books order: the books filed under it and not
  /// under a subcategory with a page of its own (every book of the subtree stays one page
  /// away: its subcategory's).
  let categoryListings: [[Int]]
  /// The owner's own shelves' titles by slug (`shelves:`), which `status` may name.
  let shelfTitles: [String: String]
  /// The shelves that hold books (`shelves/<slug>/`), built-in statuses first.
  let shelves: [ShelfEntry]
  /// Every series the books name, in name order (`series/<slug>/`).
  let series: [SeriesEntry]
  /// Each book's place in its series, in `books` order.
  let seriesPlaces: [SeriesPlace?]
  /// The year-in-books pages' numbers; nil when no book has a `date_read`.
  let readingStats: ReadingStats?
  /// `site.embed_cards`: each book gets `books/<slug>/card.html`.
  let embedCards: Bool

  /// Folders at the root that collection slugs may not take.
  static let reservedRootNames: Set<String> = [
    "books", "authors", "categories", "publishers", "languages", "years", "assets", "page", "search",
    "feeds", "opds", "collections", "404.html", "index.html", "shelves", "tags", "series", "stats",
    "covers",
  ]

  /// Merges the collections' records into books (made on every core: the costly part) and
  /// builds every index.
  /// With `reusing` (the model `bookgen serve` built last), a book whose merged record is the
  /// same as its book there is taken from it, its fields not derived again.
  init(
    catalog: Catalog, collections inputs: [SiteInput.Collection], covers: LocalCovers = .none,
    reusing previous: SiteModel? = nil
  ) throws(SiteError) {
    var merge = try Merge(catalog: catalog, collections: inputs)
    merge.covers = covers
    self.init(merge: merge, reusing: previous)
  }

  /// The model of the collections `merge` merged (`init(catalog:collections:covers:reusing:)`).
  init(merge: Merge, reusing previous: SiteModel? = nil) {
    let records = merge.records
    var positions: [String: Int] = [:]
    if let previous {
      positions.reserveCapacity(previous.books.count)
      for (index, book) in previous.books.enumerated() { positions[book.id] = index }
    }
    let earlier = positions
    self.init(
      merge: merge,
      books: Parallel.map(count: records.count) { index in
        let record = records[index]
        return merge.book(record, reusing: earlier[record.id].map { previous!.books[$0] })
      })
  }

  /// The book of the sources' `record`, with the owner's entry for it among `entries` applied,
  /// in `collections`.
  static func book(
    _ record: BookRecord, entries: [String: BookEntry], matchingISBNs: Bool, collections: [Int],
    covers: LocalCovers = .none, reusing earlier: Book? = nil
  ) -> Book {
    var merged = record
    let found = SiteModel.entry(for: record, in: entries, matchingISBNs: matchingISBNs)
    if let (key, entry) = found {
      merged = record.overridden(by: entry.record(forBook: record.id, key: key, sourceSale: record.sale))
    }
    let localCover = covers.cover(file: found?.entry.localCoverFile, record: merged)
    var book =
      earlier.flatMap { $0.record == merged && $0.localCover == localCover ? Book(fieldsOf: $0) : nil }
      ?? Book(record: merged, localCover: localCover, linksCover: !covers.servesSourceCovers)
    book.collections = collections
    book.entryKey = found?.key
    book.sourceRecord = record
    return book
  }

  private init(merge: Merge, books made: consuming [Book]) {
    // Consumed: a copy would share the array, and the first change below would copy every book.
    var books = consume made
    // Sorting positions, not the (large) Book values, then moving each book once.
    // Keys gathered once, on every core: a comparison then reads arrays, not two books' fields.
    // Two ASCII keys whose folded text differs in its first 16 bytes are ordered by them.
    let unsorted = books
    let ascii = Parallel.map(count: unsorted.count) { unsorted[$0].titleKey.isASCII }
    let prefixes = Parallel.map(count: unsorted.count) {
      CollationKey.bytePrefix(unsorted[$0].titleKey.folded)
    }
    let keys = unsorted.indices.map { unsorted[$0].titleKey }
    let ids = unsorted.indices.map { unsorted[$0].id }
    // Its last use: taking the filings below then changes the books in place.
    _ = consume unsorted
    // Each book's filing taken out of it (moved, not copied): the indexes are built from them,
    // then they are let go of off this path.
    var filings = books.indices.map { books[$0].filing.take() ?? BookFiling(book: books[$0]) }
    // Ids are unique: the order is total.
    let order = Parallel.sortedIndices(count: books.count) { a, b in
      if ascii[a], ascii[b], prefixes[a] != prefixes[b] { return prefixes[a] < prefixes[b] }
      return SiteModel.precedes(keys[a], ids[a], keys[b], ids[b], bothASCII: ascii[a] && ascii[b])
    }
    SiteModel.permute(&books, by: order)
    SiteModel.permute(&filings, by: order)
    let placed = books
    let catalog = merge.catalog
    let apiOrder = merge.apiOrder
    let (taxonomies, bookTerms, lists, slugs) = TaxonomyBuilder.build(
      filings: filings, siteLanguage: UILanguage(tag: catalog.site.language),
      beside: { Lists(books: placed, catalog: catalog, apiOrder: apiOrder) },
      alongside: { SiteModel.slugs(of: placed) })
    // Its last use: the slugs then change the books in place instead of copying them.
    _ = consume placed
    BackgroundRelease.drop(consume filings)
    self.init(
      books: consume books, slugs: slugs, taxonomies: taxonomies, bookTerms: bookTerms, lists: lists,
      catalog: catalog)
  }

  /// The model of `books` (in all-books order, named `slugs`) filed as `bookTerms` says under
  /// `taxonomies`, and listed as `lists` says.
  private init(
    books: consuming [Book], slugs: [String], taxonomies: [TaxonomyKind: Taxonomy], bookTerms: [BookTerms],
    lists: Lists, catalog: Catalog
  ) {
    var books = consume books
    for index in books.indices { books[index].slug = slugs[index] }
    self.books = books
    self.allBooks = Array(books.indices)
    self.taxonomies = taxonomies
    self.bookTerms = bookTerms
    self.collections = lists.collections
    (self.shelves, self.series, self.seriesPlaces) = (lists.shelves, lists.series, lists.seriesPlaces)
    self.recentlyPublished = lists.recentlyPublished
    let indexPages = Set(TaxonomyKind.allCases.filter { catalog.site.indexPages.contains($0.indexPage) })
    self.indexPages = indexPages
    self.indexMinBooks = catalog.site.indexMinBooks
    self.categoryListings =
      indexPages.contains(.category)
      ? SiteModel.categoryListings(
        terms: taxonomies[.category]?.terms ?? [], bookTerms: bookTerms, minBooks: catalog.site.indexMinBooks)
      : []
    self.shelfTitles = Dictionary(catalog.shelves.filter { !$0.title.isEmpty }.map { ($0.slug, $0.title) }) {
      first, _ in first
    }
    self.readingStats = ReadingStats(books: books, terms: bookTerms, taxonomies: taxonomies)
    self.embedCards = catalog.site.embedCards
  }

  /// This model with the books of `replacements` in place of those at their indices, each
  /// filed under the same terms as the book it replaces (`BookFiling`), and moved to its place
  /// in all-books order: the others keep theirs in the same order, every term its name and
  /// address, and the lists and slugs are made again (`bookgen serve`, after a title
  /// changed). `oldIndex` gives each book's index in this model.
  func replacing(_ replacements: [Int: Book], catalog: Catalog, apiOrder: [[String]]) -> (
    model: SiteModel, oldIndex: [Int]
  ) {
    var books = self.books
    for (index, book) in replacements {
      books[index] = book
      books[index].filing = nil
    }
    let precedes = { (a: Book, b: Book) in
      SiteModel.precedes(
        a.titleKey, a.id, b.titleKey, b.id, bothASCII: a.titleKey.isASCII && b.titleKey.isASCII)
    }
    // The books kept in their order, each replacement inserted where it sorts among them.
    let kept = books.indices.filter { replacements[$0] == nil }
    var order: [Int] = []
    order.reserveCapacity(books.count)
    var next = 0
    for moved in replacements.keys.sorted(by: { precedes(books[$0], books[$1]) }) {
      var (low, high) = (next, kept.count)
      while low < high {
        let middle = (low + high) / 2
        if precedes(books[kept[middle]], books[moved]) { low = middle + 1 } else { high = middle }
      }
      order += kept[next..<low]
      order.append(moved)
      next = low
    }
    order += kept[next...]
    SiteModel.permute(&books, by: order)
    var newIndex = [Int](repeating: 0, count: order.count)
    for (index, was) in order.enumerated() { newIndex[was] = index }
    var taxonomies = self.taxonomies
    for kind in taxonomies.keys {
      for term in taxonomies[kind]!.terms.indices {
        taxonomies[kind]!.terms[term].books = taxonomies[kind]!.terms[term].books.map { newIndex[$0] }
          .sorted()
      }
    }
    let lists = Lists(books: books, catalog: catalog, apiOrder: apiOrder)
    let slugs = SiteModel.slugs(of: books)
    let model = SiteModel(
      books: consume books, slugs: slugs, taxonomies: taxonomies, bookTerms: order.map { bookTerms[$0] },
      lists: lists, catalog: catalog)
    return (model, order)
  }

  /// Whether a book of title key `a` and id `aID` comes before one of `b` and `bID` in
  /// all-books order. Keys compare by bytes; equal ones (as `String`s: canonically equivalent)
  /// by id. Keys of different bytes are surely unequal when both are ASCII (`bothASCII`), which
  /// spares most comparisons the `String` equality, which normalises non-ASCII text.
  static func precedes(_ a: CollationKey, _ aID: String, _ b: CollationKey, _ bID: String, bothASCII: Bool)
    -> Bool
  {
    let order = CollationKey.compare(a, b)
    if order == 0 || !bothASCII && a == b { return aID < bID }
    return order < 0
  }

  /// Puts `book` in place of book `index`, keeping its slug: for a book whose every field the
  /// lists and indexes are made from is unchanged (`bookgen serve`, after an owner's note was
  /// edited), so its place in them is the same.
  mutating func replaceBook(at index: Int, with book: Book) {
    var book = book
    book.slug = books[index].slug
    books[index] = book
  }

  /// Whether term `index` of `kind` has a page: its kind's pages are built and it has at least
  /// `indexMinBooks` books (a category counts its subcategories' books); a tag, the owner's
  /// own, always has one.
  func hasPage(_ kind: TaxonomyKind, _ index: Int) -> Bool {
    indexPages.contains(kind)
      && (kind == .tag || (taxonomies[kind]?.terms[index].books.count ?? 0) >= indexMinBooks)
  }

  /// The books term `index`'s page lists: a category's own (`categoryListings`), any other
  /// term's every book.
  func listedBooks(_ kind: TaxonomyKind, _ index: Int) -> [Int] {
    kind == .category && index < categoryListings.count
      ? categoryListings[index] : taxonomies[kind]!.terms[index].books
  }

  /// Each book is listed on the deepest category of each of its trails that has a page.
  static func categoryListings(terms: [Term], bookTerms: [BookTerms], minBooks: Int) -> [[Int]] {
    var listings = [[Int]](repeating: [], count: terms.count)
    for book in bookTerms.indices {
      for trail in bookTerms[book].categories {
        guard let deepest = trail.last(where: { terms[$0].books.count >= minBooks }) else { continue }
        // A book on two trails ending at the same page is listed once (its appends are adjacent).
        if listings[deepest].last != book { listings[deepest].append(book) }
      }
    }
    return listings
  }

  /// The sources the books' data comes from (the owner's catalog aside), Google Books and Open
  /// Library first: what the footer credits.
  var sources: [BookSource] {
    // Gathered by chunks of books on every core (each book's records are a cache miss away),
    // then in chunk order: the last book naming a source gives its value, as one loop would.
    let chunkSize = 2048
    let chunks = Parallel.map(count: (books.count + chunkSize - 1) / chunkSize, minimumChunk: 1) { chunk in
      var seen: [String: BookSource] = [:]
      for index in chunk * chunkSize..<min(books.count, (chunk + 1) * chunkSize) {
        for record in books[index].record.provenance.records where record.source.id != BookSource.owner.id {
          seen[record.source.id] = record.source
        }
      }
      return seen
    }
    var seen: [String: BookSource] = [:]
    for chunk in chunks { seen.merge(chunk) { _, later in later } }
    let rank = ["google-books": 0, "open-library": 1]
    return seen.values.sorted { (rank[$0.id] ?? 2, $0.id) < (rank[$1.id] ?? 2, $1.id) }
  }

  /// The owner's entry and its key: by the book's id first, then (unless `matchingISBNs` is
  /// false: no entry is keyed by an ISBN) by any of its ISBNs.
  static func entry(for record: BookRecord, in entries: [String: BookEntry], matchingISBNs: Bool = true) -> (
    key: String, entry: BookEntry
  )? {
    if let entry = entries[record.id] { return (record.id, entry) }
    guard matchingISBNs else { return nil }
    for isbn in record.matchingISBNs {
      if let entry = entries[isbn] { return (isbn, entry) }
    }
    return nil
  }

  /// Whether `key` could be one of `BookRecord.matchingISBNs`, which are 13 ASCII digits.
  static func mayBeISBN13(_ key: String) -> Bool {
    key.utf8.count == 13 && key.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
  }

  /// Reorders `array` so that `array[k]` is the element that was at `order[k]` (a permutation
  /// of its indices), by swaps: elements are moved, never copied (a copy of a book retains its
  /// parts, and letting go of the originals releases them again).
  static func permute<Element>(_ array: inout [Element], by order: [Int]) {
    var placed = [Bool](repeating: false, count: order.count)
    array.withUnsafeMutableBufferPointer { elements in
      for start in order.indices where !placed[start] {
        // Follows the cycle through `start`: each swap puts one element in its place.
        var slot = start
        while true {
          placed[slot] = true
          let source = order[slot]
          if source == start { break }
          elements.swapAt(slot, source)
          slot = source
        }
      }
    }
  }

  /// What the model lists that does not need the indexes: made while they are built.
  private struct Lists: Sendable {
    let collections: [CollectionEntry]
    let shelves: [ShelfEntry]
    let series: [SeriesEntry]
    let seriesPlaces: [SeriesPlace?]
    let recentlyPublished: [Int]

    /// The lists of `books` (in all-books order); `apiOrder`: each collection's book ids.
    init(books: [Book], catalog: Catalog, apiOrder: [[String]]) {
      // Indices, not `enumerated()`: iterating would copy every (large) Book value.
      let position = Dictionary(uniqueKeysWithValues: books.indices.map { (books[$0].id, $0) })
      collections = catalog.collections.enumerated().map { index, collection in
        let members = apiOrder[index].compactMap { position[$0] }
        return CollectionEntry(
          title: collection.title, slug: collection.slug, description: collection.description,
          books: BookSorting.sort(members, by: collection.sort, in: books))
      }
      shelves = ReadingLists.shelves(books: books, declared: catalog.shelves)
      (series, seriesPlaces) = ReadingLists.series(books: books)
      let dated = books.indices.filter { books[$0].date != nil }
      recentlyPublished = BookSorting.sort(dated, by: .date, in: books)
    }
  }

  /// `title-words-<id>`: readable, and unique because ids are; collisions after making
  /// ids path-safe (or differing only in case) get `-2`, `-3` in all-books order.
  static func slugs(of books: [Book]) -> [String] {
    var allocator = SlugAllocator(capacity: books.count)
    return books.indices.map { allocator.allocate(books[$0].preferredSlug) }
  }
}
