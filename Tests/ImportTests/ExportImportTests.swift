import Catalog
import Foundation
import TestSupport
import Testing

@testable import Import

/// Whole exports in the apps' real formats, imported into the YAML file a catalog includes.
@Suite struct ExportImportTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  static func csv(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: fixtures.appendingPathComponent(name)))
  }

  /// The file matches `Fixtures/golden/NAME`; a missing golden is written and the test fails.
  static func expectGolden(_ text: String, _ name: String) throws {
    let url = fixtures.appendingPathComponent("golden/\(name)")
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: true, encoding: .utf8)
      Issue.record("recorded golden/\(name); review it and run the tests again")
      return
    }
    #expect(text == expected)
  }

  static func plan(
    _ name: String, format: ImportSource? = nil, shelves: ShelfMapping = .tags,
    matcher: (any BookMatcher)? = nil, previous: [String: BookMatch] = [:]
  ) async throws -> ImportPlan {
    var request = try request(try csv(name), name: name, format: format)
    request.shelves = shelves
    request.previousMatches = previous
    return try await ExportImporter.plan(request, matcher: matcher)
  }

  /// An import of `bytes`, the export read as `bookgen import` reads it.
  static func request(
    _ bytes: [UInt8], name: String, format: ImportSource? = nil, dateOrder: DateOrder? = nil
  ) throws -> ImportRequest {
    let export = try ExportReader.read(bytes, file: name, format: format, dateOrder: dateOrder)
    return ImportRequest(export: export, collectionSlug: export.format.rawValue)
  }

  /// The plan for `text`, read as `bookgen import` reads it.
  static func plan(text: String, name: String = "export.csv", format: ImportSource? = nil) async throws
    -> ImportPlan
  {
    try await ExportImporter.plan(try request(Array(text.utf8), name: name, format: format), matcher: nil)
  }

  /// Goodreads' columns, in its export's order.
  static let goodreadsColumns = [
    "Book Id", "Title", "Author", "Author l-f", "Additional Authors", "ISBN", "ISBN13", "My Rating",
    "Average Rating", "Publisher", "Binding", "Number of Pages", "Year Published",
    "Original Publication Year",
    "Date Read", "Date Added", "Bookshelves", "Bookshelves with positions", "Exclusive Shelf", "My Review",
    "Spoiler", "Private Notes", "Read Count", "Owned Copies",
  ]

  /// StoryGraph's columns, in its export's order.
  static let storyGraphColumns = [
    "Title", "Authors", "Contributors", "ISBN/UID", "Format", "Read Status", "Date Added", "Last Date Read",
    "Dates Read", "Read Count", "Moods", "Pace", "Character- or Plot-Driven?",
    "Strong Character Development?",
    "Loveable Characters?", "Diverse Characters?", "Flawed Characters?", "Star Rating", "Review",
    "Content Warnings", "Content Warning Description", "Tags", "Owned?",
  ]

  /// A CSV of `columns` with one row per dictionary (a missing value is blank).
  static func csvText(_ columns: [String], _ rows: [[String: String]]) -> String {
    ([columns.joined(separator: ",")]
      + rows.map { row in columns.map { row[$0] ?? "" }.joined(separator: ",") })
      .joined(separator: "\n") + "\n"
  }

  /// `text` as an included file of a minimal catalog, loaded.
  static func load(_ text: String) throws -> Catalog {
    let root = TestSupport.makeTemporaryDirectory("bookgen-import")
    defer { TestSupport.removeTemporaryDirectory(root) }
    try "site:\n  title: Mine\ninclude: [import.yml]\n".write(
      toFile: root + "/catalog.yml", atomically: true, encoding: .utf8)
    try text.write(toFile: root + "/import.yml", atomically: true, encoding: .utf8)
    return try CatalogLoader.load(path: root + "/catalog.yml", shownAs: "catalog.yml")
  }

  @Test func aGoodreadsExportBecomesOneEntryPerRow() async throws {
    let plan = try await Self.plan("goodreads_library_export.csv")
    try Self.expectGolden(plan.text, "goodreads.yml")
    #expect(
      plan.entries.map(\.key) == [
        "9780441172719", "goodreads:40265832", "goodreads:18007564", "9780618260300", "9780553593716",
        "goodreads:99999991", "goodreads:44767458",
      ])
    #expect(plan.duplicates.map { "\($0.row.position) \($0.first)" } == ["line(11) line(2)"])
    let catalog = try Self.load(plan.text)
    #expect(catalog.books.count == 7)
    let dune = try #require(catalog.books["9780441172719"])
    #expect(dune.status == .read)
    #expect(dune.rating?.text == "5")
    #expect(dune.datesRead.map(\.description) == ["2023-08-14"])
    #expect(dune.dateAdded?.description == "2019-03-02")
    #expect(dune.readCount == 2)
    #expect(dune.owned == true)
    #expect(dune.format == .paperback)
    #expect(dune.series == "Dune")
    #expect(dune.seriesNumber?.text == "1")
    #expect(dune.tags == ["favorites", "sci-fi"])
    #expect(
      dune.note
        == "Still the best.\n\nThe *spice* must flow &amp; so must the **sand** — see [the site](https://dunenovels.com/)."
    )
    #expect(dune.imported?.title == "Dune")
    let eyre = try #require(catalog.books["goodreads:40265832"])
    #expect(eyre.status == .shelf(slug: "did-not-finish"))
    #expect(eyre.series == "Thursday Next")
    #expect(eyre.imported?.privateNotes == "Lent to Sam,\nnever came back.")
    #expect(eyre.imported?.authors == ["Jasper Fforde"])
    #expect(catalog.shelves == [Shelf(title: "Did not finish", slug: "did-not-finish")])
    #expect(catalog.collections.map(\.slug) == ["goodreads"])
    #expect(catalog.collections[0].isbns.count == 3)
    #expect(catalog.collections[0].exportIDs.count == 4)
    let hobbit = try #require(catalog.books["9780618260300"])
    #expect(hobbit.rating == nil)
    #expect(hobbit.status == .toRead)
    #expect(hobbit.imported?.authors == ["J.R.R. Tolkien", "Christopher Tolkien", "Alan Lee"])
  }

  @Test func importingTheSameExportTwiceGivesTheSameBytes() async throws {
    let first = try await Self.plan("goodreads_library_export.csv")
    let second = try await Self.plan("goodreads_library_export.csv")
    #expect(first.text == second.text)
  }

  @Test func aSpreadsheetMangledExportKeepsEveryRow() async throws {
    let plan = try await Self.plan("goodreads-spreadsheet.csv")
    try Self.expectGolden(plan.text, "goodreads-spreadsheet.yml")
    // The ISBN-13s are lost to `9.78044E+12`, but the ISBN-10s, without their leading zero,
    // still key their books.
    #expect(
      plan.entries.map(\.key) == [
        "9780441172719", "goodreads:40265832", "goodreads:18007564", "9780618260300",
      ])
    #expect(plan.entries.map(\.row.unusableISBN) == [nil, nil, nil, nil])
    #expect(plan.unmatched.count == 2)
    _ = try Self.load(plan.text)
  }

  /// A spreadsheet in a US locale writes `5/1/2022`: the 5th of January or the 1st of May. No
  /// date is guessed: each is left out of its entry, kept beside it as a comment and listed with
  /// its row; a year that is no year (`-380`) gives way to the edition's.
  @Test func textThatIsNoDateIsKeptAsACommentAndListed() async throws {
    let csv = Self.csvText(
      Self.goodreadsColumns,
      [
        [
          "Book Id": "1", "Title": "The Republic", "Author": "Plato", "Year Published": "2003",
          "Original Publication Year": "-380", "Date Read": "5/1/2022", "Date Added": "2022/01/09",
          "Exclusive Shelf": "read",
        ],
        [
          "Book Id": "2", "Title": "Symposium", "Author": "Plato", "Original Publication Year": "-385",
          "Date Added": "13/13/2022", "Exclusive Shelf": "to-read",
        ],
        ["Book Id": "3", "Title": "Phaedo", "Author": "Plato", "Date Read": "2021/03/04"],
      ])
    let plan = try await Self.plan(text: csv)
    #expect(plan.unreadDates.map(\.row.position) == [.line(2), .line(3)])
    #expect(plan.dateOrder == .undecided(example: "5/1/2022", position: .line(2), count: 1))
    #expect(
      plan.unreadDates.map(\.row.unreadDates) == [
        [.init(column: "Date Read", text: "5/1/2022")],
        [
          .init(column: "Date Added", text: "13/13/2022"),
          .init(column: "Original Publication Year", text: "-385"),
        ],
      ])
    #expect(plan.entries.map(\.row.published?.description) == ["2003", nil, nil])
    #expect(plan.entries[2].row.unreadDates.isEmpty)
    let text = plan.text
    #expect(text.contains("    # Date Read \"5/1/2022\": \(ImportedRow.UnreadDate.readable)\n"))
    #expect(text.contains("    # Date Added \"13/13/2022\": "))
    #expect(text.contains("    # Original Publication Year \"-385\": "))
    let catalog = try Self.load(text)
    #expect(catalog.books["goodreads:1"]?.datesRead == [])
    #expect(catalog.books["goodreads:1"]?.dateAdded?.description == "2022-01-09")
    #expect(catalog.books["goodreads:3"]?.datesRead.map(\.description) == ["2021-03-04"])
  }

  /// StoryGraph's `Dates Read` ranges: a half that is no date is listed, the other half kept.
  @Test func aStoryGraphReadingWithAHalfThatIsNoDate() async throws {
    let csv = Self.csvText(
      Self.storyGraphColumns,
      [
        [
          "Title": "Kindred", "Authors": "Octavia E. Butler", "Read Status": "read",
          "Dates Read": "2021/03/04-3/10/2021",
        ]
      ])
    let plan = try await Self.plan(text: csv, name: "sg.csv")
    #expect(plan.entries.map(\.row.unreadDates) == [[.init(column: "Dates Read", text: "3/10/2021")]])
    #expect(plan.entries.map(\.row.dateStarted?.description) == ["2021-03-04"])
  }

  @Test func otherShelvesCanBecomeCollections() async throws {
    let plan = try await Self.plan("goodreads_library_export.csv", shelves: .collections)
    #expect(plan.collections.map(\.slug) == ["goodreads", "favorites", "sci-fi", "british", "owned-books"])
    #expect(plan.collections[2].keys == ["9780441172719", "goodreads:44767458"])
    let catalog = try Self.load(plan.text)
    #expect(catalog.books["9780441172719"]?.tags == [])
  }

  @Test func aStoryGraphExport() async throws {
    let plan = try await Self.plan("storygraph.csv", format: .storygraph)
    try Self.expectGolden(plan.text, "storygraph.yml")
    let catalog = try Self.load(plan.text)
    let leGuin = try #require(catalog.books["9780441478125"])
    #expect(leGuin.datesRead.map(\.description) == ["2020-01-20", "2022-06-10"])
    #expect(leGuin.dateStarted?.description == "2022-05-30")
    #expect(leGuin.rating?.text == "5")
    #expect(leGuin.extra["star_rating"] == "4.75")
    #expect(leGuin.tags == ["reflective", "challenging", "slow-paced", "classics", "sff"])
    #expect(leGuin.note == "A quiet book.\\\nIt stays with you.")
    let narnia = try #require(catalog.books["storygraph:f5e1c6f0-3c1b-4d6e-9f1a-2b3c4d5e6f70"])
    #expect(narnia.status == .abandoned)
    #expect(narnia.series == "The Chronicles of Narnia")
    #expect(narnia.imported?.contributors == ["Pauline Baynes (Illustrator)"])
    #expect(catalog.books["storygraph:B08FHBV4ZX"]?.status == .shelf(slug: "paused"))
    #expect(catalog.shelves.map(\.slug) == ["paused"])
  }

  /// The StoryGraph export opened in a spreadsheet and saved again: a byte order mark, CRLF, and
  /// the ISBNs as `9.78044E+12`. Every row is kept with all it said but the ISBN, which stays in
  /// `imported.isbn` for the title search.
  @Test func aSpreadsheetMangledStoryGraphExportLosesOnlyItsISBNs() async throws {
    let plan = try await Self.plan("storygraph-spreadsheet.csv", format: .storygraph)
    try Self.expectGolden(plan.text, "storygraph-spreadsheet.yml")
    let clean = try await Self.plan("storygraph.csv", format: .storygraph)
    #expect(plan.entries.map(\.row.unusableISBN) == ["9.78044E+12", nil, "9.78164E+12", "B08FHBV4ZX"])
    #expect(plan.entries.map(\.row.isbn13) == [nil, nil, nil, nil])
    #expect(plan.unmatched.count == 4)
    #expect(plan.entries[1].key == clean.entries[1].key)
    #expect(plan.entries[3].key == clean.entries[3].key)
    for (mangled, original) in zip(plan.entries.map(\.row), clean.entries.map(\.row)) {
      var row = mangled
      (row.isbn13, row.unusableISBN, row.isbnLostDigits, row.exportID) = (
        original.isbn13, original.unusableISBN, original.isbnLostDigits, original.exportID
      )
      #expect(row == original)
    }
    _ = try Self.load(plan.text)
  }

  @Test func theWrongAppsExportIsNamed() async throws {
    let error = await #expect(throws: ImportError.self) {
      _ = try await Self.plan("storygraph.csv", format: .goodreads)
    }
    #expect(
      error?.diagnostics.map(\.description) == [
        "storygraph.csv:1:1: error: this is a StoryGraph export, not a Goodreads one: import it with 'bookgen import storygraph.csv' (or 'bookgen import storygraph storygraph.csv')"
      ])
  }

  @Test func anUnknownExportNamesItsColumnsAndTheKnownFormats() async throws {
    let error = #expect(throws: ImportError.self) {
      _ = try ExportReader.read(Array("Name,Writer,Stars\nDune,Herbert,5\n".utf8), file: "books.csv")
    }
    #expect(
      error?.diagnostics.map(\.description) == [
        """
        books.csv:1:1: error: this is not an export bookgen knows: its columns are 'Name', 'Writer', 'Stars'
        note: a Goodreads export (My Books, Import and export, Export Library) has columns such as 'Book Id', 'Title', 'Author', 'ISBN13', 'Exclusive Shelf'
        note: a StoryGraph export (Manage Account, Export StoryGraph Library) has columns such as 'Title', 'Authors', 'ISBN/UID', 'Read Status', 'Star Rating'
        note: a LibraryThing export (More, Import/Export, Export your library (tab-delimited, CSV or JSON)) has columns such as 'Book Id', 'Title', 'Primary Author', 'ISBNs', 'Collections'
        note: a Calibre export (the library folder itself (with its metadata.db), or 'calibredb catalog books.csv' (Convert books, Create a catalog, CSV)) has columns such as 'title', 'authors', 'identifiers', 'series_index', 'uuid'
        note: a BookWyrm export (Settings, CSV export) has columns such as 'title', 'author_text', 'remote_id', 'isbn_13', 'shelf'
        note: an Openreads export (Settings, Backup, Export to CSV) has columns such as 'title', 'author', 'status', 'olid', 'readings'
        note: an Open Library export (My Books, Import & Export, Download Reading Log) has columns such as 'Work ID', 'Title', 'Authors', 'Edition ID', 'Bookshelf'
        note: any other CSV: 'bookgen import FILE --columns title=NAME,isbn=NAME,…' names the columns to read
        """
      ])
  }
}
