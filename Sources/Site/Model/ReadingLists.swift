import BookRecord
import Catalog
import Support

/// A shelf's page (`shelves/<slug>/`): a built-in status or one of the owner's `shelves:`.
struct ShelfEntry: Sendable, Equatable {
  /// As `status` writes it: `read`, `to-read`, `did-not-finish`.
  let slug: String
  /// The owner's title; nil for a built-in status, which its UI string names.
  let title: String?
  /// Markdown.
  let description: String?
  let sort: SortOrder
  /// Indices into `SiteModel.books`, in `sort` order.
  let books: [Int]
}

/// A series' page (`series/<slug>/`) and the books in it.
struct SeriesEntry: Sendable, Equatable {
  /// The spelling most of its books use (ties: the first in all-books order).
  let name: String
  let slug: String
  /// Indices into `SiteModel.books` in series order: by number (books without one last), then
  /// in all-books order.
  let books: [Int]
}

/// Where a book stands in its series: indices into `SiteModel.series` and its `books`.
struct SeriesPlace: Sendable, Equatable {
  let series: Int
  let position: Int
}

/// The shelves and series of the books, built once with the model.
enum ReadingLists {
  /// The shelves that hold books: the built-in statuses in `ReadingStatus.builtInSlugs` order,
  /// then the owner's in the order `shelves:` declares them. An empty shelf has no page.
  static func shelves(books: [Book], declared: [Shelf]) -> [ShelfEntry] {
    var members: [String: [Int]] = [:]
    for index in books.indices {
      if let slug = books[index].reading?.status { members[slug, default: []].append(index) }
    }
    // A declared entry with a built-in slug sets that shelf's order, title or description.
    let settings = Dictionary(declared.map { ($0.slug, $0) }) { first, _ in first }
    let builtIn = ReadingStatus.builtInSlugs.map { (slug: $0, shelf: settings[$0]) }
    let own = declared.filter { !ReadingStatus.builtInSlugs.contains($0.slug) }
    return (builtIn + own.map { (slug: $0.slug, shelf: Optional($0)) }).compactMap { slug, shelf in
      guard let shelved = members[slug] else { return nil }
      let sort = shelf?.sort ?? ReadingStatus(slug: slug).defaultSort
      let title = shelf.flatMap { $0.title.isEmpty ? nil : $0.title }
      return ShelfEntry(
        slug: slug, title: title, description: shelf?.description, sort: sort,
        books: BookSorting.sort(shelved, by: sort, in: books))
    }
  }

  /// Every series the books name, in name order, and each book's place in one (its index and
  /// the book's position there). Names that differ only in case, width or accents are one series.
  static func series(books: [Book]) -> (series: [SeriesEntry], places: [SeriesPlace?]) {
    var groups: [String: [(book: Int, spelling: String)]] = [:]
    for index in books.indices {
      guard let name = books[index].record.series?.name.trimmingWhitespace(), !name.isEmpty else { continue }
      let key = CollationKey.fold(name)
      groups[key, default: []].append((index, name))
    }
    let named = groups.map { key, members -> (key: String, name: String, order: CollationKey, books: [Int]) in
      var counts: [String: Int] = [:]
      var firstSeen: [String] = []
      for member in members {
        if counts[member.spelling] == nil { firstSeen.append(member.spelling) }
        counts[member.spelling, default: 0] += 1
      }
      // `max(by:)` keeps the first of equals: a tie goes to the spelling seen first.
      let name = firstSeen.max { counts[$0]! < counts[$1]! }!
      return (key, name, CollationKey(name, folded: key), members.map(\.book))
    }
    let sorted = named.sorted { a, b in
      let comparison = CollationKey.compare(a.order, b.order)
      return comparison != 0 ? comparison < 0 : a.key < b.key
    }
    var allocator = SlugAllocator()
    var series: [SeriesEntry] = []
    // Positions are stored, not searched for: a source's series may hold thousands of books.
    var places: [SeriesPlace?] = Array(repeating: nil, count: books.count)
    for entry in sorted {
      let preferred = Slug.make(entry.name)
      let slug = allocator.allocate(preferred.isEmpty ? Slug.hash(entry.name) : preferred)
      let ordered = seriesOrder(entry.books, in: books)
      for (position, book) in ordered.enumerated() {
        places[book] = SeriesPlace(series: series.count, position: position)
      }
      series.append(SeriesEntry(name: entry.name, slug: slug, books: ordered))
    }
    return (series, places)
  }

  /// By series number, books without one after those with one, then in all-books order.
  static func seriesOrder(_ members: [Int], in books: [Book]) -> [Int] {
    BookSorting.sorted(members, descending: false) { books[$0].record.series?.number }
  }
}

extension SiteModel {
  /// Where book `index` stands in its series: the series, its position there (0-based) and the
  /// books before and after it; nil for a book in no series.
  func seriesPlace(of index: Int) -> (series: Int, position: Int, previous: Int?, next: Int?)? {
    guard let place = seriesPlaces[index] else { return nil }
    let books = series[place.series].books
    let position = place.position
    return (
      place.series, position, position > 0 ? books[position - 1] : nil,
      position + 1 < books.count ? books[position + 1] : nil
    )
  }
}
