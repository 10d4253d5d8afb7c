import Catalog
import Foundation
import Testing

@testable import Site

/// Whole pages compared byte for byte with files under `Golden/` (`GoldenFile`).
@Suite struct GoldenTests {
  static func build(
    language: String = "en", reading: Bool = false, site: (inout SiteSettings) -> Void = { _ in }
  ) async throws -> (
    root: String, output: String
  ) {
    let root = try Fixtures.temporaryDirectory()
    let output = root + "/public"
    var catalog =
      reading ? GoldenSite.readingCatalog(language: language) : GoldenSite.catalog(language: language)
    site(&catalog.site)
    _ = try await SiteBuilder(
      catalog: catalog, collections: GoldenSite.collections,
      options: BuildOptions(jobs: 2, outputDirectory: output, workingDirectory: NSTemporaryDirectory())
    ).build()
    return (root, output)
  }

  @Test(arguments: [
    ("en", "index.html", "home.html"),
    ("en", "science-fiction/page/2/index.html", "collection-page-2.html"),
    ("en", "books/三體-ZZ00AbCdEf12/index.html", "book.html"),
    ("en", "books/OnlyAnId0001/index.html", "book-only-id.html"),
    ("zh-TW", "books/三體-ZZ00AbCdEf12/index.html", "book-zh-TW.html"),
    ("ja", "books/frankenstein-FrAnKeN_1818/index.html", "book-ja.html"),
    ("en", "categories/fiction-science-fiction/index.html", "category.html"),
  ])
  func pageMatchesGolden(language: String, page: String, golden: String) async throws {
    let (root, output) = try await GoldenTests.build(language: language)
    defer { try? FileManager.default.removeItem(atPath: root) }
    try GoldenTests.compare(output: output, page: page, golden: golden)
  }

  /// The owner's lists (`GoldenSite.readingCatalog`): a shelf page of two, the page of every
  /// shelf, a tag, a series (numbered books first, then the one without a number), a book's
  /// series line with the books either side and its shelf and tag links, and the home page's
  /// "currently reading".
  @Test(arguments: [
    ("en", "shelves/read/index.html", "shelf-read.html"),
    ("en", "shelves/index.html", "shelves.html"),
    ("en", "tags/科幻/index.html", "tag.html"),
    ("en", "series/sample-cycle/index.html", "series.html"),
    ("en", "books/三體-ZZ00AbCdEf12/index.html", "book-reading.html"),
    ("en", "index.html", "home-reading.html"),
    ("zh-TW", "books/三體-ZZ00AbCdEf12/index.html", "book-reading-zh-TW.html"),
  ])
  func readingPageMatchesGolden(language: String, page: String, golden: String) async throws {
    let (root, output) = try await GoldenTests.build(language: language, reading: true)
    defer { try? FileManager.default.removeItem(atPath: root) }
    try GoldenTests.compare(output: output, page: page, golden: golden)
  }

  static func compare(output: String, page: String, golden: String) throws {
    let actual = try #require(FileManager.default.contents(atPath: output + "/" + page), "no page \(page)")
    try GoldenFile.check(actual, golden: golden, what: page)
  }
}
