import Foundation
import Testing

@testable import Site

/// `bookgen serve` renders again only the pages that read a changed book: every read of a book
/// by the page code must go through the accessors that record it (`BookReads`).
@Suite struct BookReadsTests {
  private static let sources = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/Site")

  @Test func pageCodeReadsBooksOnlyThroughTheRecordingAccessors() throws {
    let pages =
      try FileManager.default.contentsOfDirectory(atPath: Self.sources.path + "/Pages")
      .filter { $0.hasSuffix(".swift") }.map { "Pages/" + $0 } + ["Discovery/SEOHead.swift"]
    #expect(pages.count > 5)
    // The accessors themselves, and what is made once for the whole site, not per page.
    let allowed = [
      "return model.books[index]", "return facts[index]",
      "guard let code = model.books[index].language, languageNames[code] == nil",
      "if case .book(let index) = job.kind { return facts[index].pageURL }",
    ]
    for file in pages {
      let text = try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
      for line in text.split(separator: "\n") where line.contains("model.books[") || line.contains("facts[") {
        let code = line.trimmingCharacters(in: .whitespaces)
        guard !code.hasPrefix("//") else { continue }
        #expect(allowed.contains(where: code.contains), "\(file): \(code)")
      }
    }
  }

  @Test func aRenderedPageRecordsTheBooksItRead() throws {
    let model = try DiscoveryFixture.model()
    let contexts = PageContexts(
      model: model, settings: DiscoveryFixture.catalog().site,
      urls: try SiteURLs(baseURL: "https://me.github.io/books/"), strings: try UIStrings(language: .english))
    let reads = BookReads()
    BookReads.$current.withValue(reads) {
      // The card reads its book when made, and the book's facts when its `href` is read.
      _ = contexts.card(1).members
      _ = contexts.seo.facts(of: 0)
    }
    #expect(reads.indices == [1, 1, 0])
    // Outside a recorded render, nothing is kept.
    _ = contexts.card(0)
    #expect(reads.indices == [1, 1, 0])
  }
}
