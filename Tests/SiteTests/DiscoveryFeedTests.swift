import Foundation
import Testing

@testable import Site

@Suite struct DiscoveryFeedTests {
  @Test func sitemapListsEveryPageButThe404SortedAndAbsolute() throws {
    let files = try DiscoveryFixture.render()
    let sitemap = XMLDocumentSummary(try #require(files["sitemap.xml"]))
    #expect(sitemap.error == nil)
    let locations = sitemap.texts("urlset", "url", "loc")
    #expect(locations == locations.sorted())
    #expect(locations.contains("https://me.github.io/books/"))
    #expect(locations.contains { $0.hasPrefix("https://me.github.io/books/books/dune-") })
    #expect(locations.contains("https://me.github.io/books/sf/"))
    #expect(locations.allSatisfy { $0.hasPrefix("https://me.github.io/books/") })
    #expect(!locations.contains { $0.hasSuffix("404.html") })
    #expect(sitemap.all("lastmod").isEmpty)
    #expect(sitemap.all("urlset").first?.namespace == "http://www.sitemaps.org/schemas/sitemap/0.9")
  }

  @Test func sitemapBecomesAnIndexPastTheLimit() throws {
    var options = DiscoveryOptions(sourceDateEpoch: 1_700_000_000)
    options.sitemapLimit = 4
    let files = try DiscoveryFixture.render(options: options)
    let index = XMLDocumentSummary(try #require(files["sitemap.xml"]))
    let parts = index.texts("sitemapindex", "sitemap", "loc")
    // Every page but the 404 and search pages.
    let pageCount = try DiscoveryFixture.model().pageJobs(perPage: 24).count - 2
    #expect(parts.count == (pageCount + 3) / 4)
    #expect(parts.first == "https://me.github.io/books/sitemap-1.xml")
    #expect(index.texts("sitemap", "lastmod").allSatisfy { $0 == "2023-11-14" })
    var total: [String] = []
    for number in 1...parts.count {
      let part = XMLDocumentSummary(try #require(files["sitemap-\(number).xml"]))
      #expect(part.error == nil)
      let locations = part.texts("url", "loc")
      #expect(locations.count <= 4)
      total += locations
    }
    #expect(total.count == pageCount)
    #expect(total == total.sorted())
  }

  @Test func robotsNamesTheAbsoluteSitemapAndNoJekyllExists() throws {
    let files = try DiscoveryFixture.render()
    #expect(
      files["robots.txt"] == "User-agent: *\nAllow: /\n\nSitemap: https://me.github.io/books/sitemap.xml\n")
    #expect(files[".nojekyll"] == "")
  }

  @Test func catalogFeedIsAtomWithTheRequiredElements() throws {
    let files = try DiscoveryFixture.render()
    let feed = XMLDocumentSummary(try #require(files["feed.xml"]))
    #expect(feed.error == nil)
    #expect(feed.elements.first?.name == "feed")
    #expect(feed.elements.first?.namespace == "http://www.w3.org/2005/Atom")
    #expect(feed.texts("feed", "id") == ["https://me.github.io/books/feed.xml"])
    #expect(feed.texts("feed", "title") == ["Ann's Shelf"])
    #expect(feed.texts("feed", "subtitle") == ["Books I love."])
    // Deterministic: the newest publication date, never the clock.
    #expect(feed.texts("feed", "updated") == ["2019-10-01T00:00:00Z"])
    #expect(feed.texts("feed", "author", "name") == ["Ann"])
    let links = feed.all("feed", "link").map { [$0.attributes["rel"] ?? "", $0.attributes["href"] ?? ""] }
    #expect(
      links == [
        ["self", "https://me.github.io/books/feed.xml"], ["alternate", "https://me.github.io/books/"],
      ])
    let entries = feed.all("feed", "entry")
    #expect(entries.count == 4)
    // Newest first, undated last.
    #expect(feed.texts("entry", "title").first == "Dune")
    #expect(feed.texts("entry", "title").last == "bare-id")
    #expect(feed.texts("entry", "id").count == 4)
    #expect(feed.texts("entry", "updated").count == 4)
    #expect(
      feed.all("entry", "link").allSatisfy {
        $0.attributes["rel"] == "alternate"
          && $0.attributes["href"]!.hasPrefix("https://me.github.io/books/books/")
      })
    #expect(feed.texts("entry", "summary").first == "Set on the desert planet Arrakis.")
    #expect(feed.all("entry", "category").first?.attributes["term"] == "Fiction / Science Fiction / General")
    #expect(feed.all("entry", "category").first?.attributes["label"] == "General")
    #expect(feed.texts("entry", "author", "name").first == "Frank Herbert")
    // What Atom's defaults say is left out: a summary's type (text) and a label that is the term.
    #expect(feed.all("entry", "summary").allSatisfy { $0.attributes["type"] == nil })
    #expect(
      feed.all("entry", "category").allSatisfy { $0.attributes["label"] != $0.attributes["term"] })
    #expect(feed.all("entry", "category").contains { $0.attributes == ["term": "Fiction"] })
  }

  @Test func hostileTextIsEscapedAndIllegalCharactersAreDropped() throws {
    let files = try DiscoveryFixture.render()
    let text = try #require(files["feed.xml"])
    #expect(!text.contains("<script>"))
    let feed = XMLDocumentSummary(text)
    #expect(feed.error == nil)
    let expected = DiscoveryFixture.hostileTitle.replacingOccurrences(of: "\u{1}", with: "")
    #expect(feed.texts("entry", "title").contains(expected))
    #expect(feed.texts("entry", "summary").contains("A & B < C\u{FFFD}"))
  }

  @Test func feedsAndOPDSCarryTheMetaDescriptionsSummary() throws {
    var long = DiscoveryFixture.volumes(1)[0]
    long.volumeInfo.description = (1...80).map { "Sentence number \($0) of a long description." }.joined(
      separator: " ")
    let files = try DiscoveryFixture.render(extra: [long])
    let summary = try #require(
      try DiscoveryFixture.model(extra: [long]).books.first { $0.id == long.id }?.metaDescription)
    #expect(summary.hasSuffix("…") && summary.count <= Book.metaDescriptionLimit)
    for path in ["feed.xml", "sf/feed.xml", "opds/books/index.xml", "opds/collections/sf/index.xml"] {
      let feed = XMLDocumentSummary(try #require(files[path]))
      #expect(feed.texts("entry", "summary").contains(summary), "\(path)")
      #expect(feed.texts("entry", "summary").allSatisfy { $0.count <= Book.metaDescriptionLimit }, "\(path)")
    }
  }

  @Test func sourceDateEpochSetsUpdated() throws {
    let files = try DiscoveryFixture.render(options: DiscoveryOptions(sourceDateEpoch: 1_700_000_000))
    #expect(
      XMLDocumentSummary(try #require(files["feed.xml"])).texts("feed", "updated") == ["2023-11-14T22:13:20Z"]
    )
  }

  @Test func eachCollectionHasItsOwnFeed() throws {
    let files = try DiscoveryFixture.render()
    let feed = XMLDocumentSummary(try #require(files["taiwan/feed.xml"]))
    #expect(feed.error == nil)
    #expect(feed.texts("feed", "id") == ["https://me.github.io/books/taiwan/feed.xml"])
    #expect(feed.texts("feed", "title") == ["台灣文學 – Ann's Shelf"])
    #expect(feed.texts("entry", "title") == ["Dune", "三體"])
    #expect(feed.all("feed", "link").last?.attributes["href"] == "https://me.github.io/books/taiwan/")
  }

  @Test func buildsAreByteIdentical() throws {
    #expect(try DiscoveryFixture.render() == DiscoveryFixture.render())
  }
}
