import Foundation
import TestSupport

/// A small site whose volumes come from a fake Google Books server on 127.0.0.1, and which
/// asks a fake Open Library that knows no book (to enrich them: it finds nothing, silently).
struct BuildFixture {
  static let catalog = """
    site:
      title: "Test Shelf"
      base_url: "https://shelf.test/books/"
      language: en
    google_books:
      country: US
    open_library:
      contact: shelf@example.test
    collections:
      - title: "Dune"
        slug: dune
        queries:
          - q: "intitle:dune"
            max_results: 10
      - title: "Picked"
        slug: picked
        isbns:
          - 978-0-441-01359-3

    """

  let server: FakeGoogleBooksServer

  var google: FakeGoogleBooks { server.google }

  /// What `runCLI` needs to send the fetch stage to the fake servers.
  var variables: [String: String] {
    ["BOOKGEN_API_URL": server.apiURL, "BOOKGEN_OPENLIBRARY_URL": libraryURL ?? Self.emptyLibrary.apiURL]
  }

  /// The Open Library to ask instead of `emptyLibrary`.
  var libraryURL: String?

  /// One Open Library for every test that does not bring its own: it knows no book, so
  /// enrichment asks it once per build and finds nothing. It lives as long as the process.
  static let emptyLibrary: FakeOpenLibraryServer = {
    let server = FakeOpenLibraryServer()
    try? server.start()
    return server
  }()

  /// Starts the fake server with two search results and one ISBN match.
  static func start() throws -> BuildFixture {
    let google = FakeGoogleBooks()
    google.setSearch(
      "intitle:dune",
      results: [
        FakeGoogleBooks.volumeJSON(id: "dune0001", title: "Dune", isbn13: "9780441013593"),
        FakeGoogleBooks.volumeJSON(id: "dune0002", title: "Dune Messiah", isbn13: "9780593098233"),
      ])
    google.setSearch(
      "isbn:9780441013593",
      results: [FakeGoogleBooks.volumeJSON(id: "dune0001", title: "Dune", isbn13: "9780441013593")])
    let server = FakeGoogleBooksServer(google: google)
    try server.start()
    return BuildFixture(server: server)
  }

  /// Writes the catalog into `folder`.
  func writeCatalog(into folder: String) throws {
    try write(Self.catalog, to: folder + "/catalog.yml")
  }
}
