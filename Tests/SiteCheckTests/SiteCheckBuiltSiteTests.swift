import BookRecord
import Catalog
import Foundation
import Testing

import struct Catalog.Collection

@testable import GoogleBooks
@testable import Site
@testable import SiteCheck

/// Builds a real site (pages from the default theme plus the discovery files) under a sub-path and
/// checks that every link in it resolves.
@Suite struct SiteCheckBuiltSiteTests {
  static func volume(_ id: String, title: String, author: String, category: String, date: String) -> Volume {
    Volume(
      id: id,
      volumeInfo: VolumeInfo(
        title: title, authors: [author], publisher: "Ace", publishedDate: date,
        description: "<p>About <b>\(title)</b> &amp; more.</p>",
        industryIdentifiers: [IndustryIdentifier(type: "ISBN_13", identifier: "9780441013593")],
        categories: [category], language: "en",
        imageLinks: CoverLinks(
          smallThumbnail: "http://books.google.com/books/content?id=\(id)&printsec=frontcover&img=1&zoom=5",
          thumbnail: "http://books.google.com/books/content?id=\(id)&printsec=frontcover&img=1&zoom=1")),
      saleInfo: SaleInfo(
        saleability: "FOR_SALE", retailPrice: Price(amount: 300, currencyCode: "TWD"),
        buyLink: "https://play.google.com/store/books/details?id=\(id)"))
  }

  static let volumes = [
    volume(
      "dune0000001", title: "Dune", author: "Frank Herbert", category: "Fiction / Science Fiction",
      date: "1965"),
    volume("threebody01", title: "三體", author: "劉慈欣", category: "小說 / 科幻", date: "2008-01"),
    volume(
      "</script>x", title: "</script><b>\"x\"", author: "A & B", category: "Fiction", date: "2001-02-03"),
    volume(
      "cafe0000001", title: "Café Ünïcode", author: "José", category: "Fiction / Literary", date: "2019-10-01"
    ),
  ]

  @Test(arguments: ["https://me.github.io/books/", "http://localhost:8000/"])
  func everyLinkOfABuiltSiteResolves(baseURL: String) async throws {
    let parent = NSTemporaryDirectory() + "bookgen-sitecheck-built-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: parent) }
    let output = parent + "/public"
    let catalog = Catalog(
      site: SiteSettings(
        title: "Ann's Shelf", baseURL: baseURL, language: "en", description: "Books I *love*.",
        booksPerPage: 2),
      collections: [
        Collection(title: "Science fiction", slug: "sf"), Collection(title: "台灣文學", slug: "taiwan"),
      ])
    let inputs = [
      SiteInput.Collection(slug: "sf", volumes: SiteCheckBuiltSiteTests.volumes),
      SiteInput.Collection(slug: "taiwan", volumes: [SiteCheckBuiltSiteTests.volumes[1]]),
    ]
    _ = try await SiteBuilder(
      catalog: catalog, collections: inputs,
      options: BuildOptions(outputDirectory: output, workingDirectory: NSTemporaryDirectory())
    )
    .build()
    // The build writes feeds, OPDS and the sitemap with the pages.
    #expect(FileManager.default.fileExists(atPath: output + "/opds/collections/taiwan/index.xml"))

    let problems = try await SiteChecker.check(outputDirectory: output, baseURL: baseURL)
    #expect(problems.map(\.description) == [])

    // The check really read this output: one broken link added to a built page is found.
    let page = output + "/sf/page/2/index.html"
    let html = try String(contentsOfFile: page, encoding: .utf8)
    try html.replacingOccurrences(of: "</main>", with: "<a href=\"../../../books/nope/\">x</a></main>")
      .write(toFile: page, atomically: true, encoding: .utf8)
    let after = try await SiteChecker.check(outputDirectory: output, baseURL: baseURL)
    #expect(
      after.map(\.description) == ["sf/page/2/index.html: broken link '../../../books/nope/' (no such file)"])
  }
}

extension SiteInput.Collection {
  /// The collection of these volumes, made records by Google's own mapping (as a build does).
  init(slug: String, volumes: [Volume]) {
    self.init(slug: slug, records: volumes.map(\.record))
  }
}
