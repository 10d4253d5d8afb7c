import Foundation
import TestSupport
import Testing

@testable import BookgenCLI

/// An export imported, then built: the owner's data on the pages, the shop's offer in the page,
/// JSON-LD and OPDS, books no source knows shown from the export.
@Suite struct ImportBuildTests {
  static let catalog = """
    site:
      title: "Reading"
      base_url: "https://me.test/books/"
    google_books:
      country: US
    collections:
      - title: "Shop"
        isbns: ["9780441172719"]
    books:
      "9780441172719":
        rating: 4.5
        price: "12.99"
        currency: EUR
        buy_url: https://shop.test/dune
        availability: in_stock
        links:
          Library: https://library.test/dune
        extra:
          shelf_mark: SF-12

    """

  static func startServer() throws -> FakeGoogleBooksServer {
    let google = FakeGoogleBooks()
    google.setSearch(
      "isbn:9780441172719",
      results: [FakeGoogleBooks.volumeJSON(id: "duneVol0001", title: "Dune", isbn13: "9780441172719")])
    google.setSearch(
      "intitle:\"The Eyre Affair\" inauthor:\"Jasper Fforde\"",
      results: [
        FakeGoogleBooks.volumeJSON(id: "eyreNovel01", title: "The Eyre Affair", authors: ["Jasper Fforde"])
      ])
    google.setVolume(
      "eyreNovel01",
      json: FakeGoogleBooks.volumeJSON(
        id: "eyreNovel01", title: "The Eyre Affair", authors: ["Jasper Fforde"]))
    let server = FakeGoogleBooksServer(google: google)
    try server.start()
    return server
  }

  /// The built page whose `<h1>` is `title`.
  static func page(titled title: String, in root: String) throws -> String {
    let folder = root + "/public/books"
    for name in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() where !name.contains(".")
    {
      let text = try String(contentsOfFile: "\(folder)/\(name)/index.html", encoding: .utf8)
      if text.contains(">\(title)</h1>") { return text }
    }
    Issue.record("no page titled \(title)")
    return ""
  }

  @Test func theOwnersDataReachesPagesStructuredDataAndOPDS() async throws {
    let server = try Self.startServer()
    try await withTemporaryDirectory { root in
      try write(Self.catalog, to: root + "/catalog.yml")
      try FileManager.default.copyItem(
        atPath: ImportCommandTests.exports.appendingPathComponent("goodreads_library_export.csv").path,
        toPath: root + "/export.csv")
      let variables = ["BOOKGEN_API_URL": server.apiURL]
      #expect(
        await runCLI(["import", "goodreads", "export.csv", "-q"], in: root, variables: variables).status == 0)
      let built = await runCLI(["build", "-q"], in: root, variables: variables)
      #expect(built.status == 0, "\(built.stderr)")

      let dune = try Self.page(titled: "Dune", in: root)
      // catalog.yml's rating wins over the export's 5; the shelf and dates are the export's.
      #expect(dune.contains("<h2>My reading</h2>"))
      #expect(dune.contains("<dt>Shelf</dt><dd><a href=\"/books/shelves/read/\">Read</a></dd>"))
      #expect(
        dune.contains(
          "<span class=\"stars stars-9\" aria-hidden=\"true\"></span><span class=\"visually-hidden\">4.5 out of 5</span>"
        ))
      #expect(dune.contains("<dd><time datetime=\"2023-08-14\">"))
      #expect(dune.contains("<dt>Times read</dt><dd>2</dd>"))
      #expect(dune.contains("<dt>Format</dt><dd>Paperback</dd>"))
      #expect(
        dune.contains("<p class=\"series\"><a href=\"/books/series/dune/\">Book 1 of 2 in Dune</a></p>"))
      #expect(dune.contains("<li><a href=\"https://library.test/dune\">Library</a></li>"))
      #expect(dune.contains("href=\"https://shop.test/dune\""))
      #expect(
        dune.contains(
          "\"offers\":{\"@type\":\"Offer\",\"price\":\"12.99\",\"priceCurrency\":\"EUR\","
            + "\"availability\":\"https://schema.org/InStock\",\"url\":\"https://shop.test/dune\"}"))
      #expect(dune.contains("Still the best."))

      let eyre = try Self.page(titled: "The Eyre Affair", in: root)
      #expect(
        eyre.contains("<dt>Shelf</dt><dd><a href=\"/books/shelves/did-not-finish/\">Did not finish</a></dd>"))
      #expect(
        eyre.contains(
          "<p class=\"series\"><a href=\"/books/series/thursday-next/\">Book 1 in Thursday Next</a></p>"))

      // A row nothing matched is a page of its own, from the export.
      let boxed = try Self.page(titled: "Harry Potter Boxed Set", in: root)
      #expect(
        boxed.contains("<p class=\"attribution\">From my Goodreads export: no book source has this one</p>"))
      #expect(!boxed.contains("View on Google Books"))
      #expect(
        boxed.contains(
          "<p class=\"series\"><a href=\"/books/series/harry-potter/\">In the series Harry Potter</a></p>"))

      // The shop's collection feed (OPDS has no feed of all books unless `site.opds_all_books`).
      let opds = try String(contentsOfFile: root + "/public/opds/collections/shop/index.xml", encoding: .utf8)
      #expect(opds.contains("<opds:price currencycode=\"EUR\">12.99</opds:price>"))
    }
    await server.stop()
  }

  @Test func templatesMayReadTheCatalogsExtraValues() async throws {
    try await withTemporaryDirectory { root in
      try write(Self.catalog, to: root + "/catalog.yml")
      try write(
        "{{< layout}}{{$content}}{{#book}}<p>{{extra.shelf_mark}} {{extra.shelf_mrk}}</p>{{/book}}{{/content}}{{/layout}}",
        to: root + "/templates/book.mustache")
      let result = await runCLI(["check"], in: root)
      #expect(result.status == 1)
      #expect(
        result.stderr == """
          templates/book.mustache:1:58: error: unknown field 'shelf_mrk' in 'extra' (did you mean 'shelf_mark'?)
          {{< layout}}{{$content}}{{#book}}<p>{{extra.shelf_mark}} {{extra.shelf_mrk}}</p>{{/book}}{{/content}}{{/layout}}
                                                                   ^

          """)
    }
  }
}
