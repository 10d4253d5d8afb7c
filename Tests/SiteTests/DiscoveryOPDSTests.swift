import BookRecord
import Foundation
import Testing

@testable import GoogleBooks
@testable import Site

@Suite struct DiscoveryOPDSTests {
  static let atom = "http://www.w3.org/2005/Atom"

  @Test func navigationFeedLinksToAcquisitionFeeds() throws {
    let files = try DiscoveryFixture.render()
    let root = XMLDocumentSummary(try #require(files["opds/index.xml"]))
    #expect(root.error == nil)
    #expect(root.elements.first?.namespace == DiscoveryOPDSTests.atom)
    let selfLink = root.all("feed", "link").first { $0.attributes["rel"] == "self" }
    #expect(selfLink?.attributes["type"] == "application/atom+xml;profile=opds-catalog;kind=navigation")
    #expect(selfLink?.attributes["href"] == "https://me.github.io/books/opds/index.xml")
    #expect(root.texts("entry", "title") == ["All books", "Science fiction", "台灣文學"])
    #expect(root.texts("entry", "content") == ["4 books", "3 books", "2 books"])
    let subsections = root.all("entry", "link")
    #expect(subsections.allSatisfy { $0.attributes["rel"] == "subsection" })
    #expect(
      subsections.allSatisfy {
        $0.attributes["type"] == "application/atom+xml;profile=opds-catalog;kind=acquisition"
      })
    #expect(
      subsections.map { $0.attributes["href"] ?? "" } == [
        "https://me.github.io/books/opds/books/index.xml",
        "https://me.github.io/books/opds/collections/sf/index.xml",
        "https://me.github.io/books/opds/collections/taiwan/index.xml",
      ])
    for link in subsections {
      let path = String(link.attributes["href"]!.dropFirst("https://me.github.io/books/".count))
      #expect(files[path] != nil, "missing \(path)")
    }
  }

  @Test func acquisitionEntriesCarryMetadataCoversAndAcquisitionLinks() throws {
    let files = try DiscoveryFixture.render()
    let feed = XMLDocumentSummary(try #require(files["opds/collections/sf/index.xml"]))
    #expect(feed.error == nil)
    let entries = feed.all("feed", "entry")
    #expect(entries.count == 3)
    let dc = "http://purl.org/dc/terms/"
    #expect(feed.all("entry", "language").map(\.text) == ["en"])
    #expect(feed.all("entry", "language").first?.namespace == dc)
    #expect(feed.all("entry", "issued").map(\.text).contains("2019-10-01"))
    let links = feed.all("entry", "link").map { ($0.attributes["rel"] ?? "", $0.attributes["href"] ?? "") }
    let rels = links.map(\.0)
    #expect(rels.contains("http://opds-spec.org/image"))
    // Dune's record has one size of cover: the image alone, no thumbnail repeating it.
    #expect(!rels.contains("http://opds-spec.org/image/thumbnail"))
    // The web reader, upgraded to https like the detail page's preview link.
    #expect(
      links.contains {
        $0.0 == "http://opds-spec.org/acquisition/sample"
          && $0.1 == "https://play.google.com/books/reader?id=B1ZdEAAAQBAJ"
      })
    #expect(rels.contains("http://opds-spec.org/acquisition/buy"))
    #expect(
      links.contains {
        $0.0 == "http://opds-spec.org/image" && $0.1.hasPrefix("https://books.google.com/")
          && $0.1.contains("zoom=1") && !$0.1.contains("edge=curl")
      })
    let price = try #require(feed.all("link", "price").first)
    #expect(price.namespace == "http://opds-spec.org/2010/catalog")
    #expect(price.attributes["currencycode"] == "TWD")
    #expect(price.text == "382.50")
    // A book with no preview or buy link still gets an acquisition link (its Google Books page).
    #expect(
      links.contains {
        $0.0 == "http://opds-spec.org/acquisition" && $0.1 == "https://books.google.com/books?id=bare-id"
      })
    // Every entry has at least one acquisition link and one alternate to its HTML page.
    var acquisitions = 0
    var alternates = 0
    for link in feed.all("entry", "link") {
      if link.attributes["rel"]!.hasPrefix("http://opds-spec.org/acquisition") { acquisitions += 1 }
      if link.attributes["rel"] == "alternate" { alternates += 1 }
    }
    #expect(acquisitions >= 3)
    #expect(alternates == 3)
  }

  /// Each book is in the all-books feed and in each of its collections' feeds: an entry holds
  /// only what catalog clients show, since it repeats per feed; the rest is on the book's page.
  @Test func acquisitionEntriesAreLean() throws {
    let files = try DiscoveryFixture.render()
    let feed = XMLDocumentSummary(try #require(files["opds/collections/sf/index.xml"]))
    let allowed: Set<String> = ["id", "title", "updated", "author", "summary", "link", "language", "issued"]
    let names = Set(feed.elements.filter { $0.path.count == 3 && $0.path[1] == "entry" }.map(\.name))
    #expect(names.isSubset(of: allowed), "unexpected \(names.subtracting(allowed))")
    #expect(feed.all("entry", "author", "uri").isEmpty)
    #expect(feed.all("entry", "summary").allSatisfy { $0.attributes["type"] == nil && $0.text.count <= 161 })
    #expect(!feed.all("entry", "summary").isEmpty)
    // The Atom feeds keep the authors' pages and categories.
    let atom = XMLDocumentSummary(try #require(files["sf/feed.xml"]))
    #expect(!atom.all("entry", "category").isEmpty && !atom.all("entry", "author", "uri").isEmpty)
  }

  @Test func aThumbnailIsLinkedWhenItIsSmallerThanTheImage() throws {
    let volume = Volume(
      id: "twoSizes0001",
      volumeInfo: VolumeInfo(
        title: "Two Sizes",
        imageLinks: CoverLinks(
          thumbnail: "https://books.google.com/books/content?id=twoSizes0001&img=1&zoom=1",
          small: "https://books.google.com/books/content?id=twoSizes0001&img=1&zoom=2")))
    let files = try DiscoveryFixture.render(extra: [volume])
    let feed = XMLDocumentSummary(try #require(files["opds/collections/sf/index.xml"]))
    let links = feed.all("entry", "link").filter {
      ($0.attributes["rel"] ?? "").hasPrefix("http://opds-spec.org/image")
        && ($0.attributes["href"] ?? "").contains("twoSizes0001")
    }
    #expect(
      links.map { [$0.attributes["rel"] ?? "", $0.attributes["href"] ?? ""] } == [
        [
          "http://opds-spec.org/image", "https://books.google.com/books/content?id=twoSizes0001&img=1&zoom=2",
        ],
        [
          "http://opds-spec.org/image/thumbnail",
          "https://books.google.com/books/content?id=twoSizes0001&img=1&zoom=1",
        ],
      ])
  }

  @Test(arguments: [
    ("https://example.org/covers/a.PNG?v=.jpg", "image/png"), ("https://example.org/a.webp#x", "image/webp"),
    ("https://example.org/a.gif", "image/gif"), ("https://example.org/a.svg", "image/svg+xml"),
    ("https://books.google.com/books/content?id=x.png", "image/jpeg"),
    ("https://example.org/png", "image/jpeg"),
  ])
  func coverTypesComeFromTheExtension(url: String, type: String) {
    #expect(BookFacts.imageType(url) == type)
  }

  @Test func largeFeedsArePaginated() throws {
    var options = DiscoveryOptions()
    options.opdsPageSize = 3
    let files = try DiscoveryFixture.render(options: options, extra: DiscoveryFixture.volumes(5))
    // sf: dune, hostile, bare + 5 = 8 books → 3 pages.
    let first = XMLDocumentSummary(try #require(files["opds/collections/sf/index.xml"]))
    let rel = { (summary: XMLDocumentSummary, name: String) in
      summary.all("feed", "link").first { $0.attributes["rel"] == name }?.attributes["href"]
    }
    #expect(rel(first, "next") == "https://me.github.io/books/opds/collections/sf/page-2.xml")
    #expect(rel(first, "previous") == nil)
    #expect(rel(first, "last") == "https://me.github.io/books/opds/collections/sf/page-3.xml")
    let last = XMLDocumentSummary(try #require(files["opds/collections/sf/page-3.xml"]))
    #expect(rel(last, "next") == nil)
    #expect(rel(last, "previous") == "https://me.github.io/books/opds/collections/sf/page-2.xml")
    #expect(last.all("feed", "entry").count == 2)
    #expect(files["opds/collections/sf/page-4.xml"] == nil)
  }
}
