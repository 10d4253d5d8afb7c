import BookRecord
import Catalog

/// A tiny site with every field filled in (and a book with none), whose page contexts show
/// the template linter every field each page type can offer.
enum SampleSite {
  static let source = BookSource(id: "sample", name: "Sample source")

  static let richRecord: BookRecord = {
    var record = BookRecord(
      id: "sampleRich01",
      source: SourceRecord(source: source, id: "sampleRich01", url: "https://books.google.com/c"))
    record.title = "Sample"
    record.subtitle = "A subtitle"
    record.authors = ["An Author", "Another Author"]
    record.publisher = "A Publisher"
    record.published = BookDate(year: 2019, month: 3, day: 5)
    record.description = "<p>A description.</p>"
    record.identifiers = [BookIdentifier(.isbn13, "9780306406157")]
    record.pageCount = 320
    record.categories = ["Fiction / Science Fiction / General"]
    record.rating = Rating(average: 4.5, count: 12)
    record.language = "en"
    record.covers = CoverLinks(
      smallThumbnail: "https://books.google.com/s", thumbnail: "https://books.google.com/t",
      small: "https://books.google.com/m")
    record.previewLink = "https://books.google.com/p"
    record.readerLink = "https://play.google.com/r"
    record.sale = Sale(
      saleability: .forSale, listPrice: Price(amount: 450, currencyCode: "TWD"),
      retailPrice: Price(amount: 356, currencyCode: "TWD"), buyLink: "https://play.google.com/b")
    record.isPublicDomain = true
    record.firstPublished = BookDate(year: 1965)
    // A second source's record of the same book: the page credits both.
    var second = BookRecord(
      id: "OL1M",
      source: SourceRecord(source: secondSource, id: "OL1M", url: "https://openlibrary.org/books/OL1M"))
    second.subtitle = "Another subtitle"
    return record.enriched(with: second)
  }()

  static let secondSource = BookSource(id: "sample-second", name: "Second source")

  static let bareRecord = BookRecord(
    id: "sampleBare01", source: SourceRecord(source: source, id: "sampleBare01", url: "https://example.org/b")
  )

  /// The rich book's entry: every owner field set, `extra` with `extraNames`.
  static func richEntry(extraNames: Set<String>) -> BookEntry {
    var entry = BookEntry(note: "A note", tags: ["tag"])
    entry.status = .reading
    entry.rating = OwnerRating(halves: 9)
    entry.dateAdded = PartialDate(year: 2020, month: 1)
    entry.dateStarted = PartialDate(year: 2020, month: 2, day: 3)
    entry.datesRead = PartialDate(year: 2020, month: 3).map { [$0] } ?? []
    entry.readCount = 2
    entry.format = .paperback
    entry.owned = true
    entry.series = "A Series"
    entry.seriesNumber = SeriesNumber(parsing: "2")
    entry.shop = ShopFields(availability: .outOfStock)
    entry.links = [NamedLink(name: "Library", url: "https://example.org/library")]
    entry.extra = Dictionary(uniqueKeysWithValues: extraNames.map { ($0, "Sample") })
    return entry
  }

  static func catalog(extraNames: Set<String> = []) -> Catalog {
    var site = SiteSettings(
      title: "Sample", baseURL: "https://example.org/", description: "Intro", author: "Owner", booksPerPage: 1
    )
    // The cards and their snippet are made only when asked for: their fields still count.
    site.embedCards = true
    return Catalog(
      site: site,
      collections: [Collection(title: "Shelf", slug: "shelf", description: "About the shelf")],
      books: ["sampleRich01": richEntry(extraNames: extraNames)])
  }

  /// One context per page of the sample site, grouped by template name.
  static func contexts(extraNames: Set<String> = []) -> [String: [ContextValue]] {
    let catalog = catalog(extraNames: extraNames)
    let inputs = [SiteInput.Collection(slug: "shelf", records: [richRecord, bareRecord])]
    guard let model = try? SiteModel(catalog: catalog, collections: inputs),
      let urls = try? SiteURLs(baseURL: catalog.site.baseURL),
      var strings = try? UIStrings(language: .english)
    else { return [:] }
    strings.credit(model.sources)
    let pages = PageContexts(
      model: model, settings: catalog.site, urls: urls, strings: strings, customStylesheet: true)
    var result: [String: [ContextValue]] = [:]
    // The page of every collection is made only for a catalog with many: its fields still count.
    let collections = PageJob(kind: .collections, page: 1, path: PageJob.collectionsPath)
    for job in model.pageJobs(perPage: pages.perPage) + [collections] {
      result[job.template, default: []].append(pages.context(for: job))
    }
    return result
  }
}
