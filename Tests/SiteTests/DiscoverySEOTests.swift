import Foundation
import Support
import Testing

@testable import Site

@Suite struct DiscoverySEOTests {
  /// The SEO fragment of the first page of `kind`, rendered for the fixture site.
  static func head(_ match: @escaping (PageJob) -> Bool, description: String? = nil) throws -> String {
    let model = try DiscoveryFixture.model()
    let catalog = DiscoveryFixture.catalog()
    let seo = SEOHead(model: model, settings: catalog.site, urls: try SiteURLs(baseURL: catalog.site.baseURL))
    let job = try #require(model.pageJobs(perPage: 24).first(where: match))
    return seo.html(job: job, description: description)
  }

  static func isBook(_ id: String) -> (PageJob) -> Bool {
    { job in
      guard case .book(let index) = job.kind else { return false }
      return (try? DiscoveryFixture.model().books[index].id) == id
    }
  }

  /// The JSON inside the fragment's `<script type="application/ld+json">`.
  static func jsonLD(_ html: String) throws -> String {
    let start = try #require(html.range(of: "<script type=\"application/ld+json\">"))
    let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
    return String(html[start.upperBound..<end.lowerBound])
  }

  @Test func detailPagesCarryOpenGraphAndBookJSONLD() throws {
    let html = try DiscoverySEOTests.head(DiscoverySEOTests.isBook("B1ZdEAAAQBAJ"))
    #expect(html.contains("<meta property=\"og:type\" content=\"book\">\n"))
    // ISBN, authors, date and categories are the JSON-LD's: OpenGraph's book:* tags and an
    // image alt that is the title would say them twice.
    #expect(!html.contains("<meta property=\"book:"))
    #expect(!html.contains("og:image:alt"))
    // Link previews take the title and the site's name from `<title>`.
    #expect(!html.contains("og:title") && !html.contains("og:site_name"))
    #expect(html.contains("<link rel=\"canonical\" href=\"https://me.github.io/books/books/dune-"))
    #expect(!html.contains("<link rel=\"alternate\""))
    let object = try #require(
      JSONSerialization.jsonObject(with: Data(try DiscoverySEOTests.jsonLD(html).utf8)) as? [String: Any])
    #expect(object["@type"] as? String == "Book")
    #expect(object["@context"] as? String == "https://schema.org")
    // The page's address, cover and source pages are its canonical link, og:image and
    // attribution: the JSON-LD repeats none of them.
    #expect(object["url"] == nil && object["@id"] == nil)
    #expect(object["image"] == nil && object["sameAs"] == nil)
    #expect(object["name"] as? String == "Dune")
    #expect(object["isbn"] as? String == "9780441013593")
    #expect(object["numberOfPages"] as? Int == 896)
    #expect(object["datePublished"] as? String == "2019-10-01")
    #expect(object["inLanguage"] as? String == "en")
    #expect((object["publisher"] as? [String: Any])?["name"] as? String == "Ace")
    let authors = try #require(object["author"] as? [[String: Any]])
    #expect(authors.count == 1)
    #expect(authors.first?["@type"] as? String == "Person")
    #expect(authors.first?["name"] as? String == "Frank Herbert")
    // The page links the author's page where it names them.
    #expect(authors.first?["url"] == nil)
    let offer = try #require(object["offers"] as? [String: Any])
    #expect(offer["@type"] as? String == "Offer")
    #expect(offer["price"] as? String == "382.50")
    #expect(offer["priceCurrency"] as? String == "TWD")
    #expect(offer["availability"] as? String == "https://schema.org/InStock")
    // The offer names where to buy: readers of structured data do not see the page's button.
    #expect(
      offer["url"] as? String
        == "https://play.google.com/store/books/details?id=B1ZdEAAAQBAJ&rdid=book-B1ZdEAAAQBAJ")
    #expect(offer.count == 5)
  }

  /// The head says each thing once: OpenGraph consumers take the meta description and the
  /// canonical link when `og:description` and `og:url` are missing.
  @Test func theHeadSaysNothingTwice() throws {
    let summary = "Paul Atreides on the desert planet."
    let html = try DiscoverySEOTests.head(
      DiscoverySEOTests.isBook("B1ZdEAAAQBAJ"), description: summary)
    #expect(html.contains("<meta name=\"description\" content=\"\(summary)\">\n"))
    #expect(!html.contains("og:description"))
    #expect(!html.contains("og:url"))
    // The page's address once: the canonical link (the JSON-LD has no url).
    #expect(html.components(separatedBy: "https://me.github.io/books/books/dune-").count == 2)
    // The cover once: og:image.
    #expect(html.components(separatedBy: "books/content?id=B1ZdEAAAQBAJ").count <= 2)
    let list = try DiscoverySEOTests.head(
      { if case .collection(1) = $0.kind { true } else { false } }, description: summary)
    #expect(!list.contains("og:description") && !list.contains("og:url"))
    #expect(list.contains("<meta name=\"description\""))
  }

  /// A long description is on the page once in full; the meta description carries its short
  /// summary, and the JSON-LD no third copy.
  @Test func theHeadCarriesOneShortSummaryOfALongDescription() throws {
    var long = DiscoveryFixture.bare
    long.volumeInfo.description = (1...80).map { "Sentence number \($0) of a long description." }.joined(
      separator: " ")
    let model = try SiteModel(
      catalog: DiscoveryFixture.catalog(), collections: [.init(slug: "sf", volumes: [long])])
    let catalog = DiscoveryFixture.catalog()
    let seo = SEOHead(model: model, settings: catalog.site, urls: try SiteURLs(baseURL: catalog.site.baseURL))
    let job = try #require(model.pageJobs(perPage: 24).first { $0.kind.isBook })
    let summary = try #require(model.books[0].metaDescription)
    #expect(summary.count <= Book.metaDescriptionLimit)
    let html = seo.html(job: job, description: summary)
    let object = try #require(
      JSONSerialization.jsonObject(with: Data(try DiscoverySEOTests.jsonLD(html).utf8)) as? [String: Any])
    #expect(object["description"] == nil)
    #expect(html.contains("<meta name=\"description\" content=\"\(summary)\">\n"))
  }

  @Test(arguments: [
    DiscoveryFixture.hostileTitle, "</SCRIPT >", "<!--<script>", "a\u{2028}b\u{2029}c", "\"quoted\\\"",
  ])
  func jsonLDStaysValidAndInsideItsScriptForHostileTitles(title: String) throws {
    let volume = DiscoveryFixture.bare
    var hostile = volume
    hostile.volumeInfo.title = title
    hostile.volumeInfo.authors = [title]
    hostile.volumeInfo.publisher = title
    let model = try SiteModel(
      catalog: DiscoveryFixture.catalog(), collections: [.init(slug: "sf", volumes: [hostile])])
    let catalog = DiscoveryFixture.catalog()
    let seo = SEOHead(model: model, settings: catalog.site, urls: try SiteURLs(baseURL: catalog.site.baseURL))
    let job = try #require(
      model.pageJobs(perPage: 24).first { if case .book = $0.kind { true } else { false } })
    let html = seo.html(job: job, description: title)
    let json = try DiscoverySEOTests.jsonLD(html)
    // Exactly one script element, closed where we closed it.
    #expect(html.components(separatedBy: "</script>").count == 2)
    #expect(html.hasSuffix("</script>\n"))
    #expect(
      !json.contains("<") && !json.contains(">") && !json.contains("\u{2028}") && !json.contains("\u{2029}"))
    let object = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let expected = title.unicodeScalars.filter { $0.value >= 0x20 }.map(String.init).joined()
    #expect(
      (object["name"] as? String).map {
        $0.unicodeScalars.filter { $0.value >= 0x20 }.map(String.init).joined()
      } == expected)
    #expect(((object["author"] as? [[String: Any]])?.first?["name"] as? String) == title)
  }

  /// The whole head of a book whose every text is hostile, byte for byte: attributes
  /// entity-escaped, the JSON-LD `\u`-escaped as `JSONValue` wrote it before the head was
  /// written straight as bytes (the 10k site's output is unchanged by a byte too).
  @Test func hostileBookHeadIsWrittenByteForByte() throws {
    let hostile = "</script>\"\\/\u{2028}\u{2029}\u{0}\u{1F}📚&'`三"
    var volume = DiscoveryFixture.bare
    volume.volumeInfo.title = hostile
    volume.volumeInfo.subtitle = hostile
    volume.volumeInfo.authors = [hostile]
    volume.volumeInfo.publisher = hostile
    volume.volumeInfo.categories = [hostile]
    let model = try SiteModel(
      catalog: DiscoveryFixture.catalog(), collections: [.init(slug: "sf", volumes: [volume])])
    let catalog = DiscoveryFixture.catalog()
    let seo = SEOHead(model: model, settings: catalog.site, urls: try SiteURLs(baseURL: catalog.site.baseURL))
    let job = try #require(model.pageJobs(perPage: 24).first { $0.kind.isBook })
    let html = seo.html(job: job, description: hostile)
    // Attributes: entities (NUL and U+001F dropped, U+2028/2029 kept: HTML has no use for them).
    let attribute = "&lt;/script&gt;&quot;\\/\u{2028}\u{2029}📚&amp;&#39;&#96;三"
    // JSON: `<`, `>`, `&`, controls and U+2028/2029 as `\u`; `/`, `'`, emoji and CJK as they are.
    let json = #""\u003c/script\u003e\"\\/\u2028\u2029\u0000\u001f📚\u0026'`三""#
    let expected = [
      "<meta name=\"description\" content=\"\(attribute)\">",
      "<link rel=\"canonical\" href=\"https://me.github.io/books/books/script-%E4%B8%89-bare-id/\">",
      "<meta property=\"og:type\" content=\"book\">",
      "<meta name=\"twitter:card\" content=\"summary\">",
      "<script type=\"application/ld+json\">{\"@context\":\"https://schema.org\",\"@type\":\"Book\",\"name\":\(json),"
        + "\"alternativeHeadline\":\(json),\"author\":[{\"@type\":\"Person\",\"name\":\(json)}],"
        + "\"publisher\":{\"@type\":\"Organization\",\"name\":\(json)},\"genre\":[\(json)]}</script>",
      "",
    ]
    #expect(html == expected.joined(separator: "\n"))
  }

  @Test func listPagesAreWebsitesWithFeedLinks() throws {
    let html = try DiscoverySEOTests.head(
      { if case .collection(1) = $0.kind { true } else { false } })
    // A page without `og:type` is a website to OpenGraph: no tag says so.
    #expect(!html.contains("og:type"))
    #expect(html.contains("<link rel=\"canonical\" href=\"https://me.github.io/books/taiwan/\">\n"))
    #expect(html.contains("href=\"/books/taiwan/feed.xml\">\n"))
    #expect(
      html.contains(
        "<link rel=\"alternate\" type=\"application/atom+xml\" title=\"Ann&#39;s Shelf\" href=\"/books/feed.xml\">\n"
      ))
    #expect(
      html.contains(
        "<link rel=\"alternate\" type=\"application/atom+xml;profile=opds-catalog;kind=navigation\" title=\"OPDS\" href=\"/books/opds/index.xml\">\n"
      ))
    #expect(!html.contains("ld+json"))
  }

  /// Only a page with a text of its own has a meta description: the site's, repeated on
  /// every author and category page, would tell search engines nothing.
  @Test(arguments: [
    ("a term page", "categories/fiction/"), ("the all-books list", "books/"),
    ("a bare book", "books/bare-id/"),
    ("a collection without a description", "sf/"),
  ])
  func pagesWithoutATextOfTheirOwnHaveNoMetaDescription(page: String, path: String) throws {
    let html = try DiscoverySEOTests.head({ $0.path.encodedURLPath == path && $0.page == 1 })
    #expect(!html.contains("name=\"description\""), "\(page)")
    #expect(!html.contains("og:description"), "\(page)")
  }

  /// The feed and OPDS links go on the pages a reader subscribes from (home, collections, all
  /// books), not on each of the 100,000 book and index pages.
  @Test func feedLinksAreOnListPagesOnly() throws {
    let feedLink = "type=\"application/atom+xml\""
    for path in ["", "sf/", "books/"] {
      #expect(try DiscoverySEOTests.head({ $0.path.encodedURLPath == path }).contains(feedLink), "\(path)")
    }
    for path in ["books/bare-id/", "categories/fiction/", "authors/frank-herbert/"] {
      let html = try DiscoverySEOTests.head({ $0.path.encodedURLPath == path })
      #expect(!html.contains(feedLink) && !html.contains("opds-catalog"), "\(path)")
    }
  }

  @Test func homePageDescribesTheWebsiteWithASearchAction() throws {
    let html = try DiscoverySEOTests.head({ $0.kind == .home })
    // The one page whose `<title>` is the site's name alone names the site for link previews.
    #expect(html.contains("<meta property=\"og:site_name\" content=\"Ann&#39;s Shelf\">\n"))
    let object = try #require(
      JSONSerialization.jsonObject(with: Data(try DiscoverySEOTests.jsonLD(html).utf8)) as? [String: Any])
    #expect(object["@type"] as? String == "WebSite")
    #expect(object["url"] as? String == "https://me.github.io/books/")
    let action = try #require(object["potentialAction"] as? [String: Any])
    #expect(action["target"] as? String == "https://me.github.io/books/books/?q={search_term_string}")
  }

  @Test func notFoundPageIsNotIndexedAndClaimsNoURL() throws {
    let html = try DiscoverySEOTests.head({ $0.kind == .notFound })
    #expect(html == "<meta name=\"robots\" content=\"noindex\">\n")
  }

  @Test func jsonWriterEscapesForScriptsAndKeepsKeyOrder() {
    let value = JSONValue.object([
      ("b", .string("</script>&\u{2028}\u{1}\"\\\n")),
      ("a", .array([.int(1), .null, .bool(true), .number("2.5")])),
    ])
    #expect(value.rendered() == #"{"b":"\u003c/script\u003e\u0026\u2028\u0001\"\\\n","a":[1,null,true,2.5]}"#)
    // Other characters starting with the byte E2 (dashes, €, arrows) stay as they are, even
    // next to ones that are escaped.
    let text = JSONValue.string("a—b€c\u{2029}→\u{2028}\u{2027}<三體>").rendered()
    #expect(text == #""a—b€c\u2029→\u2028\#u{2027}\u003c三體\u003e""#)
  }
}

extension SEOHead {
  /// The fragment `bytes` writes, as text.
  func html(job: PageJob, description: String?) -> String {
    String(decoding: bytes(job: job, description: description), as: UTF8.self)
  }
}
