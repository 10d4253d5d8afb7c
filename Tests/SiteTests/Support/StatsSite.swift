import Catalog

@testable import GoogleBooks
@testable import Site

/// A small catalog of reads for the year-in-books tests: two years, a reread in another year
/// and one in the same year, a bare-year date, a book without a page count, an unrated and an
/// undated read, ties between authors, categories and the shortest books.
enum StatsSite {
  static func volume(
    _ id: String, _ title: String, authors: [String], pages: Int?, categories: [String]
  ) -> Volume {
    Volume(
      id: id,
      volumeInfo: VolumeInfo(
        title: title, authors: authors, pageCount: pages, categories: categories, language: "en"))
  }

  static let volumes = [
    volume("StatsAlpha01", "Alpha", authors: ["Ann Author"], pages: 300, categories: ["Fiction / Fantasy"]),
    volume("StatsBeta002", "Beta", authors: ["Bob Writer"], pages: nil, categories: ["Fiction / Fantasy"]),
    volume(
      "StatsGamma03", "Gamma", authors: ["Ann Author", "Cy Coauthor"], pages: 120, categories: ["History"]),
    volume("StatsDelta04", "Delta", authors: ["Bob Writer"], pages: 500, categories: ["History"]),
    volume("StatsEpsil05", "Epsilon", authors: ["Zed"], pages: 120, categories: ["Poetry"]),
    volume("StatsPhi0006", "Phi", authors: ["Zed"], pages: 90, categories: []),
    volume("StatsOmega07", "Omega", authors: ["Zed"], pages: 80, categories: []),
  ]

  static func entry(
    _ status: ReadingStatus?, dates: [String] = [], rating halves: Int? = nil, format: BookFormat? = nil
  ) -> BookEntry {
    var entry = BookEntry()
    entry.status = status
    entry.datesRead = dates.compactMap(PartialDate.init(parsing:))
    entry.rating = halves.flatMap(OwnerRating.init(halves:))
    entry.format = format
    return entry
  }

  static let books: [String: BookEntry] = [
    "StatsAlpha01": entry(.read, dates: ["2022-03-05", "2023-07"], rating: 9, format: .paperback),
    "StatsBeta002": entry(.read, dates: ["2023"], rating: 6, format: .ebook),
    // Read twice in 2023: once, in November.
    "StatsGamma03": entry(.read, dates: ["2023-02", "2023-11-20"]),
    "StatsDelta04": entry(.read, dates: ["2023-11-01"], rating: 9, format: .paperback),
    "StatsEpsil05": entry(.read, dates: ["2023-12"], rating: 1),
    "StatsPhi0006": entry(.read),
    "StatsOmega07": entry(.toRead),
  ]

  static func catalog(cards: Bool = true, books: [String: BookEntry] = StatsSite.books) -> Catalog {
    var catalog = Catalog(
      site: SiteSettings(title: "Reads", baseURL: "https://example.org/shelf/"),
      collections: [Collection(title: "Shelf", slug: "shelf")], books: books)
    catalog.site.embedCards = cards
    return catalog
  }

  static let collections = [SiteInput.Collection(slug: "shelf", volumes: volumes)]

  static func model(books: [String: BookEntry] = StatsSite.books) throws -> SiteModel {
    try SiteModel(catalog: catalog(books: books), collections: collections)
  }
}
