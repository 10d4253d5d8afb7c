import Foundation
import TestSupport
import Testing

@testable import BookgenCLI

/// `bookgen import`: an export in, a file the catalog includes out, and a report of what to check.
@Suite struct ImportCommandTests {
  static let exports = Fixtures.packageRoot.appendingPathComponent("Tests/ImportTests/Fixtures")

  static let catalog = """
    # My books. These comments are mine.
    site:
      title: "Reading"
      base_url: "https://me.test/books/"
    google_books:
      country: US
    collections:
      - title: "Favourites"
        isbns: ["9780441172719"]
    books:
      "9780441172719":
        rating: 4.5   # mine, not Goodreads'
        note: My own words.

    """

  /// A folder with the catalog and the Goodreads export.
  private func withSite(_ body: (String) async throws -> Void) async throws {
    let root = TestSupport.makeTemporaryDirectory("bookgen-import-cli")
    defer { TestSupport.removeTemporaryDirectory(root) }
    try write(Self.catalog, to: root + "/catalog.yml")
    try FileManager.default.copyItem(
      atPath: Self.exports.appendingPathComponent("goodreads_library_export.csv").path,
      toPath: root + "/export.csv")
    try await body(root)
  }

  /// Answers the title searches the export's rows without ISBN lead to.
  static func startServer() throws -> FakeGoogleBooksServer {
    let google = FakeGoogleBooks()
    google.setSearch(
      "intitle:\"The Eyre Affair\" inauthor:\"Jasper Fforde\"",
      results: [
        FakeGoogleBooks.volumeJSON(id: "eyreNovel01", title: "The Eyre Affair", authors: ["Jasper Fforde"])
      ])
    google.setSearch(
      "intitle:\"The Martian\" inauthor:\"Andy Weir\"",
      results: [
        // A namesake by someone else comes first: the author decides.
        FakeGoogleBooks.volumeJSON(id: "otherMars01", title: "The Martian", authors: ["Someone Else"]),
        FakeGoogleBooks.volumeJSON(id: "martian0001", title: "The Martian", authors: ["Andy Weir"]),
      ])
    let server = FakeGoogleBooksServer(google: google)
    try server.start()
    return server
  }

  @Test func importsMatchesByTitleAndReportsWhatToCheck() async throws {
    let server = try Self.startServer()
    try await withSite { root in
      let result = await runCLI(
        ["import", "goodreads", "export.csv"], in: root, variables: ["BOOKGEN_API_URL": server.apiURL])
      #expect(result.status == 0)
      #expect(result.stdout == "")
      #expect(
        result.stderr == """
          note: open_library.contact is not set: Open Library was asked at its anonymous rate (one request a second); set it to your e-mail address or site URL to be identified (three a second)
          Found by title and author (check them: 'matched_by: title' in goodreads.yml):
            export.csv:3: The Eyre Affair by Jasper Fforde → eyreNovel01
            export.csv:5: The Martian by Andy Weir → martian0001
          Kept without source data (no usable ISBN, no book found by title):
            export.csv:10: Harry Potter Boxed Set by J.K. Rowling → goodreads:99999991
          Rows whose book an earlier row has, kept under their export's id:
            export.csv:11: Dune Messiah (same book as line 2)
          Your entries in catalog.yml win over the import's (the import's value is not used):
            catalog.yml:12:5: 'rating' of 9780441172719 (the import's: goodreads.yml:22:5)
            catalog.yml:13:5: 'note' of 9780441172719 (the import's: goodreads.yml:31:5)
          Added goodreads.yml to 'include' in catalog.yml
          Imported 7 books from export.csv into goodreads.yml in 0.3 s

          """)
      // The owner's file gained one line and lost nothing.
      let catalog = try String(contentsOfFile: root + "/catalog.yml", encoding: .utf8)
      #expect(catalog == Self.catalog + "include: [goodreads.yml]\n")
      let imported = try String(contentsOfFile: root + "/goodreads.yml", encoding: .utf8)
      #expect(imported.contains("  \"eyreNovel01\":\n    status: did-not-finish\n"))
      #expect(imported.contains("      matched_by: title\n      match_source: google_books\n"))
      let searches = server.google.requestCount
      #expect(searches == 3)

      // Again, with a newer export: the same file, no new searches for rows matched before,
      // the catalog untouched.
      let again = await runCLI(
        ["import", "goodreads", "export.csv", "-q"], in: root, variables: ["BOOKGEN_API_URL": server.apiURL])
      #expect(again == CLIResult(status: 0, stdout: "", stderr: ""))
      #expect(try String(contentsOfFile: root + "/goodreads.yml", encoding: .utf8) == imported)
      #expect(try String(contentsOfFile: root + "/catalog.yml", encoding: .utf8) == catalog)
      #expect(server.google.requestCount == searches)
    }
    await server.stop()
  }

  @Test func theRequestBudgetIsKeptAndTheRowsItMissedAreSaid() async throws {
    let server = try Self.startServer()
    try await withSite { root in
      let result = await runCLI(
        ["import", "goodreads", "export.csv", "--max-requests", "1"], in: root,
        variables: ["BOOKGEN_API_URL": server.apiURL])
      #expect(result.status == 0)
      #expect(server.google.requestCount == 1)
      #expect(
        result.stderr.split(separator: "\n").last(where: { $0.hasPrefix("warning:") })
          == "warning: 2 rows not searched by title: the request budget ran out (importing again searches them)"
      )
      let imported = try String(contentsOfFile: root + "/goodreads.yml", encoding: .utf8)
      #expect(imported.contains("  \"eyreNovel01\":\n"))
      #expect(imported.contains("  \"goodreads:18007564\":\n"))
    }
    await server.stop()
  }

  @Test func offlineNothingIsLookedUp() async throws {
    try await withSite { root in
      let result = await runCLI(["import", "goodreads", "export.csv", "--offline", "-q"], in: root)
      #expect(result == CLIResult(status: 0, stdout: "", stderr: ""))
      let imported = try String(contentsOfFile: root + "/goodreads.yml", encoding: .utf8)
      #expect(imported.contains("  \"goodreads:40265832\":\n"))
      #expect(!imported.contains("      matched_by:"))
    }
  }

  /// A catalog without collections yet (or with `collections: []`) takes the import's: the
  /// import is what gives it one, and the site builds from it.
  @Test(arguments: ["collections: []\n", ""])
  func aCatalogWithoutCollectionsTakesTheImports(collections: String) async throws {
    let root = TestSupport.makeTemporaryDirectory("bookgen-import-no-collections")
    defer { TestSupport.removeTemporaryDirectory(root) }
    let catalog = "site:\n  title: \"Reading\"\n  base_url: \"https://me.test/books/\"\n" + collections
    try write(catalog, to: root + "/catalog.yml")
    try FileManager.default.copyItem(
      atPath: Self.exports.appendingPathComponent("goodreads_library_export.csv").path,
      toPath: root + "/export.csv")
    let result = await runCLI(["import", "goodreads", "export.csv", "--offline", "-q"], in: root)
    #expect(result == CLIResult(status: 0, stdout: "", stderr: ""))
    #expect(
      try String(contentsOfFile: root + "/catalog.yml", encoding: .utf8) == catalog
        + "include: [goodreads.yml]\n")
    let checked = await runCLI(["check"], in: root)
    #expect(checked.status == 0)

    // Without an import to add one, a catalog still needs a collection.
    try FileManager.default.removeItem(atPath: root + "/goodreads.yml")
    try write(catalog, to: root + "/catalog.yml")
    let built = await runCLI(["build", "--offline"], in: root)
    #expect(built.status == 1)
    #expect(
      built.stderr.contains(
        collections.isEmpty ? "missing required key 'collections'" : "must list at least one collection"))
  }

  /// A second app's export of a book the first already gave: the first import's values are
  /// kept, and the report says where they are, not that they are the owner's.
  @Test func aSecondImportIsToldWhichFileWins() async throws {
    try await withSite { root in
      let first = await runCLI(["import", "goodreads", "export.csv", "--offline", "-q"], in: root)
      #expect(first.status == 0)
      let header =
        "Title,Authors,Contributors,ISBN/UID,Format,Read Status,Date Added,Last Date Read,Dates Read,"
        + "Read Count,Moods,Pace,Character- or Plot-Driven?,Strong Character Development?,"
        + "Loveable Characters?,Diverse Characters?,Flawed Characters?,Star Rating,Review,"
        + "Content Warnings,Content Warning Description,Tags,Owned?"
      let row =
        ["Dune", "Frank Herbert", "", "9780441172719", "paperback", "to-read", "2024/01/01"]
        + Array(repeating: "", count: 10) + ["3"] + Array(repeating: "", count: 5)
      try write(header + "\n" + row.joined(separator: ",") + "\n", to: root + "/storygraph.csv")
      let second = await runCLI(["import", "storygraph", "storygraph.csv", "--offline"], in: root)
      #expect(second.status == 0)
      #expect(
        second.stderr.contains(
          "Entries in other files win over the import's (the import's value is not used):\n"))
      #expect(!second.stderr.contains("Your entries"))
      #expect(
        second.stderr.contains("  catalog.yml:12:5: 'rating' of 9780441172719 (the import's: storygraph.yml:")
      )
      #expect(
        second.stderr.split(separator: "\n").contains {
          $0.hasPrefix("  goodreads.yml:")
            && $0.contains("'status' of 9780441172719 (the import's: storygraph.yml:")
        })
    }
  }

  /// A date the export wrote in another shape is named with its row, and kept in the file.
  @Test func datesThatAreNoDatesAreListedWithTheirRows() async throws {
    try await withSite { root in
      var export = try String(contentsOfFile: root + "/export.csv", encoding: .utf8)
      export = export.replacingOccurrences(of: "2023/08/14", with: "summer 2023")
      try write(export, to: root + "/export.csv")
      let result = await runCLI(["import", "goodreads", "export.csv", "--offline"], in: root)
      #expect(result.status == 0)
      #expect(
        result.stderr.contains(
          "warning: 1 date not read: left out of their entries and kept as comments in goodreads.yml; write "
            + "them in catalog.yml\n"
            + "  export.csv:2: Dune by Frank Herbert: Date Read \"summer 2023\"\n"))
      let imported = try String(contentsOfFile: root + "/goodreads.yml", encoding: .utf8)
      #expect(imported.contains("    # Date Read \"summer 2023\": not a date bookgen reads, so left out\n"))
      let quiet = await runCLI(["import", "goodreads", "export.csv", "--offline", "-q"], in: root)
      #expect(quiet == CLIResult(status: 0, stdout: "", stderr: ""))
    }
  }

  /// A Calibre library folder, recognised as one and read from its database, which is left as
  /// it was; each book's cover is remembered for the owner.
  @Test func aCalibreLibraryFolderImports() async throws {
    try await withSite { root in
      try FileManager.default.createDirectory(atPath: root + "/lib", withIntermediateDirectories: true)
      let library = try CalibreLibraryFixture.make(in: root + "/lib")
      let before = try Data(contentsOf: URL(fileURLWithPath: library + "/metadata.db"))
      let result = await runCLI(["import", "lib/Calibre Library", "--offline"], in: root)
      #expect(
        result
          == CLIResult(
            status: 0, stdout: "",
            stderr: """
              Kept without source data (no usable ISBN, no book found by title):
                lib/Calibre Library (book 3): A Planted Path by Unknown → calibre:a6b0a1c2-0000-4000-8000-000000000003
              Added calibre.yml to 'include' in catalog.yml
              Imported 4 books from lib/Calibre Library into calibre.yml in 0.3 s

              """))
      // The cover copied into the site's folder, where the entry says.
      let imported = try String(contentsOfFile: root + "/calibre.yml", encoding: .utf8)
      let copy = "covers/calibre/3051ed45-8943-4900-a22a-d2704e3583df.jpg"
      #expect(imported.contains("      cover_file: \"\(copy)\"\n"), "\(imported)")
      let cover =
        (library as NSString).standardizingPath + "/Seanan McGuire/That Ain't Witchcraft (1)/cover.jpg"
      #expect(
        try Data(contentsOf: URL(fileURLWithPath: root + "/" + copy))
          == Data(contentsOf: URL(fileURLWithPath: cover)))
      #expect(try Data(contentsOf: URL(fileURLWithPath: library + "/metadata.db")) == before)
    }
  }

  /// A Calibre book's cover becomes its cover on the site, processed like the owner's own image
  /// files; importing again never replaces the copy (the owner may have put their own there).
  @Test func aCalibreCoverIsShownFromTheSite() async throws {
    try await withSite { root in
      try FileManager.default.createDirectory(atPath: root + "/lib", withIntermediateDirectories: true)
      let library = try CalibreLibraryFixture.make(in: root + "/lib")
      let cover = library + "/Seanan McGuire/That Ain't Witchcraft (1)/cover.jpg"
      try Data(FakeImageServer.fixture("progressive.jpg")).write(to: URL(fileURLWithPath: cover))
      #expect(await runCLI(["import", "lib/Calibre Library", "--offline", "-q"], in: root).status == 0)
      // Sources that know none of the books: each is built from what the export says.
      let fixture = try BuildFixture.start()
      fixture.google.setVolume(
        "dCOqDwAAQBAJ", json: FakeGoogleBooks.volumeJSON(id: "dCOqDwAAQBAJ", title: "Good Omens"))
      let build = await runCLI(["build", "-v"], in: root, variables: fixture.variables)
      await fixture.server.stop()
      #expect(build.status == 0, "\(build.stderr)")
      #expect(
        build.stderr.contains("Covers: 1 served from the site, 1 processed by this build"), "\(build.stderr)")
      // Each book's page (`books/<slug>/index.html`), not the list of all books.
      let pages = try FileManager.default.subpathsOfDirectory(atPath: root + "/public/books").filter {
        $0.hasSuffix("/index.html") && $0.split(separator: "/").count == 2 && !$0.hasPrefix("page/")
      }
      let shown = try pages.filter {
        try String(contentsOfFile: root + "/public/books/" + $0, encoding: .utf8).contains("<picture><source")
      }
      #expect(shown.count == 1, "\(pages)")
      #expect(shown.first?.contains("witchcraft") == true, "\(shown)")

      let copy = root + "/covers/calibre/3051ed45-8943-4900-a22a-d2704e3583df.jpg"
      let own = FakeImageServer.fixture("baseline.jpg")
      try Data(own).write(to: URL(fileURLWithPath: copy))
      #expect(await runCLI(["import", "lib/Calibre Library", "--offline", "-q"], in: root).status == 0)
      #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: copy))) == own)
    }
  }

  /// Any app's export is recognised by its columns: the file is named after the app.
  @Test func theAppIsRecognisedByItsColumns() async throws {
    try await withSite { root in
      for file in ["openreads.csv", "bookwyrm-export.csv", "librarything.json"] {
        try FileManager.default.copyItem(
          atPath: Self.exports.appendingPathComponent(file).path, toPath: root + "/" + file)
        let result = await runCLI(["import", file, "--offline", "-q"], in: root)
        #expect(result == CLIResult(status: 0, stdout: "", stderr: ""), "\(file)")
      }
      let catalog = try String(contentsOfFile: root + "/catalog.yml", encoding: .utf8)
      #expect(catalog.hasSuffix("include: [openreads.yml, bookwyrm.yml, librarything.yml]\n"))
    }
  }

  /// A new site's starter collections and sample note go with its first import when they are
  /// as `bookgen init` wrote them; one the owner changed stays, said once; a later import
  /// touches nothing.
  @Test func aFirstImportReplacesTheStarterCollections() async throws {
    try await withSite { root in
      let favourites = "      - 978-0-547-92822-7\n"
      let changed = Scaffold.catalog.replacingOccurrences(
        of: favourites, with: favourites + "      - 978-0-441-17271-9\n")
      try write(changed, to: root + "/catalog.yml")
      let result = await runCLI(["import", "export.csv", "--offline"], in: root)
      #expect(result.status == 0)
      #expect(
        result.stderr.contains(
          """
          Removed from catalog.yml, as 'bookgen init' wrote them: the starter collection 'Science Fiction Classics' and the sample note of 9780441013593
          note: kept the starter collection 'Favourites' in catalog.yml: you changed it since 'bookgen init' wrote it; delete what you no longer want
          Added goodreads.yml to 'include' in catalog.yml

          """), "\(result.stderr)")
      let catalog = try String(contentsOfFile: root + "/catalog.yml", encoding: .utf8)
      #expect(!catalog.contains("Science Fiction Classics"))
      #expect(!catalog.contains("Why this book is on the shelf"))
      #expect(catalog.contains("  - title: \"Favourites\"\n"))
      // Nothing else of the owner's file changed: the removed lines and the include are all.
      var expected = changed
      for part in StarterContent.parts where !part.name.contains("Favourites") {
        expected = expected.replacingOccurrences(of: part.lines.joined(separator: "\n") + "\n", with: "")
      }
      #expect(catalog == expected + "include: [goodreads.yml]\n")
      #expect(await runCLI(["check", "-q"], in: root).status == 0)

      // A second import (another app's) is no first one: the kept collection is not named again.
      try FileManager.default.copyItem(
        atPath: Self.exports.appendingPathComponent("storygraph.csv").path, toPath: root + "/sg.csv")
      let again = await runCLI(["import", "sg.csv", "--offline"], in: root)
      #expect(!again.stderr.contains("starter"), "\(again.stderr)")
    }
  }

  /// An untouched starter catalog loses all three parts and still loads.
  @Test func anUntouchedStarterCatalogLosesAllItsSamples() async throws {
    try await withSite { root in
      try write(Scaffold.catalog, to: root + "/catalog.yml")
      let result = await runCLI(["import", "export.csv", "--offline"], in: root)
      #expect(result.status == 0)
      #expect(
        result.stderr.contains(
          "Removed from catalog.yml, as 'bookgen init' wrote them: the starter collection 'Science Fiction "
            + "Classics', the starter collection 'Favourites' and the sample note of 9780441013593\n"))
      let checked = await runCLI(["check"], in: root)
      #expect(checked.stdout == "catalog.yml: OK (1 collection, 0 queries, 3 ISBNs)\n")
    }
  }

  @Test func aFileTheOwnerWroteIsNeverReplaced() async throws {
    try await withSite { root in
      try write("books: {}\n", to: root + "/mine.yml")
      let result = await runCLI(
        ["import", "goodreads", "export.csv", "--offline", "-o", "mine.yml"], in: root)
      #expect(result.status == 1)
      #expect(
        result.stderr == """
          error: mine.yml exists and was not written by 'bookgen import': it is kept as it is; choose another file with --output
          error: 'bookgen import' failed while writing mine.yml

          """)
      #expect(try String(contentsOfFile: root + "/mine.yml", encoding: .utf8) == "books: {}\n")
    }
  }

  @Test func aLinkedFolderOutOfTheProjectIsNotWrittenThrough() async throws {
    try await withSite { root in
      let elsewhere = TestSupport.makeTemporaryDirectory("bookgen-elsewhere")
      defer { TestSupport.removeTemporaryDirectory(elsewhere) }
      try FileManager.default.createSymbolicLink(atPath: root + "/imports", withDestinationPath: elsewhere)
      let result = await runCLI(
        ["import", "goodreads", "export.csv", "--offline", "-o", "imports/gr.yml"], in: root)
      #expect(result.status == 1)
      #expect(
        result.stderr == """
          error: imports/gr.yml would be written outside the catalog's folder (through a linked folder)
          error: 'bookgen import' failed while writing imports/gr.yml

          """)
      #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere) == [])
    }
  }

  @Test func badInputIsNamedWithItsFileAndLine() async throws {
    try await withSite { root in
      try write("Book Id,Title\n1,\"Dune\n", to: root + "/broken.csv")
      let result = await runCLI(["import", "goodreads", "broken.csv", "--offline"], in: root)
      #expect(result.status == 1)
      #expect(
        result.stderr == """
          broken.csv:2:1: error: a quoted field is never closed (a '"' is missing)
          error: 'bookgen import' failed while reading the export

          """)
      #expect(!FileManager.default.fileExists(atPath: root + "/goodreads.yml"))
      let missing = await runCLI(["import", "goodreads", "nothing.csv"], in: root)
      #expect(
        missing.stderr == """
          error: cannot read nothing.csv: it does not exist
          error: 'bookgen import' failed while reading the export

          """)
    }
  }

  @Test(arguments: [
    (["import"], "error: missing <file>: expected the exported file"),
    (
      ["import", "goodread", "x.csv"],
      "error: invalid value 'goodread' for '<format>': expected 'goodreads', 'storygraph', 'librarything', 'calibre', 'bookwyrm', 'openreads', 'openlibrary', 'csv' (did you mean 'goodreads'?)"
    ),
    (["import", "goodreads"], "error: missing <file>: expected the exported file"),
    (
      ["import", "x.csv", "--date-order", "mdv"],
      "error: invalid value 'mdv' for '--date-order <mdy|dmy|ymd>': expected 'mdy' or 'dmy' or 'ymd' (did you mean 'mdy'?)"
    ),
    (
      ["import", "x.csv", "--columns", "titel=Name"],
      "error: invalid value 'titel=Name' for '--columns <list>': expected fields among title, authors, isbn, id, status, rating, date_added, date_started, date_read, note, tags, format, owned, series, series_number, publisher, page_count, published, private_notes (not 'titel') (did you mean 'title'?)"
    ),
    (
      ["import", "x.csv", "--columns", "authors=Writer"],
      "error: invalid value 'authors=Writer' for '--columns <list>': expected a title or an isbn column, so each row names its book"
    ),
    (
      ["import", "goodreads", "x.csv", "--columns", "title=Name"],
      "error: invalid value 'goodreads' for '<format>': expected 'csv' or none with --columns (which reads a CSV of no known app's)"
    ),
    (
      ["import", "goodreads", "x.csv", "--output", "../x.yml"],
      "error: invalid value '../x.yml' for '--output <file>': expected a file ending in '.yml' inside the catalog's folder, such as 'goodreads.yml'"
    ),
    (
      ["import", "goodreads", "x.csv", "--shelves", "tag"],
      "error: invalid value 'tag' for '--shelves <tags|collections>': expected 'tags' or 'collections' (did you mean 'tags'?)"
    ),
  ])
  func usageErrors(arguments: [String], message: String) async {
    let result = await runCLI(arguments)
    #expect(result.status == 64)
    #expect(result.stderr.split(separator: "\n").first.map(String.init) == message)
  }
}
