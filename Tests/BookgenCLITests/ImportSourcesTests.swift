import Foundation
import TestSupport
import Testing

@testable import BookgenCLI

/// Rows without a usable ISBN matched through the sources in `sources:` order (the next one
/// asked when one finds nothing, refuses with HTTP 429 or cannot be reached), and imported
/// books built offline without their source data.
@Suite struct ImportSourcesTests {
  static let catalog = """
    site:
      title: "Reading"
      base_url: "https://me.test/books/"
    google_books:
      country: US
      retries: 0
    open_library:
      contact: me@example.test
      requests_per_second: 1000
      retries: 0
    collections:
      - title: "Favourites"
        isbns: ["9780441172719"]

    """

  /// Three rows without ISBN: one Google knows, one only Open Library knows, one nobody does.
  static let export =
    GoodreadsExport.header + "\n"
    + #"1,The Eyre Affair (Thursday Next #1),Jasper Fforde,"Fforde, Jasper",,="",="",4,3.9,Penguin,Paperback,374,2003,2001,2022/01/09,2021/12/01,,,read,,,,1,0"#
    + "\n"
    + #"2,Mr Cadno Campus,Roald Dahl,"Dahl, Roald",,="",9.78190E+12,0,4.0,Rily,Paperback,82,2009,1970,,2023/05/05,"welsh, gifts","welsh (#1), gifts (#2)",to-read,,,,0,1"#
    + "\n"
    + #"3,An Unfindable Pamphlet,Nobody Known,"Known, Nobody",,B00UNKNOWN,,0,0,Self,Kindle Edition,12,2020,2020,,2024/02/02,,,to-read,,,,0,0"#
    + "\n"

  static func google() -> FakeGoogleBooks {
    let google = FakeGoogleBooks()
    google.setSearch(
      #"intitle:"The Eyre Affair" inauthor:"Jasper Fforde""#,
      results: [
        FakeGoogleBooks.volumeJSON(id: "eyreNovel01", title: "The Eyre Affair", authors: ["Jasper Fforde"])
      ])
    return google
  }

  static func library(withEyre: Bool = false) -> FakeOpenLibrary {
    let library = FakeOpenLibrary()
    library.setSearch(
      ["title": "Mr Cadno Campus", "author": "Roald Dahl"],
      docs: [
        FakeOpenLibrary.doc(work: "OL9W", title: "Mr Cadno Campus", authors: ["Someone Else"]),
        FakeOpenLibrary.doc(
          work: "OL45804W", title: "Mr Cadno Campus", authors: ["Roald Dahl"], coverEdition: "OL38238484M"),
      ])
    if withEyre {
      library.setSearch(
        ["title": "The Eyre Affair", "author": "Jasper Fforde"],
        docs: [FakeOpenLibrary.doc(work: "OL1W", title: "The Eyre Affair", authors: ["Jasper Fforde"])])
    }
    return library
  }

  private func withSite(
    catalog: String = Self.catalog, _ body: (String) async throws -> Void
  ) async throws {
    let root = TestSupport.makeTemporaryDirectory("bookgen-import-sources")
    defer { TestSupport.removeTemporaryDirectory(root) }
    try catalog.write(toFile: root + "/catalog.yml", atomically: true, encoding: .utf8)
    try Self.export.write(toFile: root + "/export.csv", atomically: true, encoding: .utf8)
    try await body(root)
  }

  @Test func whatGoogleDoesNotFindOpenLibraryIsAskedFor() async throws {
    let google = FakeGoogleBooksServer(google: Self.google())
    let library = FakeOpenLibraryServer(library: Self.library())
    try google.start()
    try library.start()
    try await withSite { root in
      let result = await runCLI(
        ["import", "goodreads", "export.csv"], in: root,
        variables: ["BOOKGEN_API_URL": google.apiURL, "BOOKGEN_OPENLIBRARY_URL": library.apiURL])
      #expect(
        result
          == CLIResult(
            status: 0, stdout: "",
            stderr: """
              warning: the ISBN "9.78190E+12" of export.csv:3 was rounded by a spreadsheet and lost its last digits, so the row was looked up by title; export the file again, or format the column as text before saving it
              Found by title and author (check them: 'matched_by: title' in goodreads.yml):
                export.csv:2: The Eyre Affair by Jasper Fforde → eyreNovel01
                export.csv:3: Mr Cadno Campus by Roald Dahl → OL38238484M (ISBN "9.78190E+12" rounded)
              Kept without source data (no usable ISBN, no book found by title):
                export.csv:4: An Unfindable Pamphlet by Nobody Known → goodreads:3
              Added goodreads.yml to 'include' in catalog.yml
              Imported 3 books from export.csv into goodreads.yml in 0.3 s

              """))
      // Google was asked for all three; Open Library for the two it did not find, by title and
      // author, for the search documents alone (no record requests).
      #expect(google.google.requestCount == 3)
      #expect(
        library.library.requests.sorted()
          == [
            "/search.json?author=Roald%20Dahl&fields=key%2Ctitle%2Csubtitle%2Cauthor_name%2Cauthor_key%2C"
              + "first_publish_year%2Ccover_i%2Ccover_edition_key%2Clanguage%2Csubject%2Cpublisher%2C"
              + "number_of_pages_median&limit=5&title=Mr%20Cadno%20Campus",
            "/search.json?author=Nobody%20Known&fields=key%2Ctitle%2Csubtitle%2Cauthor_name%2Cauthor_key%2C"
              + "first_publish_year%2Ccover_i%2Ccover_edition_key%2Clanguage%2Csubject%2Cpublisher%2C"
              + "number_of_pages_median&limit=5&title=An%20Unfindable%20Pamphlet",
          ].sorted())
      #expect(library.library.userAgents.allSatisfy { $0 == "bookgen/0.1.0 (+mailto:me@example.test)" })
      let imported = try String(contentsOfFile: root + "/goodreads.yml", encoding: .utf8)
      #expect(
        imported.contains(
          """
            "OL38238484M":
              status: to-read
              date_added: 2023-05-05
              format: paperback
              owned: true
              tags: ["welsh", "gifts"]
              # ISBN "9.78190E+12": a spreadsheet rounded it, so its last digits are lost
              imported:
                source: goodreads
                id: "2"
                title: "Mr Cadno Campus"
                authors: ["Roald Dahl"]
                isbn: "9.78190E+12"
                publisher: "Rily"
                page_count: 82
                published: 1970
                matched_by: title
                match_source: open_library

          """))

      // Importing again asks nobody: the matches are kept, the answers cached.
      let again = await runCLI(
        ["import", "goodreads", "export.csv", "-q"], in: root,
        variables: ["BOOKGEN_API_URL": google.apiURL, "BOOKGEN_OPENLIBRARY_URL": library.apiURL])
      #expect(again == CLIResult(status: 0, stdout: "", stderr: ""))
      #expect(google.google.requestCount == 3)
      #expect(library.library.requestCount == 2)
    }
    await google.stop()
    await library.stop()
  }

  @Test func aRefusingOrUnreachableGoogleLeavesTheSearchesToOpenLibrary() async throws {
    let google = FakeGoogleBooksServer(google: Self.google())
    google.google.script(
      "volumes",
      Array(repeating: .error(status: 429, reason: "rateLimitExceeded", message: "Quota exceeded"), count: 3))
    let library = FakeOpenLibraryServer(library: Self.library(withEyre: true))
    try google.start()
    try library.start()
    let report = """
      warning: the ISBN "9.78190E+12" of export.csv:3 was rounded by a spreadsheet and lost its last digits, so the row was looked up by title; export the file again, or format the column as text before saving it
      Found by title and author (check them: 'matched_by: title' in goodreads.yml):
        export.csv:2: The Eyre Affair by Jasper Fforde → OL1W
        export.csv:3: Mr Cadno Campus by Roald Dahl → OL38238484M (ISBN "9.78190E+12" rounded)
      Kept without source data (no usable ISBN, no book found by title):
        export.csv:4: An Unfindable Pamphlet by Nobody Known → goodreads:3
      Added goodreads.yml to 'include' in catalog.yml
      Imported 3 books from export.csv into goodreads.yml in 0.3 s

      """
    try await withSite { root in
      let refused = await runCLI(
        ["import", "goodreads", "export.csv"], in: root,
        variables: ["BOOKGEN_API_URL": google.apiURL, "BOOKGEN_OPENLIBRARY_URL": library.apiURL])
      #expect(refused == CLIResult(status: 0, stdout: "", stderr: report))
      #expect(google.google.requestCount == 3)
      #expect(library.library.requestCount == 3)
    }
    try await withSite { root in
      // Nothing listens on port 9 of this machine: Google cannot be reached.
      let unreachable = await runCLI(
        ["import", "goodreads", "export.csv"], in: root,
        variables: ["BOOKGEN_API_URL": "http://127.0.0.1:9", "BOOKGEN_OPENLIBRARY_URL": library.apiURL])
      #expect(unreachable == CLIResult(status: 0, stdout: "", stderr: report))
    }
    await google.stop()
    await library.stop()
  }

  @Test func rowsNoSourceCouldBeAskedForAreSaidAndKept() async throws {
    let google = FakeGoogleBooksServer(google: Self.google())
    google.google.script(
      "volumes",
      Array(repeating: .error(status: 429, reason: "rateLimitExceeded", message: "Quota exceeded"), count: 3))
    try google.start()
    try await withSite { root in
      let result = await runCLI(
        ["import", "goodreads", "export.csv"], in: root,
        variables: ["BOOKGEN_API_URL": google.apiURL, "BOOKGEN_OPENLIBRARY_URL": "http://127.0.0.1:9"])
      #expect(
        result
          == CLIResult(
            status: 0, stdout: "",
            stderr: """
              warning: the ISBN "9.78190E+12" of export.csv:3 was rounded by a spreadsheet and lost its last digits, so the row was looked up by title; export the file again, or format the column as text before saving it
              Kept without source data (no usable ISBN, no book found by title):
                export.csv:2: The Eyre Affair by Jasper Fforde → goodreads:1
                export.csv:3: Mr Cadno Campus by Roald Dahl → goodreads:2 (ISBN "9.78190E+12" rounded)
                export.csv:4: An Unfindable Pamphlet by Nobody Known → goodreads:3
              Added goodreads.yml to 'include' in catalog.yml
              warning: 3 rows not searched by title: Google Books and Open Library refused (HTTP 429) or could not be reached (importing again searches them)
              Imported 3 books from export.csv into goodreads.yml in 0.3 s

              """))
    }
    await google.stop()
  }

  @Test func openLibraryFirstIsAskedFirst() async throws {
    let google = FakeGoogleBooksServer(google: Self.google())
    let library = FakeOpenLibraryServer(library: Self.library())
    try google.start()
    try library.start()
    let catalog = Self.catalog.replacingOccurrences(
      of: "collections:", with: "sources: [open_library, google_books]\ncollections:")
    try await withSite(catalog: catalog) { root in
      let result = await runCLI(
        ["import", "goodreads", "export.csv", "-q"], in: root,
        variables: ["BOOKGEN_API_URL": google.apiURL, "BOOKGEN_OPENLIBRARY_URL": library.apiURL])
      #expect(result == CLIResult(status: 0, stdout: "", stderr: ""))
      #expect(library.library.requestCount == 3)
      // Google only for the two Open Library did not find.
      #expect(google.google.requestCount == 2)
      let imported = try String(contentsOfFile: root + "/goodreads.yml", encoding: .utf8)
      #expect(imported.contains("  \"OL38238484M\":\n"))
      #expect(imported.contains("  \"eyreNovel01\":\n"))
    }
    await google.stop()
    await library.stop()
  }

  @Test func anImportedBookBuildsOfflineWithoutItsSourceDataAndAHandWrittenOneDoesNot() async throws {
    let csv =
      GoodreadsExport.header + "\n"
      + #"5,Dune (Dune #1),Frank Herbert,"Herbert, Frank",,="0441172717",="9780441172719",5,4.2,Ace,Paperback,604,1990,1965,2023/08/14,2019/03/02,,,read,,,,1,1"#
      + "\n"
    let catalog = """
      site:
        title: "Reading"
        base_url: "https://me.test/books/"
      collections:
        - title: "Mine"
          books: ["9780441172719"]

      """
    let root = TestSupport.makeTemporaryDirectory("bookgen-import-offline")
    defer { TestSupport.removeTemporaryDirectory(root) }
    try catalog.write(toFile: root + "/catalog.yml", atomically: true, encoding: .utf8)
    try csv.write(toFile: root + "/export.csv", atomically: true, encoding: .utf8)
    let imported = await runCLI(["import", "goodreads", "export.csv", "--offline", "-q"], in: root)
    #expect(imported == CLIResult(status: 0, stdout: "", stderr: ""))

    let built = await runCLI(["build", "--offline"], in: root)
    #expect(
      built
        == CLIResult(
          status: 0, stdout: "",
          stderr: """
            fetch: mine: 0 volumes
            fetch: goodreads: 0 volumes
            Fetched 0 volumes: 0 requests, 0 cache hits, 0 retries, 1 warning
            warning: offline: 1 imported book has no cached Google Books data: shown with the export's title and authors until a run with the network fetches it
            Built 1 book, 13 pages in 0.3 s

            """))
    let page = try #require(try BuiltBookPages(output: root + "/public").pages.first)
    #expect(page.title == "Dune")
    #expect(page.authors == ["Frank Herbert"])
    #expect(page.series == "Book 1 in Dune")
    #expect(page.myRating == "5")
    #expect(page.attribution == "From my Goodreads export: no book source has this one")

    // An ISBN the owner wrote in catalog.yml is no import's: offline without its entry, the
    // build fails as it always has.
    let own = try String(contentsOfFile: root + "/catalog.yml", encoding: .utf8).replacingOccurrences(
      of: "books: [\"9780441172719\"]", with: "books: [\"9780441172719\", \"9780141036144\"]")
    try own.write(toFile: root + "/catalog.yml", atomically: true, encoding: .utf8)
    let failed = await runCLI(["build", "--offline"], in: root)
    #expect(failed.status == 1)
    #expect(
      failed.stderr == """
        error: 'bookgen build' failed while fetching volumes
        caused by: offline, and 1 cache entry is missing (run without --offline to fetch):
          ISBN 9780141036144 in collection 'mine': volumes?maxResults=10&q=isbn%3A9780141036144&startIndex=0

        """)
  }

  @Test func booksImportedByOpenLibraryIDBuildOfflineWithoutTheirSourceData() async throws {
    let csv = """
      Work ID,Title,Authors,First Publish Year,Edition ID,Edition Count,Bookshelf,My Ratings
      OL102749W,Brave New World,Aldous Huxley,1932,,243,Currently Reading,
      OL361393W,The Cat in the Hat,Dr. Seuss,1957,OL7798182M,108,Already Read,4

      """
    let catalog = """
      site:
        title: "Reading"
        base_url: "https://me.test/books/"
      collections:
        - title: "Mine"
          isbns: []

      """
    let root = TestSupport.makeTemporaryDirectory("bookgen-import-offline-olid")
    defer { TestSupport.removeTemporaryDirectory(root) }
    try catalog.write(toFile: root + "/catalog.yml", atomically: true, encoding: .utf8)
    try csv.write(toFile: root + "/OpenLibrary_ReadingLog.csv", atomically: true, encoding: .utf8)
    let imported = await runCLI(["import", "OpenLibrary_ReadingLog.csv", "--offline", "-q"], in: root)
    #expect(imported == CLIResult(status: 0, stdout: "", stderr: ""))

    // The work is asked for by its work record, the edition through the books API: neither
    // is cached, and neither fails the build.
    let built = await runCLI(["build", "--offline"], in: root)
    #expect(built.status == 0)
    #expect(
      built.stderr.contains(
        "warning: offline: 2 imported books have no cached Open Library data: shown with the export's title "
          + "and authors until a run with the network fetches it"))
    let pages = try BuiltBookPages(output: root + "/public").pages
    #expect(pages.map(\.title).sorted() == ["Brave New World", "The Cat in the Hat"])
    #expect(pages.first { $0.title == "The Cat in the Hat" }?.authors == ["Dr. Seuss"])

    // An Open Library id the owner wrote in catalog.yml is no import's: offline without its
    // entry, the build fails.
    let own = try String(contentsOfFile: root + "/catalog.yml", encoding: .utf8).replacingOccurrences(
      of: "isbns: []", with: "open_library_ids: [OL7353617M]")
    try own.write(toFile: root + "/catalog.yml", atomically: true, encoding: .utf8)
    let failed = await runCLI(["build", "--offline"], in: root)
    #expect(failed.status == 1)
    #expect(failed.stderr.contains("OLID OL7353617M"))
  }
}
