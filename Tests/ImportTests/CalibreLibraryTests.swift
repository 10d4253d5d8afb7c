import Catalog
import Foundation
import TestSupport
import Testing

@testable import Import

/// A Calibre library folder read from its metadata.db: every book, its cover remembered, the
/// database never written, and no path out of the library followed.
@Suite struct CalibreLibraryTests {
  static func makeLibrary() throws -> (root: String, library: String) {
    let root = TestSupport.makeTemporaryDirectory("bookgen-calibre")
    return (root, try CalibreLibraryFixture.make(in: root))
  }

  @Test func aLibraryFolderIsReadFromItsDatabase() async throws {
    let (root, library) = try Self.makeLibrary()
    defer { TestSupport.removeTemporaryDirectory(root) }
    let database = library + "/metadata.db"
    let before = try Data(contentsOf: URL(fileURLWithPath: database))
    let modified = try FileManager.default.attributesOfItem(atPath: database)[.modificationDate] as? Date
    let names = try FileManager.default.contentsOfDirectory(atPath: library).sorted()

    let export = try #require(
      try ExportReader.readLibrary(at: library, shown: "Calibre Library", format: nil, dateOrder: nil))
    #expect(export.format == .calibre)
    let plan = try await ExportImporter.plan(
      ImportRequest(export: export, collectionSlug: "calibre"), matcher: nil)
    #expect(
      plan.entries.map(\.key) == [
        "9780756411800", "dCOqDwAAQBAJ", "calibre:a6b0a1c2-0000-4000-8000-000000000003", "OL7353617M",
      ])
    #expect(plan.entries.map(\.row.position) == [.record("1"), .record("2"), .record("3"), .record("4")])
    let witchcraft = plan.entries[0].row
    #expect(witchcraft.authors == ["Seanan McGuire"])
    #expect(witchcraft.rating?.text == "5")
    #expect(witchcraft.series == "InCryptid")
    #expect(witchcraft.seriesNumber?.text == "8")
    #expect(witchcraft.tags == ["Cryptids", "Fantasy"])
    #expect(witchcraft.publisher == "Daw Books")
    #expect(witchcraft.dateAdded?.description == "2021-01-19")
    #expect(witchcraft.published?.description == "2019-03-05")
    #expect(witchcraft.format == .ebook)
    // The description's HTML made Markdown, its script dropped.
    #expect(witchcraft.description == "Crossroads, *bargains* &amp; a cryptid.")
    #expect(
      witchcraft.coverFile
        == (library as NSString).standardizingPath + "/Seanan McGuire/That Ain't Witchcraft (1)/cover.jpg")
    let omens = plan.entries[1].row
    #expect(omens.authors == ["Terry Pratchett", "Neil Gaiman"])
    #expect(omens.rating?.text == "4.5")
    #expect(omens.status == .read)
    #expect(omens.datesRead.map(\.description) == ["2023-04-05"])
    #expect(omens.published == nil)
    #expect(omens.coverFile == nil)
    // No cover out of the library, by its path or through a link.
    #expect(plan.entries[2].row.coverFile == nil)
    #expect(plan.entries[3].row.coverFile == nil)
    let catalog = try ExportImportTests.load(plan.text)
    // The entry names the copy the import makes in the site's folder.
    #expect(
      catalog.books["9780756411800"]?.imported?.coverFile
        == "covers/calibre/3051ed45-8943-4900-a22a-d2704e3583df.jpg")
    #expect(witchcraft.coverCopy == "covers/calibre/3051ed45-8943-4900-a22a-d2704e3583df.jpg")

    // Read, never written: the same bytes and time, and no journal beside it.
    #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == before)
    #expect(
      try FileManager.default.attributesOfItem(atPath: database)[.modificationDate] as? Date == modified)
    #expect(try FileManager.default.contentsOfDirectory(atPath: library).sorted() == names)
  }

  /// Calibre may stay open: while it holds the write lock for a book it is saving, the library
  /// is read as last committed, and the save goes through afterwards.
  @Test func aLibraryIsReadWhileCalibreWrites() throws {
    let (root, library) = try Self.makeLibrary()
    defer { TestSupport.removeTemporaryDirectory(root) }
    let database = library + "/metadata.db"
    let adding =
      "INSERT INTO tags (id, name) VALUES (99, 'Saving'); INSERT INTO books_tags_link (book, tag) VALUES (3, 99)"
    func tags(_ export: ReadExport?) -> [String]? {
      guard let export, let column = export.table.columns.firstIndex(of: "tags") else { return nil }
      return export.table.records.map { $0.fields[column] }
    }
    let export = try CalibreLibraryFixture.whileWriting(adding, in: database) {
      try ExportReader.readLibrary(at: library, shown: "Calibre Library", format: nil, dateOrder: nil)
    }
    #expect(export?.table.records.count == 4)
    #expect(tags(export)?.contains { $0.contains("Saving") } == false)
    let after = try ExportReader.readLibrary(
      at: library, shown: "Calibre Library", format: nil, dateOrder: nil)
    #expect(tags(after)?[2].contains("Saving") == true)
  }

  /// The database file itself may be named; a folder without one is no library.
  @Test func theDatabaseFileOrNothing() throws {
    let (root, library) = try Self.makeLibrary()
    defer { TestSupport.removeTemporaryDirectory(root) }
    let export = try ExportReader.readLibrary(
      at: library + "/metadata.db", shown: "metadata.db", format: nil, dateOrder: nil)
    #expect(export?.table.records.count == 4)
    #expect(
      try ExportReader.readLibrary(at: root + "/outside", shown: "outside", format: nil, dateOrder: nil)
        == nil)
  }

  @Test func aDatabaseThatIsNoLibraryIsNamed() throws {
    let root = TestSupport.makeTemporaryDirectory("bookgen-calibre-bad")
    defer { TestSupport.removeTemporaryDirectory(root) }
    try Data(Array("SQLite format 3\0".utf8) + Array(repeating: 0x41, count: 200)).write(
      to: URL(fileURLWithPath: root + "/metadata.db"))
    let damaged = #expect(throws: ImportError.self) {
      _ = try ExportReader.readLibrary(at: root, shown: "Library", format: nil, dateOrder: nil)
    }
    #expect(
      damaged?.diagnostics.map(\.description) == [
        "Library:1:1: error: not a Calibre library's database: file is not a database"
      ])
    try FileManager.default.removeItem(atPath: root + "/metadata.db")
    try CalibreLibraryFixture.execute("CREATE TABLE notes (id INTEGER)", in: root + "/metadata.db")
    let other = #expect(throws: ImportError.self) {
      _ = try ExportReader.readLibrary(at: root, shown: "Library", format: nil, dateOrder: nil)
    }
    #expect(
      other?.diagnostics.map(\.description) == [
        "Library:1:1: error: it has no table of books: not a Calibre library's database"
      ])
  }
}
