import BookRecord
import Support

/// The owner's reading year by year, from each book's `date_read` list: what `/stats/` and
/// `/stats/<year>/` show and `stats.json` holds.
///
/// A book counts once in every year it has a `date_read` in (read twice in one year, once), in
/// the month of its last reading that year; a date of only a year (`2019`) counts for the year
/// and its month is unknown. Its pages, rating and format count with it in each such year.
struct ReadingStats: Sendable, Equatable {
  /// A term (author, category) and how many of the year's books it has.
  struct Count: Sendable, Equatable {
    /// Index into the kind's `Taxonomy.terms`.
    let term: Int
    let books: Int
  }

  struct Year: Sendable, Equatable {
    let year: Int
    /// Indices into `SiteModel.books`, in all-books order, with the date each counts at.
    let books: [Int]
    let dates: [BookDate]
    /// Sum of the page counts of `books` that have one.
    let pages: Int
    let withoutPageCount: Int
    /// Books per month, January first; books whose date has no month are `monthUnknown`.
    let months: [Int]
    let monthUnknown: Int
    /// Books per rating in halves: `ratings[0]` is 0.5, `ratings[9]` is 5.
    let ratings: [Int]
    let unrated: Int
    /// The mean of the ratings given, nil when none was.
    let averageRating: Double?
    /// Books per format (`BookFormat` order: hardcover first), zero counts left out.
    let formats: [FormatCount]
    let formatUnknown: Int
    /// At most `topCount`, most books first, then by name (`CollationKey`).
    let topAuthors: [Count]
    let topCategories: [Count]
    /// The books with the most and fewest pages (the first in all-books order among equals).
    let longest: Int?
    let shortest: Int?
  }

  /// A format and how many of the year's books have it.
  struct FormatCount: Sendable, Equatable {
    let format: String
    let books: Int
  }

  /// Years with at least one read, oldest first.
  let years: [Year]
  /// Books with any `date_read`.
  let distinctBooks: Int
  /// Books on the `read` shelf without a `date_read`, which no year counts.
  let readWithoutDate: Int

  /// How many authors and categories a year lists.
  static let topCount = 5
  /// The formats in the order pages list them when their counts tie.
  static let formatOrder = ["hardcover", "paperback", "ebook", "audiobook", "other"]

  /// `4.67`, `5`: an average rating to two decimals, without trailing zeros (pages and JSON).
  static func ratingText(_ value: Double) -> String {
    var text = NumberText.decimal(value, fractionDigits: 2)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }

  var totalBooks: Int { years.reduce(0) { $0 + $1.books.count } }
  var totalPages: Int { years.reduce(0) { $0 + $1.pages } }

  /// The statistics of `books` (in all-books order), whose terms are `terms`; nil when no book
  /// has a `date_read`.
  init?(books: [Book], terms: [BookTerms], taxonomies: [TaxonomyKind: Taxonomy]) {
    var byYear: [Int: [(book: Int, date: BookDate)]] = [:]
    var distinct = 0
    var undated = 0
    for index in books.indices {
      guard let reading = books[index].reading else { continue }
      if reading.datesRead.isEmpty {
        if reading.status == "read" { undated += 1 }
        continue
      }
      distinct += 1
      // The last reading of each year: the latest date, a dated month before a bare year.
      var latest: [Int: BookDate] = [:]
      for date in reading.datesRead where latest[date.year].map({ $0 < date }) ?? true {
        latest[date.year] = date
      }
      for (year, date) in latest { byYear[year, default: []].append((index, date)) }
    }
    guard distinct > 0 else { return nil }
    years = byYear.keys.sorted().map { year in
      let reads = byYear[year]!.sorted { $0.book < $1.book }
      return ReadingStats.year(year, reads: reads, books: books, terms: terms, taxonomies: taxonomies)
    }
    distinctBooks = distinct
    readWithoutDate = undated
  }

  private static func year(
    _ year: Int, reads: [(book: Int, date: BookDate)], books: [Book], terms: [BookTerms],
    taxonomies: [TaxonomyKind: Taxonomy]
  ) -> Year {
    var pages = 0
    var withoutPages = 0
    var months = [Int](repeating: 0, count: 12)
    var monthUnknown = 0
    var ratings = [Int](repeating: 0, count: 10)
    var ratingSum = 0.0
    var unrated = 0
    var formats: [String: Int] = [:]
    var formatUnknown = 0
    var authors: [Int: Int] = [:]
    var categories: [Int: Int] = [:]
    var longest: Int?
    var shortest: Int?
    for (index, date) in reads {
      let book = books[index]
      if let count = book.pageCount {
        pages += count
        if longest.map({ books[$0].pageCount! < count }) ?? true { longest = index }
        if shortest.map({ books[$0].pageCount! > count }) ?? true { shortest = index }
      } else {
        withoutPages += 1
      }
      if let month = date.month { months[month - 1] += 1 } else { monthUnknown += 1 }
      if let rating = book.reading?.rating, let half = Int(exactly: rating * 2), (1...10).contains(half) {
        ratings[half - 1] += 1
        ratingSum += rating
      } else {
        unrated += 1
      }
      if let format = book.reading?.format { formats[format, default: 0] += 1 } else { formatUnknown += 1 }
      for author in Set(terms[index].authors) { authors[author, default: 0] += 1 }
      for category in Set(terms[index].categories.compactMap(\.last)) {
        categories[category, default: 0] += 1
      }
    }
    let rated = reads.count - unrated
    let formatRank = { (name: String) in formatOrder.firstIndex(of: name) ?? formatOrder.count }
    return Year(
      year: year, books: reads.map(\.book), dates: reads.map(\.date), pages: pages,
      withoutPageCount: withoutPages, months: months, monthUnknown: monthUnknown, ratings: ratings,
      unrated: unrated, averageRating: rated > 0 ? ratingSum / Double(rated) : nil,
      formats: formats.sorted { a, b in
        a.value != b.value ? a.value > b.value : (formatRank(a.key), a.key) < (formatRank(b.key), b.key)
      }.map { FormatCount(format: $0.key, books: $0.value) },
      formatUnknown: formatUnknown,
      topAuthors: top(authors, in: taxonomies[.author]),
      topCategories: top(categories, in: taxonomies[.category]),
      longest: longest, shortest: shortest)
  }

  /// The `topCount` terms with the most books; ties by the term's full name as collated, then
  /// by its place (terms are unique by name, so the order is total).
  private static func top(_ counts: [Int: Int], in taxonomy: Taxonomy?) -> [Count] {
    guard let terms = taxonomy?.terms else { return [] }
    let keys = Dictionary(uniqueKeysWithValues: counts.keys.map { ($0, CollationKey(terms[$0].fullName)) })
    return counts.sorted { a, b in
      if a.value != b.value { return a.value > b.value }
      if keys[a.key]! != keys[b.key]! { return keys[a.key]! < keys[b.key]! }
      return a.key < b.key
    }.prefix(topCount).map { Count(term: $0.key, books: $0.value) }
  }
}
