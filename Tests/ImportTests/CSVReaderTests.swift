import Testing

@testable import Import

/// CSV as the apps and spreadsheets write it, and every way it can be broken, named and located.
@Suite struct CSVReaderTests {
  private func read(_ text: String) throws(ImportError) -> CSVTable {
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
    #expect(table.header == ["a", "b", "c"])
    #expect(
      table.rows == [
        CSVRow(line: 2, fields: ["1", "x, \"y\"", "two\nlines"]),
        CSVRow(line: 4, fields: ["2", "=\"0441172717\"", ""]),
      ])
  }

  @Test func aByteOrderMarkAndCRLFAreTheSameFile() throws {
    let plain = try read("a,b\n1,\"2\n3\"\n")
    let spreadsheet = try CSVReader.read(
      [0xEF, 0xBB, 0xBF] + Array("a,b\r\n1,\"2\r\n3\"\r\n".utf8), file: "export.csv")
    #expect(plain == spreadsheet)
  }

  @Test func blankLinesAndAMissingLastLineBreakAreFine() throws {
    #expect(try read("a,b\n\n1,2").rows == [CSVRow(line: 3, fields: ["1", "2"])])
  }

  @Test func aRowWithTooFewFieldsIsNamed() {
    #expect(
      message(Array("a,b,c\n1,2,3\n4,5\n".utf8))
        == "export.csv:3:1: error: row 2 has 2 fields, the header has 3 (a field holding a comma or a line break must be quoted)"
    )
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

  @Test func invalidUTF8IsLocated() {
    #expect(
      message(Array("a,b\n1,2\n3,".utf8) + [0xE9] + Array("t\u{E9}\n".utf8))
        == "export.csv:3:1: error: the file is not UTF-8 text: byte 0xE9 does not begin a character")
  }

  @Test func wideTextIsNamed() {
    #expect(
      message([0xFF, 0xFE, 0x61, 0x00, 0x2C, 0x00])
        == "export.csv:1:1: error: the file is UTF-16 text, not UTF-8: save it as UTF-8")
  }

  @Test func notACSV() {
    #expect(message([]) == "export.csv:1:1: error: the file is empty: export your library again")
    #expect(
      message(Array("just some text\nmore\n".utf8))
        == "export.csv:1:1: error: the first line is not a CSV header (no commas): this is not a CSV export")
    #expect(
      message([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        == "export.csv:1:1: error: the file is not UTF-8 text: byte 0x89 does not begin a character")
    #expect(
      message(Array("a,b\n1,\u{0}\n".utf8))
        == "export.csv:2:1: error: the file holds a NUL byte: it is not a CSV export")
  }
}
