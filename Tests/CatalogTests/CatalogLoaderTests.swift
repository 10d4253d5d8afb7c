import Diagnostics
import Foundation
import Testing

@testable import Catalog

@Suite struct CatalogLoaderTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  @Test func decodesEveryKey() throws {
    let path = Self.fixtures.appendingPathComponent("valid/full.yml").path
    let catalog = try CatalogLoader.load(path: path)
    let expected = Catalog(
      site: SiteSettings(
        title: "Shelf of 書", baseURL: "https://me.github.io/books/", language: "zh-TW",
        description: "My **reading** list.\n\nUpdated weekly.\n", author: "Ada", booksPerPage: 48,
        timeZone: "Europe/Paris", strings: ["buy": "購買", "preview": "Preview"]),
      googleBooks: GoogleBooksSettings(
        apiKeyEnv: "MY_BOOKS_KEY", country: "TW", langRestrict: "zh", printType: "books",
        filter: "ebooks", orderBy: "newest", projection: "lite",
        apiURL: "http://127.0.0.1:8080/books/v1", details: .full, maxRequests: 500,
        requestsPerSecond: 2.5, retries: 2, timeout: 12.5),
      cache: CacheSettings(dir: "cache/books", maxAge: 129_600, notFoundMaxAge: 21_600),
      collections: [
        Collection(
          title: "Science Fiction", slug: "science-fiction", description: "Space and time.\n",
          queries: [
            Query(q: "subject:fiction intitle:dune"),
            Query(
              q: "inauthor:\"Ursula K. Le Guin\"", maxResults: 80, orderBy: "relevance",
              langRestrict: "en", printType: "books", filter: "partial"),
          ],
          isbns: [
            ISBN(isbn13: "9780306406157"), ISBN(isbn13: "9780201616224"), ISBN(isbn13: "9780201616224"),
          ],
          sort: .title, location: SourceLocation(file: path, line: 42, column: 5)),
        Collection(
          title: "日本の小説", slug: "japanese-novels", volumes: ["zyTCAlFPjgYC", "_ojXNuzgHRcC"],
          sort: .dateAscending, details: .list, location: SourceLocation(file: path, line: 58, column: 5)),
      ],
      books: [
        "9780306406157": BookEntry(note: "Read it *twice*.\n", tags: ["math", "favourite"]),
        "zyTCAlFPjgYC": BookEntry(
          overrides: BookOverrides(
            title: "The Real Title", subtitle: "A Novel", authors: ["A. Author", "B. Author"],
            publisher: "Tor", publishedDate: "1965-08", description: "Fixed.", pageCount: 412,
            language: "en", categories: ["Fiction"], cover: "https://example.com/c.jpg")),
        "9784101092058": BookEntry(),
      ],
      directory: Self.fixtures.appendingPathComponent("valid").path)
    #expect(catalog.withoutPlaces == expected)
  }

  /// Where `books:` keys and `site.base_url` are, for warnings after loading.
  @Test func remembersWhereTheBooksKeysAndTheBaseURLAre() throws {
    let path = Self.fixtures.appendingPathComponent("valid/full.yml").path
    let places = try CatalogLoader.load(path: path).places
    #expect(
      places.books.mapValues(\.location.line) == [
        "9780306406157": 65, "zyTCAlFPjgYC": 69, "9784101092058": 81,
      ])
    let isbn = try #require(places.books["9780306406157"])
    #expect(
      isbn.warning("w").description == """
        \(path):65:3: warning: w
          0-306-40615-2:
          ^~~~~~~~~~~~~
        """)
    #expect(places.baseURL?.location == SourceLocation(file: path, line: 4, column: 13))
    #expect(places.baseURL?.length == "https://me.github.io/books".count)
  }

  @Test func decodesFlowStyleWithDefaults() throws {
    let path = Self.fixtures.appendingPathComponent("valid/flow.yml").path
    let text = try String(contentsOfFile: path, encoding: .utf8)
    // The same catalog with a BOM and CRLF line ends must decode identically.
    let crlf = "\u{FEFF}" + text.replacingOccurrences(of: "\n", with: "\r\n")
    for source in [text, crlf] {
      let catalog = try CatalogLoader.parse(source, file: "flow.yml", directory: "site")
      #expect(
        catalog.withoutPlaces
          == Catalog(
            site: SiteSettings(title: "Flow", baseURL: "http://example.com/"),
            collections: [
              Collection(
                title: "Sci-Fi", slug: "sci-fi", queries: [Query(q: "dune")],
                isbns: [ISBN(isbn13: "9780306406157"), ISBN(isbn13: "9780201616224")],
                location: SourceLocation(file: "flow.yml", line: 2, column: 16))
            ],
            books: ["9780306406157": BookEntry(note: "Great", tags: ["a"])], directory: "site"))
    }
  }

  @Test(arguments: [("catalog.yml", "."), ("site/catalog.yml", "site"), ("/a/b.yml", "/a")])
  func directoryOfThePath(path: String, directory: String) {
    #expect(CatalogLoader.directory(of: path) == directory)
  }

  @Test func missingFile() {
    let error = #expect(throws: CatalogError.self) {
      try CatalogLoader.load(path: "no/such/catalog.yml")
    }
    #expect(error == .fileNotFound(path: "no/such/catalog.yml"))
    #expect(
      error?.description
        == "error: catalog file 'no/such/catalog.yml' not found (create one with 'bookgen init' or pass '--catalog PATH')"
    )
  }

  @Test func directoryIsUnreadable() {
    let path = Self.fixtures.path
    let error = #expect(throws: CatalogError.self) { try CatalogLoader.load(path: path) }
    #expect(
      error?.description == "error: cannot read catalog file '\(path)': it is a folder, not a regular file")
  }

  @Test func shownNameIsUsedInMessagesAndRealPathForTheDirectory() throws {
    let valid = Self.fixtures.appendingPathComponent("valid/full.yml").path
    let catalog = try CatalogLoader.load(path: valid, shownAs: "full.yml")
    #expect(catalog.site.title == "Shelf of 書")
    #expect(catalog.directory == Self.fixtures.appendingPathComponent("valid").path)

    let missing = #expect(throws: CatalogError.self) {
      try CatalogLoader.load(path: Self.fixtures.appendingPathComponent("none.yml").path, shownAs: "none.yml")
    }
    #expect(missing == .fileNotFound(path: "none.yml"))
    let folder = #expect(throws: CatalogError.self) {
      try CatalogLoader.load(path: Self.fixtures.path, shownAs: "Fixtures")
    }
    #expect(
      folder?.description == "error: cannot read catalog file 'Fixtures': it is a folder, not a regular file")
    let broken = #expect(throws: CatalogError.self) {
      try CatalogLoader.load(
        path: Self.fixtures.appendingPathComponent("broken/choices.yml").path, shownAs: "my/choices.yml")
    }
    let expected = try String(
      contentsOf: Self.fixtures.appendingPathComponent("broken/choices.expected"), encoding: .utf8)
    #expect(
      (broken?.description ?? "") + "\n"
        == expected.replacing("catalog.yml:", with: "my/choices.yml:"))
  }

  @Test(arguments: ["", "\n\n", "# nothing yet\n", "\u{FEFF}", "---\n"])
  func emptyFile(text: String) {
    let error = #expect(throws: CatalogError.self) {
      try CatalogLoader.parse(text, file: "catalog.yml", directory: ".")
    }
    #expect(error == .empty(path: "catalog.yml"))
    #expect(
      error?.description
        == "error: catalog.yml is empty: add at least 'site' and 'collections'"
        + " (see the catalog reference, docs/catalog.md)")
  }
}

@Suite struct ReferenceExampleTests {
  /// The catalog reference's complete example must stay a valid catalog.
  @Test func completeExampleIsValid() throws {
    let reference = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/catalog.md")
    let text = try String(contentsOf: reference, encoding: .utf8)
    let heading = try #require(text.range(of: "## A complete example"))
    let start = try #require(text.range(of: "```yaml\n", range: heading.upperBound..<text.endIndex))
    let end = try #require(text.range(of: "```", range: start.upperBound..<text.endIndex))
    let catalog = try CatalogLoader.parse(
      String(text[start.upperBound..<end.lowerBound]), file: "docs/catalog.md", directory: ".")
    #expect(catalog.collections.map(\.slug) == ["science-fiction", "japanese-novels"])
    #expect(catalog.collections[0].queries[1].maxResults == 120)
    #expect(catalog.collections[0].isbns.map(\.isbn13) == ["9780441172719", "9780441478125"])
    #expect(catalog.books.keys.sorted() == ["9780441172719", "zyTCAlFPjgYC"])
  }
}

@Suite struct ExampleCatalogTests {
  /// The example site's catalog.yml at the repository root must load.
  @Test func repositoryCatalogLoads() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let catalog = try CatalogLoader.load(path: root.appendingPathComponent("catalog.yml").path)
    #expect(!catalog.collections.isEmpty)
    #expect(Set(catalog.collections.map(\.slug)).count == catalog.collections.count)
  }
}

extension Catalog {
  /// The catalog without the source positions the loader records.
  var withoutPlaces: Catalog {
    var catalog = self
    catalog.places = CatalogPlaces()
    return catalog
  }
}
