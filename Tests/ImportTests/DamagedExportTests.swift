import Catalog
import Foundation
import Testing

@testable import Import

/// Exports as they reach bookgen after a spreadsheet had them: other encodings and separators,
/// columns dropped, ISBNs turned into numbers, dates in a local order, broken rows. Every row is
/// an entry or listed with why; nothing is guessed.
@Suite struct DamagedExportTests {
  typealias Fixtures = ExportImportTests

  /// StoryGraph's export with 8 of its columns, re-saved by a US spreadsheet: recognised, its
  /// date order told by `10/13/2022`, a full-precision ISBN put back, rounded ones reported.
  @Test func aStoryGraphExportReSavedWithEightColumns() async throws {
    let plan = try await Fixtures.plan("storygraph-8-columns.csv")
    #expect(plan.format == .storygraph)
    #expect(plan.dateOrder == .inferred(.mdy, example: "10/13/2022", position: .line(2)))
    #expect(
      plan.entries.map(\.key) == [
        "storygraph:t979fbf11c5657fbd", "9781635575637", "9780807083697", "storygraph:tf6bc75120a167531",
        "9781538732182",
      ])
    let darkness = plan.entries[0].row
    #expect(darkness.isbnLostDigits)
    #expect(darkness.unusableISBN == "9.78044E+12")
    #expect(darkness.dateAdded?.description == "2024-04-01")
    #expect(darkness.datesRead.map(\.description) == ["2022-10-13"])
    #expect(plan.entries[3].row.dateAdded?.description == "2023-12-25")
    #expect(plan.lostISBNs.map(\.row.title) == ["The Left Hand of Darkness"])
    #expect(plan.unreadDates.isEmpty)
    #expect(
      plan.skipped == [
        SkippedRow(
          position: .line(6), title: nil,
          reason:
            "9 fields where the header has 8 (a field holding a comma or a line break must be quoted): not imported"
        ),
        SkippedRow(position: .line(8), title: nil, reason: "no title and no ISBN: not imported"),
      ])
    let catalog = try Fixtures.load(plan.text)
    #expect(catalog.books.count == 5)
    #expect(catalog.books["9781538732182"]?.rating?.text == "4.5")
  }

  /// Told the order, the file is read in it: a date it cannot be is listed, not turned around.
  @Test func aGivenDateOrderWinsOverTheFiles() async throws {
    let request = try Fixtures.request(
      try Fixtures.csv("storygraph-8-columns.csv"), name: "sg.csv", dateOrder: .dmy)
    let plan = try await ExportImporter.plan(request, matcher: nil)
    #expect(plan.dateOrder == .given(.dmy))
    #expect(plan.entries[0].row.dateAdded?.description == "2024-01-04")
    #expect(plan.entries[0].row.unreadDates == [.init(column: "Last Date Read", text: "10/13/2022")])
  }

  @Test func aFileWhoseDatesCannotTellTheirOrderSaysSoOnce() async throws {
    let csv = Fixtures.csvText(
      ["Title", "Authors", "Read Status", "Date Added"],
      [
        [
          "Title": "Kindred", "Authors": "Octavia E. Butler", "Read Status": "read", "Date Added": "4/1/2024",
        ],
        ["Title": "Beloved", "Authors": "Toni Morrison", "Read Status": "read", "Date Added": "5/5/2024"],
        ["Title": "Jazz", "Authors": "Toni Morrison", "Read Status": "read", "Date Added": "3/2/24"],
      ])
    let plan = try await Fixtures.plan(text: csv)
    #expect(plan.dateOrder == .undecided(example: "4/1/2024", position: .line(2), count: 2))
    // `5/5/2024` reads the same either way; the others are left out, as comments.
    #expect(plan.entries.map(\.row.dateAdded?.description) == [nil, "2024-05-05", nil])
    #expect(plan.unreadDates.count == 2)
    #expect(plan.text.contains("    # Date Added \"4/1/2024\": not a date bookgen reads, so left out\n"))
  }

  @Test func datesThatDisagreeAreLeftOutWhenTheyCouldBeEither() async throws {
    let csv = Fixtures.csvText(
      ["Title", "Authors", "Date Added"],
      [
        ["Title": "A", "Authors": "X", "Date Added": "10/13/2022"],
        ["Title": "B", "Authors": "X", "Date Added": "13/10/2022"],
        ["Title": "C", "Authors": "X", "Date Added": "4/1/2024"],
      ])
    let plan = try await Fixtures.plan(text: csv, format: .storygraph)
    #expect(
      plan.dateOrder
        == .conflicting(
          monthFirst: "10/13/2022", monthFirstAt: .line(2), dayFirst: "13/10/2022", dayFirstAt: .line(3),
          count: 1))
    #expect(plan.entries.map(\.row.dateAdded?.description) == ["2022-10-13", "2022-10-13", nil])
  }

  /// Goodreads' columns from a European spreadsheet: Windows-1252, semicolons, `13.10.2022`; the
  /// review marked as a spoiler stays behind its disclosure.
  @Test func aWindows1252ExportWithSemicolonsAndASpoiler() async throws {
    let plan = try await Fixtures.plan("goodreads-windows-1252.csv")
    #expect(plan.format == .goodreads)
    #expect(plan.encoding == .windows1252)
    #expect(plan.dateOrder == .inferred(.dmy, example: "13.10.2022", position: .line(2)))
    let hugo = plan.entries[0].row
    #expect(hugo.title == "Les Misérables")
    #expect(hugo.datesRead.map(\.description) == ["2022-10-13"])
    #expect(hugo.dateAdded?.description == "2022-09-02")
    #expect(
      hugo.note == "Jean Valjean’s last night **breaks** you — the candlesticks &amp; all. Cost me €12.")
    #expect(hugo.spoiler)
    #expect(!plan.entries[1].row.spoiler)
    let catalog = try Fixtures.load(plan.text)
    #expect(catalog.books["9780140444308"]?.noteSpoiler == true)
    #expect(catalog.books["goodreads:5907"]?.noteSpoiler == false)
  }

  /// Excel's "Unicode text": UTF-16 with tabs; quotes that do not enclose a field are the title's.
  @Test func aUTF16TabSeparatedExport() async throws {
    let plan = try await Fixtures.plan("goodreads-unicode-text.txt")
    #expect(plan.encoding == .utf16LittleEndian)
    #expect(plan.entries.map(\.row.title) == ["\"Tank Girl\" 2", "Les Misérables"])
    #expect(plan.entries.map(\.key) == ["9781845767594", "goodreads:2"])
  }

  /// UTF-8 read as Windows-1252 and saved again (`Ã©`) is put back, field by field.
  @Test func textSavedInTheWrongEncodingIsPutBack() async throws {
    let csv = Fixtures.csvText(
      ["Title", "Authors", "ISBN/UID"],
      [
        ["Title": "Les MisÃ©rables", "Authors": "Victor Hugo", "ISBN/UID": "9780140444308"],
        ["Title": "São Bernardo", "Authors": "Graciliano Ramos", "ISBN/UID": ""],
      ])
    let plan = try await Fixtures.plan(text: csv)
    #expect(plan.entries.map(\.row.title) == ["Les Misérables", "São Bernardo"])
    #expect(plan.repairedText == 1)
  }

  @Test func aFileOfFewColumnsIsRecognisedByThem() throws {
    func format(_ header: String) throws -> ImportSource {
      try ExportReader.read(Array((header + "\n").utf8), file: "x.csv").format
    }
    #expect(try format("Title,ISBN/UID") == .storygraph)
    #expect(try format("Title,Author,Exclusive Shelf") == .goodreads)
    let error = #expect(throws: ImportError.self) { try format("Title,Date Added,Read Count") }
    #expect(
      error?.diagnostics.first?.description
        == "x.csv:1:1: error: the columns 'Title', 'Date Added', 'Read Count' fit Goodreads and StoryGraph exports "
        + "alike: name the export, as in 'bookgen import goodreads x.csv' or 'bookgen import storygraph x.csv'\n"
        + "note: or name the columns to read: 'bookgen import x.csv --columns title=NAME,isbn=NAME,…'")
    // A format named for columns that are plainly another's is refused; one that fits is taken.
    #expect(
      try ExportReader.read(Array("Title,Date Added\n".utf8), file: "x.csv", format: .storygraph).format
        == .storygraph)
  }
}

/// Bytes in every encoding an export comes in, as UTF-8.
@Suite struct ExportTextTests {
  private func decoded(_ bytes: [UInt8]) throws -> (String, ExportEncoding) {
    let text = try ExportText.decode(bytes, file: "x.csv")
    return (String(decoding: text.bytes, as: UTF8.self), text.encoding)
  }

  @Test func everyEncoding() throws {
    #expect(try decoded(Array("Tí,b".utf8)) == ("Tí,b", .utf8))
    #expect(try decoded([0xEF, 0xBB, 0xBF] + Array("Tí,b".utf8)) == ("Tí,b", .utf8))
    #expect(try decoded([0xFF, 0xFE, 0x54, 0x00, 0xED, 0x00]) == ("Tí", .utf16LittleEndian))
    #expect(try decoded([0xFE, 0xFF, 0x00, 0x54, 0x00, 0xED]) == ("Tí", .utf16BigEndian))
    #expect(try decoded([0x00, 0x54, 0x00, 0x2C]) == ("T,", .utf16BigEndian))
    #expect(try decoded([0x54, 0x00, 0x2C, 0x00]) == ("T,", .utf16LittleEndian))
    // Windows-1252's own characters in 0x80–0x9F, ISO-8859-1's above.
    #expect(try decoded([0x80, 0x92, 0x93, 0x94, 0x97, 0xE9, 0x81]) == ("€’“”—é\u{81}", .windows1252))
  }

  @Test func utf32IsNamed() {
    let error = #expect(throws: ImportError.self) {
      try ExportText.decode([0xFF, 0xFE, 0x00, 0x00, 0x54, 0x00, 0x00, 0x00], file: "x.csv")
    }
    #expect(
      error?.diagnostics.map(\.description) == [
        "x.csv:1:1: error: the file is UTF-32 text: save it as UTF-8 or UTF-16"
      ])
  }

  @Test(
    arguments: [
      ("Les MisÃ©rables", "Les Misérables"), ("Jean Valjeanâ€™s", "Jean Valjean’s"), ("Â£5", "£5"),
      ("São Paulo", nil), ("Ãx", nil), ("plain", nil),
    ] as [(String, String?)])
  func mojibake(text: String, repaired: String?) {
    #expect(Mojibake.repaired(text) == repaired)
  }
}

/// The dates exports write, in every order and shape.
@Suite struct ExportDateTests {
  @Test(
    arguments: [
      ("10/13/2022", nil, "2022-10-13"), ("13/10/2022", nil, "2022-10-13"), ("5/5/2024", nil, "2024-05-05"),
      ("4/1/2024", nil, nil), ("4/1/2024", .mdy, "2024-04-01"), ("4/1/2024", .dmy, "2024-01-04"),
      ("13.10.2022", nil, "2022-10-13"), ("1-2-2023", .mdy, "2023-01-02"), ("4/1/24", .mdy, "2024-04-01"),
      ("4/1/95", .mdy, "1995-04-01"), ("21/03/04", nil, nil), ("21/03/04", .ymd, "2021-03-04"),
      ("2/30/2024", .mdy, nil), ("2/29/2024", .mdy, "2024-02-29"), ("13/10/2022", .mdy, nil),
      ("10/13/2022 18:04", nil, "2022-10-13"), ("[2007-04-16]", nil, "2007-04-16"),
      ("2021-01-19T22:41:16+01:00", nil, "2021-01-19"), ("Jan 5, 2024", nil, "2024-01-05"),
      ("5 January 2024", nil, "2024-01-05"), ("5-Jan-24", nil, "2024-01-05"),
      ("September 2023", nil, "2023-09"),
      ("Sept 3 2023", nil, "2023-09-03"), ("45383", nil, "2024-04-01"), ("12345", nil, nil),
      ("Jan-24", nil, nil),
    ] as [(String, DateOrder?, String?)])
  func dates(text: String, order: DateOrder?, date: String?) {
    #expect(DateReader(order: order).date(text)?.description == date)
  }
}
