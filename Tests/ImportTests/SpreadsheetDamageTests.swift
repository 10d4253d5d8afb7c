import Catalog
import Foundation
import Testing

@testable import Import

/// Every app's export after a spreadsheet had it: saved again in another encoding, or with some
/// of its columns, its ISBN-13s rounded (`9.78207E+12`) and its dates in a local order. Each is
/// still recognised, and every row is an entry or listed with why.
@Suite struct SpreadsheetDamageTests {
  typealias Fixtures = ExportImportTests

  /// The exports in the apps' own shapes, as UTF-8; `latin` when Windows-1252 can hold them.
  static let cleanExports: [(file: String, latin: Bool)] = [
    ("goodreads_library_export.csv", true), ("storygraph.csv", true), ("librarything-old.csv", true),
    ("calibre.csv", true), ("bookwyrm-export.csv", false), ("openreads.csv", true),
    ("OpenLibrary_ReadingLog.csv", true), ("my-books.csv", true),
  ]

  /// What `my-books.csv` is read with.
  static let myColumns = try! ColumnChoice.parse(
    "title=Name,authors=Writer,isbn=Code,status=Shelf,rating=Stars,date_read=Finished,page_count=Pages")

  static func plan(_ bytes: [UInt8], name: String, matcher: (any BookMatcher)? = nil) async throws
    -> ImportPlan
  {
    let export = try ExportReader.read(
      bytes, file: name, columns: name == "my-books.csv" ? myColumns : nil)
    return try await ExportImporter.plan(
      ImportRequest(export: export, collectionSlug: export.format.rawValue), matcher: matcher)
  }

  /// `text` in `encoding`, with a byte order mark where spreadsheets write one.
  static func encoded(_ text: String, _ encoding: ExportEncoding) -> [UInt8] {
    switch encoding {
    case .utf8: [0xEF, 0xBB, 0xBF] + Array(text.utf8)
    case .utf16LittleEndian: [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    case .utf16BigEndian: [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    case .windows1252: Array(text.data(using: .windowsCP1252)!)
    }
  }

  /// Saved again as UTF-8 with a BOM, as UTF-16 either way round, and as Windows-1252: the same
  /// file comes out, and the report names the encoding.
  @Test(arguments: cleanExports)
  func everyEncodingGivesTheSameImport(file: String, latin: Bool) async throws {
    let bytes = try Fixtures.csv(file)
    let original = try await Self.plan(bytes, name: file)
    let text = String(
      decoding: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes, as: UTF8.self)
    var encodings: [ExportEncoding] = [.utf8, .utf16LittleEndian, .utf16BigEndian]
    if latin { encodings.append(.windows1252) }
    for encoding in encodings {
      let plan = try await Self.plan(Self.encoded(text, encoding), name: file)
      // Text of ASCII alone is the same bytes in UTF-8 and Windows-1252.
      let ascii = encoding == .windows1252 && text.utf8.allSatisfy { $0 < 0x80 }
      #expect(plan.encoding == (ascii ? .utf8 : encoding), "\(file) \(encoding)")
      #expect(plan.entries == original.entries, "\(file) \(encoding)")
      #expect(plan.text == original.text, "\(file) \(encoding)")
    }
  }

  struct Damaged: Sendable, CustomTestStringConvertible {
    var file: String
    var format: ImportSource
    var keys: [String]
    /// The row whose ISBN lost its digits, looked up by title.
    var rounded: (title: String, isbn: String)?
    var dateOrder: DateOrderFinding
    /// A date read in that order: the row and the entry's value.
    var date: (row: Int, value: String)?
    var skipped: [SkippedRow] = []

    var testDescription: String { file }
  }

  static let damaged: [Damaged] = [
    Damaged(
      file: "librarything-spreadsheet.csv", format: .librarything,
      keys: ["librarything:5498194", "9782266062329", "librarything:5015400"],
      rounded: ("Marelle", "9.78207E+12"),
      dateOrder: .inferred(.mdy, example: "7/25/2006", position: .line(3)), date: (2, "2006-12-13"),
      skipped: [SkippedRow(position: .line(6), title: nil, reason: "no title and no ISBN: not imported")]),
    Damaged(
      file: "calibre-spreadsheet.csv", format: .calibre,
      keys: ["calibre:3051ed45-8943-4900-a22a-d2704e3583df", "dCOqDwAAQBAJ", "9780345497505"],
      rounded: ("That Ain't Witchcraft", "9.78076E+12"),
      dateOrder: .inferred(.mdy, example: "1/19/2021", position: .line(2)), date: (1, "2020-05-04")),
    Damaged(
      file: "bookwyrm-spreadsheet.csv", format: .bookwyrm,
      keys: ["bookwyrm:tccb8104dcfcbebc3", "OL7425890M", "9780807083697"],
      rounded: ("Ottolenghi Simple", "9.78045E+12"),
      dateOrder: .inferred(.mdy, example: "10/13/2022", position: .line(2)), date: (1, "2001-07-10")),
    Damaged(
      file: "openreads-spreadsheet.csv", format: .openreads,
      keys: ["openreads:t86c6028318285c6f", "OL30405770M", "openreads:t2c9d5406c05a2536"],
      rounded: ("Permanent Record", "9.78153E+12"),
      dateOrder: .inferred(.dmy, example: "25/03/2024", position: .line(3)), date: (2, "2024-04-02")),
    Damaged(
      file: "openlibrary-spreadsheet.csv", format: .openlibrary,
      keys: ["OL102749W", "openlibrary:t6dc14fbc87100dc5", "OL17062644W"], rounded: nil,
      dateOrder: .notNeeded,
      skipped: [SkippedRow(position: .line(5), title: nil, reason: "no title and no ISBN: not imported")]),
    Damaged(
      file: "my-books.csv", format: .csv,
      keys: ["9780441172719", "csv:ta47fddaf5c840017", "9780618260300"],
      rounded: ("Kindred, a novel", "9.78081E+12"),
      dateOrder: .inferred(.mdy, example: "10/13/2022", position: .line(3)), date: (0, "2024-04-01"),
      skipped: [SkippedRow(position: .line(6), title: nil, reason: "no title and no ISBN: not imported")]),
  ]

  /// Re-saved with fewer columns: recognised by those left; the rounded ISBN is reported with its
  /// row and the row looked up by title; dates read in the order the file's own dates tell.
  @Test(arguments: damaged)
  func aReSavedExportKeepsEveryRow(_ damaged: Damaged) async throws {
    let plan = try await Self.plan(try Fixtures.csv(damaged.file), name: damaged.file)
    #expect(plan.format == damaged.format)
    #expect(plan.entries.map(\.key) == damaged.keys)
    #expect(plan.skipped == damaged.skipped)
    #expect(plan.dateOrder == damaged.dateOrder)
    #expect(plan.unreadDates.isEmpty)
    if let date = damaged.date {
      let row = plan.entries[date.row].row
      let dates = ([row.dateAdded] + row.datesRead).compactMap { $0?.description }
      #expect(dates.contains(date.value), "\(row)")
    }
    #expect(plan.lostISBNs.map(\.row.title) == (damaged.rounded.map { [$0.title] } ?? []))
    #expect(plan.lostISBNs.map(\.row.unusableISBN) == (damaged.rounded.map { [$0.isbn] } ?? []))
    _ = try Fixtures.load(plan.text)

    // Online, the row that lost its ISBN is found by its title.
    guard let rounded = damaged.rounded else { return }
    let matcher = TitleMatchTests.FakeMatcher([rounded.title: "found000001"])
    let matched = try await Self.plan(try Fixtures.csv(damaged.file), name: damaged.file, matcher: matcher)
    #expect(matcher.asked.withLock { $0 }.contains { $0.hasPrefix(rounded.title + " / ") })
    #expect(matched.matchedByTitle.map(\.row.title) == [rounded.title])
    #expect(matched.matchedByTitle.map(\.key) == ["found000001"])
  }
}
