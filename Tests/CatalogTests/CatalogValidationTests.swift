import Diagnostics
import Foundation
import Testing

@testable import Catalog

@Suite struct CatalogValidationTests {
  private func diagnostics(_ yaml: String) -> [Diagnostic] {
    let error = #expect(throws: CatalogError.self) {
      try CatalogLoader.parse(yaml, file: "catalog.yml", directory: ".")
    }
    guard case .invalid(let diagnostics) = error else {
      Issue.record("expected .invalid, got \(String(describing: error))")
      return []
    }
    return diagnostics
  }

  @Test func threeMistakesGiveThreeLocatedErrorsInOneThrow() {
    let found = diagnostics(
      """
      site:
        titel: Books
        base_url: ftp://x
      collections:
        - title: A
          queries: [{q: a, max_results: 5000}]
      """)
    #expect(
      found.map(\.headline) == [
        "catalog.yml:1:1: error: missing required key 'site.title'",
        "catalog.yml:2:3: error: unknown key 'titel' in 'site' (did you mean 'title'?)",
        "catalog.yml:3:13: error: 'site.base_url' must be an http(s) URL, got 'ftp://x'",
        "catalog.yml:6:35: error: 'collections[0].queries[0].max_results' must be an integer from 1 to 1000, got '5000'",
      ])
  }

  @Test func indexPagesAreChosenByName() throws {
    func pages(_ line: String) throws -> Set<IndexPage> {
      try CatalogLoader.parse(
        "site:\n  title: T\n\(line)collections: [{title: A}]\n", file: "catalog.yml", directory: "."
      ).site.indexPages
    }
    // Without the key, authors, categories and tags (Hugo's default taxonomies are categories
    // and tags).
    #expect(try pages("") == [.authors, .categories, .tags])
    #expect(IndexPage.defaults == [.authors, .categories, .tags])
    #expect(try pages("  index_pages:\n") == IndexPage.defaults)
    #expect(try pages("  index_pages: []\n") == [])
    #expect(try pages("  index_pages: [years, authors, years]\n") == [.years, .authors])
    let found = diagnostics(
      "site:\n  title: T\n  index_pages: [authors, author, 3]\ncollections: [{title: A}]\n")
    #expect(
      found.map(\.headline) == [
        "catalog.yml:3:26: error: 'site.index_pages[1]' must be one of 'authors', 'categories', 'publishers', 'years', 'languages', 'tags', got 'author' (did you mean 'authors'?)",
        "catalog.yml:3:34: error: 'site.index_pages[2]' must be one of 'authors', 'categories', 'publishers', 'years', 'languages', 'tags', got '3'",
      ])
    #expect(
      diagnostics("site:\n  title: T\n  index_pages: authors\ncollections: [{title: A}]\n").map(\.headline)
        == [
          "catalog.yml:3:16: error: 'site.index_pages' must be a list, got a string"
        ])
  }

  @Test func embedCardsIsABooleanOffByDefault() throws {
    func cards(_ line: String) throws -> Bool {
      try CatalogLoader.parse(
        "site:\n  title: T\n\(line)collections: [{title: A}]\n", file: "catalog.yml", directory: "."
      ).site.embedCards
    }
    #expect(try cards("") == false)
    #expect(try cards("  embed_cards: true\n") == true)
    #expect(try cards("  embed_cards: false\n") == false)
    #expect(
      diagnostics("site:\n  title: T\n  embed_cards: yes\ncollections: [{title: A}]\n").map(\.headline) == [
        "catalog.yml:3:16: error: 'site.embed_cards' must be 'true' or 'false', got 'yes' (did you mean 'true'?)"
      ])
  }

  /// An entry with a built-in status's slug is that shelf's settings: no title needed.
  @Test func aBuiltInShelfsEntryNeedsNoTitle() throws {
    let catalog = try CatalogLoader.parse(
      "site:\n  title: T\ncollections: [{title: A}]\nshelves:\n  - slug: read\n    sort: rating\n",
      file: "catalog.yml", directory: ".")
    #expect(catalog.shelves == [Shelf(title: "", slug: "read", sort: .rating)])
    #expect(
      diagnostics("site:\n  title: T\ncollections: [{title: A}]\nshelves:\n  - slug: read\n    sort: ratin\n")
        .map(\.headline) == [
          "catalog.yml:6:11: error: 'shelves[0].sort' must be one of 'title', 'date', 'date_asc', 'author', "
            + "'date_added', 'date_read', 'rating', got 'ratin' (did you mean 'rating'?)"
        ])
  }

  @Test func aTermNeedsTwoBooksForAPageUnlessTheCatalogSaysOtherwise() throws {
    func site(_ line: String) throws -> SiteSettings {
      try CatalogLoader.parse(
        "site:\n  title: T\n\(line)collections: [{title: A}]\n", file: "catalog.yml", directory: "."
      ).site
    }
    #expect(try site("").indexMinBooks == 2)
    #expect(try site("  index_min_books: 1\n").indexMinBooks == 1)
    #expect(try site("").opdsAllBooks == false)
    #expect(try site("  opds_all_books: true\n").opdsAllBooks == true)
    #expect(
      diagnostics(
        "site:\n  title: T\n  index_min_books: 0\n  opds_all_books: yes\ncollections: [{title: A}]\n"
      )
      .map(\.headline) == [
        "catalog.yml:3:20: error: 'site.index_min_books' must be an integer from 1 to 1000, got '0'",
        "catalog.yml:4:19: error: 'site.opds_all_books' must be 'true' or 'false', got 'yes' (did you mean 'true'?)",
      ])
  }

  @Test func problemsAreSortedByPositionNotByDiscovery() {
    // `books` is decoded after `collections`, but comes first in the file.
    let found = diagnostics(
      """
      books:
        ../x: {}
      collections:
        - {title: A, volumes: [../y]}
      site: {title: T}
      """)
    #expect(found.compactMap(\.location?.line) == [2, 4])
  }

  @Test func apiKeysNeverAppearInOutput() {
    let key = "AIzaSyD-" + String(repeating: "k", count: 31)
    let text = diagnostics(
      """
      site: {title: T}
      google_books: {api_key_env: \(key)}
      collections: [{title: A}]
      \(key): 1
      """
    ).map(\.description).joined(separator: "\n")
    #expect(!text.contains("AIza"))
    #expect(
      text == """
        catalog.yml:2:29: error: 'google_books.api_key_env' looks like an API key: put the key in the environment, not in catalog.yml, and name the variable here (e.g. GOOGLE_BOOKS_API_KEY)
        google_books: {api_key_env: <redacted>}
                                    ^~~~~~~~~~
        catalog.yml:4:1: error: unknown key '<redacted>'
        <redacted>: 1
        ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
        """)
  }

  @Test func defaultsApplyWhenSectionsAreOmitted() throws {
    let catalog = try CatalogLoader.parse(
      "site: {title: T}\ncollections: [{title: A}]\n", file: "c.yml", directory: ".")
    #expect(catalog.site == SiteSettings(title: "T"))
    #expect(catalog.googleBooks == GoogleBooksSettings())
    #expect(catalog.cache == CacheSettings())
    #expect(catalog.collections.map(\.slug) == ["a"])
    #expect(catalog.books.isEmpty)
  }

  @Test func explicitNullKeepsTheDefault() throws {
    let catalog = try CatalogLoader.parse(
      "site: {title: T, language: ~, books_per_page: }\ncache:\ncollections: [{title: A}]\n",
      file: "c.yml", directory: ".")
    #expect(catalog.site.language == "en")
    #expect(catalog.site.booksPerPage == 24)
  }

  @Test func crlfAndBOMKeepPositionsAndCleanSourceLines() {
    let found = diagnostics("\u{FEFF}site:\r\n  title: T\r\n  titel: U\r\ncollections: [{title: A}]\r\n")
    #expect(
      found.map(\.description) == [
        "catalog.yml:3:3: error: unknown key 'titel' in 'site' (did you mean 'title'?)\n  titel: U\n  ^~~~~"
      ])
  }

  @Test func syntaxErrorsKeepTheirSourceLine() {
    let found = diagnostics("site:\n  title: 'open\ncollections: []\n")
    #expect(
      found.map(\.description) == [
        "catalog.yml:4:1: error: invalid YAML: the quote opened at line 2, column 10 is never closed "
          + "(found unexpected end of stream, while scanning a quoted scalar at line 2, column 10)"
      ])
  }
}
