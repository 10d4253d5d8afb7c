import Catalog
import Foundation
import Testing

@testable import Site

/// The year-in-books pages, their JSON and the embeddable cards, built from `StatsSite`.
@Suite struct StatsPagesTests {
  static func build(_ catalog: Catalog = StatsSite.catalog()) async throws -> (root: String, output: String) {
    let root = try Fixtures.temporaryDirectory()
    let output = root + "/public"
    _ = try await SiteBuilder(
      catalog: catalog, collections: StatsSite.collections,
      options: BuildOptions(jobs: 2, outputDirectory: output, workingDirectory: NSTemporaryDirectory())
    ).build()
    return (root, output)
  }

  static func text(_ output: String, _ path: String) throws -> String {
    let data = try #require(FileManager.default.contents(atPath: output + "/" + path), "no \(path)")
    return String(decoding: data, as: UTF8.self)
  }

  @Test(arguments: [
    ("stats/index.html", "stats.html"),
    ("stats/2023/index.html", "stats-2023.html"),
    ("stats/stats.json", "stats.json"),
    ("stats/2023/stats.json", "stats-2023.json"),
    ("books/epsilon-StatsEpsil05/card.html", "card.html"),
  ])
  func fileMatchesGolden(page: String, golden: String) async throws {
    let (root, output) = try await Self.build()
    defer { try? FileManager.default.removeItem(atPath: root) }
    try GoldenFile.check(Self.text(output, page), golden: golden)
  }

  @Test func theJSONParsesWithItsKeysInOrder() async throws {
    let (root, output) = try await Self.build()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let overview = try Self.text(output, "stats/stats.json")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(overview.utf8)) as? [String: Any])
    #expect((object["years"] as? [Any])?.count == 2)
    #expect(overview.hasPrefix("{\"version\":1,\"totals\":{\"books\":6,\"distinctBooks\":5,\"pages\":1340,"))
    let year = try Self.text(output, "stats/2023/stats.json")
    #expect(
      year.hasPrefix("{\"version\":1,\"year\":2023,\"books\":5,\"pages\":1040,\"booksWithoutPageCount\":1,"))
    #expect(year.contains("\"averageRating\":3.13,"))
  }

  @Test func pagesAreLinkedAndInTheSitemapButCardsAreNot() async throws {
    let (root, output) = try await Self.build()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let home = try Self.text(output, "index.html")
    #expect(home.contains("<a class=\"more\" href=\"/shelf/stats/\">A year in books →</a>"))
    #expect(home.contains("<footer>\n<p class=\"wrap\"><a href=\"/shelf/stats/\">A year in books</a> · "))
    let sitemap = try Self.text(output, "sitemap.xml")
    #expect(sitemap.contains("<loc>https://example.org/shelf/stats/</loc>"))
    #expect(sitemap.contains("<loc>https://example.org/shelf/stats/2022/</loc>"))
    #expect(!sitemap.contains("card.html"))
    let card = try Self.text(output, "books/alpha-StatsAlpha01/card.html")
    #expect(card.contains("<meta name=\"robots\" content=\"noindex\">"))
  }

  @Test func noReadsNoStatsPagesNorLinks() async throws {
    var books = StatsSite.books
    for key in books.keys { books[key]?.datesRead = [] }
    let (root, output) = try await Self.build(StatsSite.catalog(cards: false, books: books))
    defer { try? FileManager.default.removeItem(atPath: root) }
    let files = Fixtures.files(in: output)
    #expect(!files.contains { $0.hasPrefix("stats/") })
    #expect(!files.contains { $0.hasSuffix("card.html") })
    #expect(try !Self.text(output, "index.html").contains("stats/"))
    #expect(try !Self.text(output, "books/alpha-StatsAlpha01/index.html").contains("iframe"))
  }

  /// A card is small and asks for nothing but its cover.
  @Test func cardsAreSmallAndSelfContained() async throws {
    let (root, output) = try await Self.build()
    defer { try? FileManager.default.removeItem(atPath: root) }
    for path in Fixtures.files(in: output) where path.hasSuffix("card.html") {
      let card = try Self.text(output, path)
      #expect(card.utf8.count < 3_072, "\(path) is \(card.utf8.count) bytes")
      #expect(!card.contains("<script"))
      #expect(!card.contains("stylesheet"))
      #expect(card.contains("target=\"_blank\" rel=\"noopener\""))
      #expect(card.contains("prefers-color-scheme:dark"))
    }
  }

  /// The snippet's values are escaped for the attribute, then the snippet for the page.
  @Test func theSnippetEscapesAHostileTitleAndAddress() async throws {
    let snippet = PageContexts.embedSnippet(
      cardURL: "https://example.org/a&b/books/x/card.html", title: "\"><script>alert('x')</script>")
    #expect(
      snippet
        == "<iframe src=\"https://example.org/a&amp;b/books/x/card.html\" title=\"&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;\" width=\"400\" height=\"140\" style=\"border:0;max-width:100%\" loading=\"lazy\"></iframe>"
    )
    var books = StatsSite.books
    var entry = books["StatsAlpha01"]!
    entry.overrides.title = "\"><script>alert(1)</script>"
    books["StatsAlpha01"] = entry
    var catalog = StatsSite.catalog(books: books)
    catalog.site.baseURL = "https://example.org/a&b/"
    let (root, output) = try await Self.build(catalog)
    defer { try? FileManager.default.removeItem(atPath: root) }
    let page = try Self.text(output, "books/script-alert-1-script-StatsAlpha01/index.html")
    #expect(
      page.contains(
        "<pre><code>&lt;iframe src=&quot;https://example.org/a&amp;amp;b/books/script-alert-1-script-StatsAlpha01/card.html&quot; title=&quot;&amp;quot;&amp;gt;&amp;lt;script&amp;gt;alert(1)&amp;lt;/script&amp;gt;&quot;"
      ))
    #expect(!page.contains("<script>alert"))
    let card = try Self.text(output, "books/script-alert-1-script-StatsAlpha01/card.html")
    #expect(!card.contains("<script>alert"))
    #expect(card.contains("&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"))
  }
}
