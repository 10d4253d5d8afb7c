import Catalog
import Foundation
import GoogleBooks
import Testing

@testable import Site

/// Which index pages a site gets without asking (a 100,000-book site with every default
/// page type must fit GitHub Pages' 1 GB), and where a book links a term that has no page.
@Suite struct IndexPageDefaultsTests {
  /// Solo Writer has one book; Pair Writer two. Categories: Fiction / Science Fiction (two
  /// books), Fiction / Poetry (one), Fiction itself (one).
  static func volumes(soloAuthorOfB: Bool = false) -> [Volume] {
    [
      volume("idA", "Alpha", author: "Solo Writer", category: "Fiction / Poetry"),
      volume("idB", "Beta", author: soloAuthorOfB ? "Solo Writer" : "Pair Writer", category: "Fiction"),
      volume("idC", "Gamma", author: "Pair Writer", category: "Fiction / Science Fiction"),
      volume("idD", "Delta", author: "Pair Writer", category: "Fiction / Science Fiction"),
    ]
  }

  static func volume(_ id: String, _ title: String, author: String, category: String) -> Volume {
    var volume = Fixtures.volume(
      id, title: title, authors: [author], date: "2001", categories: [category], publisher: "Press")
    // Stable within the test process, and different whenever the data differs (as the decoder's).
    volume.sourceDigest = UInt64(bitPattern: Int64(String(reflecting: volume).hashValue))
    return volume
  }

  /// A site with the catalog's defaults except what `site` changes.
  static func build(
    _ output: String, volumes: [Volume] = volumes(), site: (inout SiteSettings) -> Void = { _ in }
  ) async throws {
    var catalog = Fixtures.catalog([Fixtures.collection("shelf")])
    catalog.site = SiteSettings(title: "Shelf", baseURL: "https://example.org/")
    site(&catalog.site)
    _ = try await SiteBuilder(
      catalog: catalog, collections: [SiteInput.Collection(slug: "shelf", volumes: volumes)],
      options: BuildOptions(
        jobs: 2, outputDirectory: output, workingDirectory: NSTemporaryDirectory(),
        fingerprint: BuildFingerprint(value: UUID().uuidString))
    ).build()
  }

  static func page(_ output: String, _ path: String) throws -> String {
    try String(contentsOfFile: output + "/" + path, encoding: .utf8)
  }

  @Test func theDefaultIndexPagesAreAuthorsAndCategories() async throws {
    let root = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    try await Self.build(root + "/public")
    let folders = Set(Fixtures.files(in: root + "/public").compactMap { $0.split(separator: "/").first })
    #expect(folders.isSuperset(of: ["authors", "categories"]))
    #expect(folders.isDisjoint(with: ["publishers", "years", "languages"]))
    // The publisher is named, not linked (as before for a kind left out of `index_pages`).
    #expect(try Self.page(root + "/public", "books/gamma-idC/index.html").contains("<dd>Press</dd>"))
  }

  /// A page listing one book the reader is already on says nothing: the name is plain text,
  /// as on the search page, which never links authors.
  @Test func aOneBookAuthorHasNoPageAndTheBookNamesThemWithoutALink() async throws {
    let root = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let output = root + "/public"
    try await Self.build(output)
    let files = Fixtures.files(in: output)
    #expect(files.contains("authors/pair-writer/index.html"))
    #expect(!files.contains { $0.hasPrefix("authors/solo-writer") })
    let alpha = try Self.page(output, "books/alpha-idA/index.html")
    #expect(alpha.contains("<li>Solo Writer</li>"))
    #expect(!alpha.contains("solo-writer"))
    // JSON-LD: the author without a url.
    #expect(alpha.contains("\"author\":[{\"@type\":\"Person\",\"name\":\"Solo Writer\"}]"))
    let gamma = try Self.page(output, "books/gamma-idC/index.html")
    #expect(gamma.contains("<li><a href=\"/authors/pair-writer/\">Pair Writer</a></li>"))
    #expect(!(try Self.page(output, "sitemap.xml")).contains("solo-writer"))
  }

  @Test func indexMinBooksOneGivesEveryTermAPage() async throws {
    let root = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let output = root + "/public"
    try await Self.build(output) { $0.indexMinBooks = 1 }
    #expect(Fixtures.files(in: output).contains("authors/solo-writer/index.html"))
    #expect(
      try Self.page(output, "books/alpha-idA/index.html").contains(
        "<li><a href=\"/authors/solo-writer/\">Solo Writer</a></li>"))
  }

  /// Fiction lists Beta (filed under Fiction itself) and Alpha (under Poetry, too small for a
  /// page), links Science Fiction, whose page lists Gamma and Delta, and names Poetry.
  @Test func aCategoryPageListsItsOwnBooksAndLinksItsSubcategories() async throws {
    let root = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let output = root + "/public"
    try await Self.build(output)
    let fiction = try Self.page(output, "categories/fiction/index.html")
    #expect(fiction.contains("<p class=\"count\">4 books</p>"))
    #expect(fiction.contains("books/alpha-idA/") && fiction.contains("books/beta-idB/"))
    #expect(!fiction.contains("books/gamma-idC/") && !fiction.contains("books/delta-idD/"))
    #expect(
      fiction.contains(
        "<li><a href=\"/categories/fiction-science-fiction/\">Science Fiction <span class=\"count\">2 books</span></a></li>"
      ))
    #expect(fiction.contains("<li><span>Poetry <span class=\"count\">1 book</span></span></li>"))
    let science = try Self.page(output, "categories/fiction-science-fiction/index.html")
    #expect(science.contains("books/gamma-idC/") && science.contains("books/delta-idD/"))
    #expect(!Fixtures.files(in: output).contains { $0.hasPrefix("categories/fiction-poetry") })
    // Alpha's trail links Fiction and names Poetry.
    let alpha = try Self.page(output, "books/alpha-idA/index.html")
    #expect(
      alpha.contains(
        "<ol class=\"trail\"><li><a href=\"/categories/fiction/\">Fiction</a></li><li>Poetry</li></ol>"))
  }

  /// Every book is in a collection's feed: the feed of all books is there only when asked for.
  @Test func theOPDSCatalogHasNoFeedOfAllBooksUnlessAskedFor() async throws {
    let root = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    try await Self.build(root + "/lean")
    let lean = Fixtures.files(in: root + "/lean")
    #expect(lean.contains("opds/collections/shelf/index.xml"))
    #expect(!lean.contains { $0.hasPrefix("opds/books/") })
    let navigation = try Self.page(root + "/lean", "opds/index.xml")
    #expect(!navigation.contains("opds/books/"))
    #expect(navigation.contains("https://example.org/opds/collections/shelf/index.xml"))
    try await Self.build(root + "/all") { $0.opdsAllBooks = true }
    #expect(Fixtures.files(in: root + "/all").contains("opds/books/index.xml"))
    #expect(
      try Self.page(root + "/all", "opds/index.xml").contains("https://example.org/opds/books/index.xml"))
  }

  /// A rebuild renders again the pages of an author's books when the author gains a page (the
  /// book's own data did not change; its link did).
  @Test func aTermThatGainsAPageIsLinkedAfterARebuild() async throws {
    let root = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let output = root + "/public"
    try await Self.build(output)
    #expect(!(try Self.page(output, "books/alpha-idA/index.html")).contains("solo-writer"))
    try await Self.build(output, volumes: Self.volumes(soloAuthorOfB: true))
    #expect(
      try Self.page(output, "books/alpha-idA/index.html").contains(
        "<li><a href=\"/authors/solo-writer/\">Solo Writer</a></li>"))
    #expect(Fixtures.files(in: output).contains("authors/solo-writer/index.html"))
  }
}
