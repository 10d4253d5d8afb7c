import BookRecord
import Support

/// The year-in-books numbers as JSON, for reuse elsewhere: `stats/stats.json` (every year and
/// the totals) and `stats/<year>/stats.json` (one year), keys in a fixed order (the schema
/// is in docs/stats.md).
enum StatsJSON {
  static let overviewPath = SitePath(["stats"], fileName: "stats.json")
  static func yearPath(_ year: Int) -> SitePath { SitePath(["stats", String(year)], fileName: "stats.json") }

  /// Format version of both files: a field's meaning never changes without it.
  static let version = 1

  /// Every file, overview first; none when no book has a `date_read`.
  static func files(model: SiteModel, urls: SiteURLs) -> [DiscoveryFile] {
    guard let stats = model.readingStats else { return [] }
    let years = stats.years.map { year(of: $0, model: model, urls: urls) }
    let overview: JSONValue = .object([
      ("version", .int(version)),
      (
        "totals",
        .object([
          ("books", .int(stats.totalBooks)), ("distinctBooks", .int(stats.distinctBooks)),
          ("pages", .int(stats.totalPages)), ("readWithoutDate", .int(stats.readWithoutDate)),
        ])
      ),
      ("years", .array(years)),
    ])
    var files = [file(overviewPath, overview)]
    for (index, year) in stats.years.enumerated() {
      files.append(
        file(yearPath(year.year), .object([("version", .int(version))] + fields(of: years[index]))))
    }
    return files
  }

  private static func file(_ path: SitePath, _ value: JSONValue) -> DiscoveryFile {
    DiscoveryFile(
      path: path.relativeFilePath.joined(separator: "/"), bytes: Array((value.rendered() + "\n").utf8))
  }

  private static func fields(of value: JSONValue) -> [(String, JSONValue)] {
    if case .object(let fields) = value { return fields }
    return []
  }

  private static func year(of year: ReadingStats.Year, model: SiteModel, urls: SiteURLs) -> JSONValue {
    let books = model.books
    let counts = { (name: String, value: JSONValue, books: Int) -> JSONValue in
      .object([(name, value), ("books", .int(books))])
    }
    let top = { (counts: [ReadingStats.Count], kind: TaxonomyKind) -> JSONValue in
      let terms = model.taxonomies[kind]?.terms ?? []
      return .array(
        counts.map { .object([("name", .string(terms[$0.term].fullName)), ("books", .int($0.books))]) })
    }
    let book = { (index: Int) -> JSONValue in
      let book = books[index]
      return .object([
        ("id", .string(book.id)),
        ("title", .optional(book.title)),
        ("url", .string(urls.absolute(SitePath(["books", book.slug])))),
        ("pages", book.pageCount.map(JSONValue.int) ?? .null),
      ])
    }
    let months: [JSONValue] = (1...12).map { counts("month", .int($0), year.months[$0 - 1]) }
    let ratings: [JSONValue] = (1...10).map { half in
      counts("rating", .number(NumberText.shortest(Double(half) / 2)), year.ratings[half - 1])
    }
    let average: JSONValue = year.averageRating.map { .number(ReadingStats.ratingText($0)) } ?? .null
    let formats: [JSONValue] = year.formats.map { counts("format", .string($0.format), $0.books) }
    let reads: [JSONValue] = zip(year.books, year.dates).map { read(book($0), of: books[$0], on: $1) }
    var fields: [(String, JSONValue)] = [
      ("year", .int(year.year)), ("books", .int(year.books.count)), ("pages", .int(year.pages)),
      ("booksWithoutPageCount", .int(year.withoutPageCount)),
    ]
    fields.append(("months", .array(months)))
    fields.append(("monthUnknown", .int(year.monthUnknown)))
    fields.append(("ratings", .array(ratings)))
    fields.append(("unrated", .int(year.unrated)))
    fields.append(("averageRating", average))
    fields.append(("formats", .array(formats)))
    fields.append(("formatUnknown", .int(year.formatUnknown)))
    fields.append(("topAuthors", top(year.topAuthors, .author)))
    fields.append(("topCategories", top(year.topCategories, .category)))
    fields.append(("longest", year.longest.map(book) ?? .null))
    fields.append(("shortest", year.shortest.map(book) ?? .null))
    fields.append(("read", .array(reads)))
    return .object(fields)
  }

  /// One book of the year's `read` list: `book` (id, title, url, pages) and what the owner says.
  private static func read(_ book: JSONValue, of record: Book, on date: BookDate) -> JSONValue {
    let reading = record.reading
    let rating: JSONValue = reading?.rating.map { .number(NumberText.shortest($0)) } ?? .null
    var fields = fields(of: book)
    fields.append(("authors", .array(record.authors.map(JSONValue.string))))
    fields.append(("dateRead", .string(date.isoString)))
    fields.append(("rating", rating))
    fields.append(("format", .optional(reading?.format)))
    return .object(fields)
  }
}
