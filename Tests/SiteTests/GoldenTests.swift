import Foundation
import Testing

@testable import Site

/// Whole pages compared byte for byte with files under `Golden/` (`GoldenFile`).
@Suite struct GoldenTests {
  static func build(language: String = "en") async throws -> (root: String, output: String) {
    let root = try Fixtures.temporaryDirectory()
    let output = root + "/public"
    _ = try await SiteBuilder(
      catalog: GoldenSite.catalog(language: language), collections: GoldenSite.collections,
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
    let actual = try #require(FileManager.default.contents(atPath: output + "/" + page), "no page \(page)")
    try GoldenFile.check(actual, golden: golden, what: page)
  }
}
