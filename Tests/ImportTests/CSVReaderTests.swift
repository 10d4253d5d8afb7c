import Testing

@testable import Import

/// CSV as the apps and spreadsheets write it, and every way it can be broken, named and located.
@Suite struct CSVReaderTests {
  private func read(_ text: String) throws(ImportError) -> ExportTable {
    try CSVReader.read(Array(text.utf8), file: "export.csv")
  }

  private func message(_ bytes: [UInt8]) -> String {
    do {
      _ = try CSVReader.read(bytes, file: "export.csv")
      return "read"
    } catch {
      return error.diagnostics.map(\.description).joined(separator: "\n")
    }
  }

  @Test func quotedFieldsHoldCommasQuotesAndLineBreaks() throws {
    let table = try read("a,b,c\n1,\"x, \"\"y\"\"\",\"two\nlines\"\n2,=\"0441172717\",\"\"\n")
    #expect(table.columns == ["a", "b", "c"])
    #expect(table.records.map(\.position) == [.line(2), .line(4)])
    #expect(table.records.map(\.fields) == [["1", "x, \"y\"", "two\nlines"], ["2", "=\"0441172717\"", ""]])
  }

  @Test func aByteOrderMarkAndCRLFAreTheSameFile() throws {
    let plain = try read("a,b\n1,\"2\n3\"\n")
    let text = try ExportText.decode(
      [0xEF, 0xBB, 0xBF] + Array("a,b\r\n1,\"2\r\n3\"\r\n".utf8), file: "export.csv")
    let table = try CSVReader.read(text.bytes, file: "export.csv")
    #expect(table.columns == plain.columns)
    #expect(table.records.map(\.fields) == plain.records.map(\.fields))
    #expect(table.records.map(\.position) == plain.records.map(\.position))
  }

  @Test func blankLinesAndAMissingLastLineBreakAreFine() throws {
    let table = try read("a,b\n\n1,2")
    #expect(table.records.map(\.position) == [.line(3)])
    #expect(table.records.map(\.fields) == [["1", "2"]])
  }

  /// A spreadsheet's rows of separators alone, and its blank columns past the header's, are
  /// no data; a row of another length is listed with its line, the others are read.
  @Test func aRowOfAnotherLengthIsListedAndTheOthersRead() throws {
    let table = try read("a,b,c\n1,2,3\n4,5\n,,\n6,7,8,,\n9,10,11,12\n")
    #expect(table.records.map(\.position) == [.line(2), .line(5)])
    #expect(table.records.map(\.fields) == [["1", "2", "3"], ["6", "7", "8"]])
    #expect(
      table.damaged == [
        SkippedRow(
          position: .line(3), title: nil,
          reason:
            "2 fields where the header has 3 (a field holding a comma or a line break must be quoted): not imported"
        ),
        SkippedRow(
          position: .line(6), title: nil,
          reason:
            "4 fields where the header has 3 (a field holding a comma or a line break must be quoted): not imported"
        ),
      ])
  }

  /// A spreadsheet set to a language whose decimal mark is a comma separates with semicolons;
  /// LibraryThing and Excel's "Unicode text" with tabs, where quotes are text unless they
  /// enclose a whole field.
  @Test func semicolonsAndTabsSeparateToo() throws {
    let semicolons = try read("Title;Author\n\"Dune; or, the Spice\";Frank Herbert\n")
    #expect(semicolons.records.map(\.fields) == [["Dune; or, the Spice", "Frank Herbert"]])
    let tabs = try read("Title\tAuthor, Primary\n\"Tank Girl\" 2\tMartin, Alan\n\"Quoted\tone\"\tx\n")
    #expect(tabs.records.map(\.fields) == [["\"Tank Girl\" 2", "Martin, Alan"], ["Quoted\tone", "x"]])
  }

  @Test func anUnclosedQuoteIsLocatedWhereItOpens() {
    #expect(
      message(Array("a,b\n1,\"never\nclosed\n".utf8))
        == "export.csv:2:1: error: a quoted field is never closed (a '\"' is missing)")
  }

  @Test func textAfterAClosingQuoteIsAnError() {
    #expect(
      message(Array("a,b\n1,\"x\"y\n".utf8))
        == "export.csv:2:1: error: text follows the closing quote of a field (a quote inside a quoted field is written \"\")"
    )
  }

  @Test func notACSV() {
    #expect(message([]) == "export.csv:1:1: error: the file is empty: export your library again")
    #expect(
      message(Array("just some text\nmore\n".utf8))
        == "export.csv:1:1: error: the first line is not a CSV header (no commas, semicolons or tabs): this is not a CSV export"
    )
    #expect(
      message(Array("a,b\n1,\u{0}\n".utf8))
        == "export.csv:2:1: error: the file holds a NUL byte: it is not a CSV export")
  }
}
