import Catalog
import Foundation
import Testing

@testable import Site

/// Whole pages compared byte for byte with files under `Golden/`.
///
/// A missing golden file is written and the test fails saying so, so that every recording is
/// reviewed; `BOOKGEN_RECORD_GOLDEN=1` rewrites them all (and fails the same way).
@Suite struct GoldenTests {
  static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent(
      "Golden")

  static func build(language: String = "en", site: (inout SiteSettings) -> Void = { _ in }) async throws -> (
    root: String, output: String
  ) {
    let root = try Fixtures.temporaryDirectory()
    let output = root + "/public"
    var catalog = GoldenSite.catalog(language: language)
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
    let actual = try #require(FileManager.default.contents(atPath: output + "/" + page), "no page \(page)")
    let goldenURL = GoldenTests.goldenDirectory.appendingPathComponent(golden)
    let record = ProcessInfo.processInfo.environment["BOOKGEN_RECORD_GOLDEN"] == "1"
    guard !record, let expected = FileManager.default.contents(atPath: goldenURL.path) else {
      try FileManager.default.createDirectory(
        at: GoldenTests.goldenDirectory, withIntermediateDirectories: true)
      try actual.write(to: goldenURL)
      Issue.record("recorded golden file Golden/\(golden); review it and run the tests again")
      return
    }
    #expect(
      actual == expected,
      "\(page) differs from Golden/\(golden); if the change is intended, rerun with BOOKGEN_RECORD_GOLDEN=1")
  }
}
