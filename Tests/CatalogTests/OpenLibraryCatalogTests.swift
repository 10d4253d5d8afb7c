import Testing

@testable import Catalog

/// `open_library:`, `sources:`, `open_library_ids:` and Open Library queries, read as written.
@Suite struct OpenLibraryCatalogTests {
  static let text = """
    site:
      title: Both sources
    open_library:
      api_url: http://127.0.0.1:9/ol/
      contact: shelf@example.org
      max_requests: 50
      requests_per_second: 0.5
      concurrency: 1
      retries: 2
      timeout: 20
    sources: [open_library, google_books]
    collections:
      - title: Mixed
        queries:
          - q: intitle:dune
          - source: open_library
            title: The Dispossessed
            author: Le Guin
            language: en
            sort: new
            max_results: 150
          - source: open_library
            q: lord of the rings
            subject: fantasy
            publisher: Allen & Unwin
            language: ger
        open_library_ids: [OL7353617M, OL45804W]

    """

  @Test func everyKeyIsRead() throws {
    let catalog = try CatalogLoader.parse(Self.text, file: "catalog.yml", directory: ".")
    #expect(
      catalog.openLibrary
        == OpenLibrarySettings(
          apiURL: "http://127.0.0.1:9/ol", contact: "shelf@example.org", maxRequests: 50,
          requestsPerSecond: 0.5, concurrency: 1, retries: 2, timeout: 20))
    #expect(catalog.sources == [.openLibrary, .googleBooks])
    let collection = try #require(catalog.collections.first)
    #expect(collection.openLibraryIDs.map(\.description) == ["OL7353617M", "OL45804W"])
    #expect(collection.queries.map(\.source) == [.googleBooks, .openLibrary, .openLibrary])
    #expect(
      collection.queries[1].openLibrary
        == OpenLibraryQuery(title: "The Dispossessed", author: "Le Guin", language: "eng", sort: "new"))
    #expect(collection.queries[1].maxResults == 150)
    #expect(
      collection.queries[2].openLibrary?.parameters.map { "\($0.name)=\($0.value)" } == [
        "q=lord of the rings", "subject=fantasy", "publisher=Allen & Unwin", "language=ger",
      ])
    #expect(
      collection.queries[2].openLibrary?.summary
        == "q=lord of the rings, subject=fantasy, publisher=Allen & Unwin, language=ger")
  }

  @Test func withoutTheKeysBothSourcesAreAskedPolitely() throws {
    let catalog = try CatalogLoader.parse(
      "site:\n  title: T\ncollections:\n  - title: A\n    isbns: [9780306406157]\n", file: "c.yml",
      directory: ".")
    #expect(catalog.sources == [.googleBooks, .openLibrary])
    #expect(catalog.openLibrary == OpenLibrarySettings())
    #expect(catalog.openLibrary.apiURL == "https://openlibrary.org")
    #expect(catalog.openLibrary.effectiveRequestsPerSecond == 1)
  }

  @Test(arguments: ["me@example.org", "https://shelf.example/about", "http://x.org"])
  func contactsAreEmailsOrURLs(_ contact: String) {
    #expect(CatalogRules.isContact(contact))
  }

  @Test(arguments: [
    "me", "me@", "@example.org", "me@localhost", "a@b.c\r\nX-Evil: 1", "me (x)@example.org", "ftp://x.org",
    "mé@example.org", "",
  ])
  func anythingElseIsNoContact(_ contact: String) {
    #expect(!CatalogRules.isContact(contact))
  }
}
