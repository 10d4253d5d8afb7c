import Catalog
import Foundation
import Testing

@testable import Import

/// The exports of LibraryThing, Calibre, BookWyrm, Openreads and Open Library in their real
/// shapes, each recognised by its columns and imported into the file a catalog includes.
@Suite struct AppExportTests {
  typealias Fixtures = ExportImportTests

  /// The plan for fixture `name`, recognised, its golden file compared, and loaded.
  static func imported(_ name: String, golden: String) async throws -> (ImportPlan, Catalog) {
    let plan = try await Fixtures.plan(name)
    try Fixtures.expectGolden(plan.text, golden)
    return (plan, try Fixtures.load(plan.text))
  }

  /// The tab-separated export, in ISO-8859-1 as LibraryThing writes it: names turned from
  /// `Cortázar, Julio`, a translator kept apart, ISBNs and dates in brackets, `[Return]`.
  @Test func libraryThingTabSeparated() async throws {
    let (plan, catalog) = try await Self.imported("librarything.tsv", golden: "librarything-tsv.yml")
    #expect(plan.format == .librarything)
    #expect(plan.encoding == .windows1252)
    #expect(plan.entries.map(\.key) == ["9782070291342", "9782266062329", "librarything:5015400"])
    let marelle = plan.entries[0].row
    #expect(marelle.authors == ["Julio Cortázar"])
    #expect(marelle.contributors == ["Elaine Kerrigan (Editor)", "Gregory Rabassa (Translator)"])
    #expect(marelle.datesRead.map(\.description) == ["2007-05-08"])
    #expect(marelle.dateStarted?.description == "2007-04-16")
    #expect(marelle.dateAdded?.description == "2006-08-09")
    #expect(marelle.note == "chef d'oeuvre\n\nRelu en 2007.")
    #expect(marelle.shelves == ["Favorites"])
    #expect(marelle.owned == true)
    #expect(marelle.status == .read)
    #expect(marelle.pageCount == 590)
    #expect(marelle.publisher == "Gallimard")
    #expect(plan.entries[1].row.status == .reading)
    #expect(plan.entries[1].row.published == nil)
    #expect(plan.entries[1].row.unreadDates.isEmpty)
    let tankGirl = plan.entries[2].row
    #expect(tankGirl.title == "\"Tank Girl\" 2")
    #expect(tankGirl.status == .toRead)
    #expect(tankGirl.shelves == ["Wishlist"])
    #expect(tankGirl.pageCount == 120)
    #expect(catalog.books["librarything:5015400"]?.extra["comment"] == "A gift from Sam")
  }

  /// The older CSV: header names in quotes, `[…]` ISBN lists, `?` for an unknown year.
  @Test func libraryThingOlderCSV() async throws {
    let (plan, _) = try await Self.imported("librarything-old.csv", golden: "librarything-old.yml")
    #expect(plan.format == .librarything)
    #expect(
      plan.entries.map(\.row.authors) == [["Bronislaw Malinowski"], ["China Mieville"], ["Brian K. Vaughan"]])
    #expect(plan.entries.map(\.key).dropFirst() == ["9780345497505", "9781563899805"])
    #expect(plan.entries[1].row.rating?.text == "4")
    #expect(plan.entries[1].row.pageCount == 528)
    #expect(plan.entries[1].row.note == "Squid **cult**.")
    #expect(plan.entries[0].row.rating == nil)
    #expect(plan.entries[0].row.publisher == nil)
    #expect(plan.entries[0].row.dateAdded?.description == "2014-01-21")
  }

  /// The JSON export, keyed by book id: ISBNs as a list or an object, authors with roles.
  @Test func libraryThingJSON() async throws {
    let (plan, _) = try await Self.imported("librarything.json", golden: "librarything-json.yml")
    #expect(plan.format == .librarything)
    #expect(plan.entries.map(\.key) == ["9781607066927", "librarything:105446525"])
    #expect(plan.entries.map(\.row.position) == [.line(1), .line(38)])
    let saga = plan.entries[0].row
    #expect(saga.contributors == ["Fiona Staples (Illustrator)"])
    #expect(saga.series == "Saga")
    #expect(saga.owned == false)
    #expect(saga.status == .read)
    #expect(saga.rating?.text == "4.5")
    #expect(plan.entries[1].row.unusableISBN == "B000K0BNEW")
  }

  @Test func aLibraryThingJSONExportCutShortIsNamedWhereItEnds() throws {
    let error = #expect(throws: ImportError.self) {
      _ = try ExportReader.read(try Fixtures.csv("librarything-cut.json"), file: "lt.json")
    }
    #expect(
      error?.diagnostics.map(\.description) == [
        "lt.json:50:1: error: not a LibraryThing JSON export: unexpected end of data"
      ])
    let other = #expect(throws: ImportError.self) {
      _ = try ExportReader.read(Array("{\"1\": [\"a\"]}".utf8), file: "x.json")
    }
    #expect(
      other?.diagnostics.map(\.description) == [
        "x.json:1:1: error: book 1 is a list, not an object: not a LibraryThing export"
      ])
  }

  /// `calibredb catalog`: a BOM, every field quoted, `identifiers`, `series_index` as `8.0`, and
  /// Calibre's `0101-01-01` for no date; a Google id keys a book without an ISBN.
  @Test func calibreCatalog() async throws {
    let (plan, catalog) = try await Self.imported("calibre.csv", golden: "calibre.yml")
    #expect(plan.format == .calibre)
    #expect(
      plan.entries.map(\.key) == [
        "9780756411800", "dCOqDwAAQBAJ", "calibre:a6b0a1c2-0000-4000-8000-000000000013",
      ])
    #expect(plan.entries[1].row.authors == ["Terry Pratchett", "Neil Gaiman"])
    #expect(plan.entries[1].row.published == nil)
    #expect(plan.entries[0].row.seriesNumber?.text == "8")
    #expect(plan.entries[0].row.format == .ebook)
    // The cover's path names no file on this machine.
    #expect(plan.entries[0].row.coverFile == nil)
    #expect(
      catalog.books["9780756411800"]?.imported?.description
        == "Crossroads, *bargains* and a **cryptid** or two.")
    #expect(plan.unmatched.map(\.row.title) == ["Notes Without Number"])
  }

  /// BookWyrm: an Open Library edition keys a book without an ISBN, a shelf of the owner's keeps
  /// its name, a review with a content warning goes behind the disclosure.
  @Test func bookWyrm() async throws {
    let (plan, catalog) = try await Self.imported("bookwyrm-export.csv", golden: "bookwyrm.yml")
    #expect(plan.format == .bookwyrm)
    #expect(plan.entries.map(\.key) == ["bookwyrm:2010", "9780449017036", "OL7425890M", "OL7425891M"])
    #expect(catalog.shelves == [Shelf(title: "Cooking", slug: "cooking-9")])
    #expect(catalog.books["OL7425890M"]?.noteSpoiler == true)
    #expect(
      catalog.books["OL7425890M"]?.note == "*Content warning: the ending*\n\nShe was his sister all along.")
    #expect(catalog.books["OL7425891M"]?.status == .abandoned)
    #expect(plan.entries[3].row.authors == ["Someone", "Someone Else"])
  }

  /// Openreads: readings as `START|FINISH|MS;…`, tags split by `|||||`, a favourite, and a book
  /// in its trash listed, not imported.
  @Test func openreads() async throws {
    let (plan, _) = try await Self.imported("openreads.csv", golden: "openreads.yml")
    #expect(plan.format == .openreads)
    #expect(plan.entries.map(\.key) == ["openreads:t2c9d5406c05a2536", "9781529035650", "OL30405770M"])
    #expect(plan.entries[0].row.tags == ["1", "Solarpunk"])
    let divide = plan.entries[2].row
    #expect(divide.datesRead.map(\.description) == ["2023-12-10", "2024-01-20"])
    #expect(divide.dateStarted?.description == "2024-01-02")
    #expect(divide.rating?.text == "4.5")
    #expect(divide.privateNotes == "lent to Ana")
    #expect(plan.entries[1].row.shelves == ["favourites"])
    #expect(
      plan.skipped == [
        SkippedRow(
          position: .line(7), title: "Gone Girl", reason: "in Openreads' trash (deleted there): not imported")
      ])
  }

  /// Open Library's reading log keys each book by its edition, else its work; the older log
  /// (ids and shelf alone) imports too.
  @Test func openLibraryReadingLog() async throws {
    let (plan, _) = try await Self.imported("OpenLibrary_ReadingLog.csv", golden: "openlibrary.yml")
    #expect(plan.format == .openlibrary)
    #expect(plan.entries.map(\.key) == ["OL102749W", "OL7798182M", "OL25726365M", "OL1W"])
    #expect(plan.entries.map(\.row.status) == [.reading, .toRead, .read, .abandoned])
    #expect(plan.entries[2].row.authors == ["Terry Pratchett", "Neil Gaiman"])
    #expect(plan.unmatched.isEmpty)
    let old = try await Fixtures.plan("openlibrary-old.csv")
    #expect(old.format == .openlibrary)
    #expect(old.entries.map(\.key) == ["OL102749W", "OL7798182M", "OL7194114M", "OL25726365M"])
    _ = try Fixtures.load(old.text)
  }

  /// Each app's export is told from the others by its columns alone.
  @Test func everyAppIsRecognised() throws {
    let files: [(String, ImportSource)] = [
      ("goodreads_library_export.csv", .goodreads), ("storygraph.csv", .storygraph),
      ("librarything.tsv", .librarything), ("librarything-old.csv", .librarything),
      ("librarything.json", .librarything), ("calibre.csv", .calibre), ("bookwyrm-export.csv", .bookwyrm),
      ("openreads.csv", .openreads), ("OpenLibrary_ReadingLog.csv", .openlibrary),
      ("openlibrary-old.csv", .openlibrary),
    ]
    for (file, format) in files {
      #expect(try ExportReader.read(try Fixtures.csv(file), file: file).format == format, "\(file)")
    }
  }
}
