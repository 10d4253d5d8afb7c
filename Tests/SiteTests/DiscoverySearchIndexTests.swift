import Foundation
import Testing

@testable import Site

@Suite struct DiscoverySearchIndexTests {
  @Test func indexIsCompactJSONWithEveryField() throws {
    let files = try DiscoveryFixture.render()
    let text = try #require(files["search-index.json"])
    let index = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(index["version"] as? Int == 1)
    #expect(
      index["fields"] as? [String] == [
        "title", "subtitle", "authors", "isbns", "categories", "collections", "url", "thumbnail",
      ])
    #expect(index["collections"] as? [String] == ["Science fiction", "台灣文學"])
    let categories = try #require(index["categories"] as? [String])
    let books = try #require(index["books"] as? [[Any]])
    #expect(books.count == 4)
    let dune = try #require(books.first { $0[0] as? String == "Dune" })
    #expect(dune[1] as? String == "Deluxe Edition")
    #expect(dune[2] as? [String] == ["Frank Herbert"])
    #expect(dune[3] as? [String] == ["9780441013593", "0441013597"])
    #expect((dune[4] as? [Int])?.map { categories[$0] } == ["Fiction / Science Fiction / General"])
    #expect(dune[5] as? [Int] == [0, 1])
    #expect((dune[6] as? String)?.hasPrefix("books/dune-") == true)
    // Google's standard small cover is stored as its id.
    #expect(dune[7] as? String == "B1ZdEAAAQBAJ")
    let bare = try #require(books.first { $0[0] as? String == "" })
    #expect(bare[7] as? String == "")
    #expect(!text.contains("<script>"))
  }

  @Test(arguments: [
    (
      "https://books.google.com/books/content?id=B1Zd-_AQBAJ&printsec=frontcover&img=1&zoom=1&source=gbs_api",
      "B1Zd-_AQBAJ"
    ),
    (
      "https://books.google.com/books/content?id=x&printsec=frontcover&img=1&zoom=1&imgtk=AF&source=gbs_api",
      "https://books.google.com/books/content?id=x&printsec=frontcover&img=1&zoom=1&imgtk=AF&source=gbs_api"
    ),
    ("https://example.org/cover.png", "https://example.org/cover.png"),
  ])
  func thumbnailsAreCompactedOnlyWhenTheTemplateRebuildsThem(url: String, stored: String) {
    #expect(SearchIndex.compactThumbnail(url) == stored)
    let rebuilt =
      stored.hasPrefix("https://")
      ? stored : SearchIndex.thumbnailTemplate.replacingOccurrences(of: "{id}", with: stored)
    #expect(rebuilt == url)
  }

  /// The sizes the issue asks us to report: 10,000 books with a title, half with a subtitle,
  /// one or two authors, two ISBNs, a category and a Google cover each.
  @Test func sizesForTenThousandBooks() throws {
    let volumes = DiscoveryFixture.volumes(10_000)
    let catalog = DiscoveryFixture.catalog()
    let model = try SiteModel(catalog: catalog, collections: [.init(slug: "sf", volumes: volumes)])
    let urls = try SiteURLs(baseURL: catalog.site.baseURL)
    let clock = ContinuousClock()
    let start = clock.now
    let files = DiscoveryFiles.render(
      model: model, jobs: model.pageJobs(perPage: 24), settings: catalog.site, urls: urls,
      strings: try UIStrings(language: .english), options: DiscoveryOptions())
    let elapsed = clock.now - start
    let sizes = Dictionary(files.map { ($0.path, $0.bytes.count) }, uniquingKeysWith: +)
    let opds = files.filter { $0.path.hasPrefix("opds/") }.reduce(0) { $0 + $1.bytes.count }
    print(
      "10,000 books: search-index.json \(sizes["search-index.json"]!) bytes, sitemap.xml \(sizes["sitemap.xml"]!) bytes,"
        + " feed.xml \(sizes["feed.xml"]!) bytes, OPDS \(files.filter { $0.path.hasPrefix("opds/") }.count) files"
        + " \(opds) bytes; all discovery files in \(elapsed)")
    let index = try #require(files.first { $0.path == "search-index.json" })
    // Proportional to the catalog: about 175 bytes per book here.
    #expect(index.bytes.count < 10_000 * 200)
    let parsed = try #require(JSONSerialization.jsonObject(with: Data(index.bytes)) as? [String: Any])
    #expect((parsed["books"] as? [Any])?.count == 10_000)
  }
}
