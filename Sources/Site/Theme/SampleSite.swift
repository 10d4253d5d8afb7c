import Catalog
import GoogleBooks

/// A tiny site with every field filled in (and a book with none), whose page contexts show
/// the template linter every field each page type can offer.
enum SampleSite {
  static let richVolume = Volume(
    id: "sampleRich01",
    volumeInfo: VolumeInfo(
      title: "Sample", subtitle: "A subtitle", authors: ["An Author", "Another Author"],
      publisher: "A Publisher",
      publishedDate: "2019-03-05", description: "<p>A description.</p>",
      industryIdentifiers: [IndustryIdentifier(type: "ISBN_13", identifier: "9780306406157")], pageCount: 320,
      categories: ["Fiction / Science Fiction / General"], averageRating: 4.5, ratingsCount: 12,
      language: "en",
      imageLinks: ImageLinks(
        smallThumbnail: "https://books.google.com/s", thumbnail: "https://books.google.com/t",
        small: "https://books.google.com/m"),
      previewLink: "https://books.google.com/p", canonicalVolumeLink: "https://books.google.com/c"),
    saleInfo: SaleInfo(
      saleability: "FOR_SALE", listPrice: Price(amount: 450, currencyCode: "TWD"),
      retailPrice: Price(amount: 356, currencyCode: "TWD"), buyLink: "https://play.google.com/b"),
    accessInfo: AccessInfo(publicDomain: true, webReaderLink: "https://play.google.com/r"))

  static let bareVolume = Volume(id: "sampleBare01")

  static var catalog: Catalog {
    Catalog(
      site: SiteSettings(
        title: "Sample", baseURL: "https://example.org/", description: "Intro", author: "Owner",
        booksPerPage: 1),
      collections: [Collection(title: "Shelf", slug: "shelf", description: "About the shelf")],
      books: ["sampleRich01": BookEntry(note: "A note", tags: ["tag"])])
  }

  /// One context per page of the sample site, grouped by template name.
  static func contexts() -> [String: [ContextValue]] {
    let catalog = catalog
    let inputs = [SiteInput.Collection(slug: "shelf", volumes: [richVolume, bareVolume])]
    guard let model = try? SiteModel(catalog: catalog, collections: inputs),
      let urls = try? SiteURLs(baseURL: catalog.site.baseURL),
      let strings = try? UIStrings(language: .english)
    else { return [:] }
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
