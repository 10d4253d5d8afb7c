import Diagnostics
import Support

/// RFC 4180 as the apps write it, with what spreadsheets and exports add: CRLF or LF line ends,
/// quoted fields holding commas, quotes (`""`) and line breaks, quotes inside an unquoted field
/// kept as text (Goodreads writes ISBNs as `="0441172717"`), a semicolon as the separator (a
/// spreadsheet set to a language whose decimal mark is a comma), and tab-separated text
/// (LibraryThing), where a quote opens a quoted field only when its closing quote ends the field.
package enum CSVReader {
  /// Parses `bytes`, already UTF-8 (`ExportText`), naming the file `file` in every error: a header
  /// row, then rows of as many fields, each at the line it starts on.
  static func read(_ bytes: [UInt8], file: String) throws(ImportError) -> ExportTable {
    if bytes.contains(0) {
      let line = bytes.prefix { $0 != 0 }.count(where: { $0 == UInt8(ascii: "\n") }) + 1
      throw .unreadable(file: file, line: line, reason: "the file holds a NUL byte: it is not a CSV export")
    }
    let delimiter = Self.delimiter(of: bytes)
    var scanner = Scanner(bytes: bytes, delimiter: delimiter)
    var records: [ExportRecord] = []
    while let record = try scanner.nextRecord(file: file) {
      // A blank line (often the last) holds no row.
      if record.fields == [""] { continue }
      records.append(record)
    }
    guard let header = records.first else {
      throw .unreadable(file: file, line: 1, reason: "the file is empty: export your library again")
    }
    guard header.fields.count > 1 else {
      throw .unreadable(
        file: file, line: 1,
        reason: "the first line is not a CSV header (no commas, semicolons or tabs): this is not a CSV export"
      )
    }
    var table = ExportTable(columns: header.fields, records: [])
    table.records.reserveCapacity(records.count - 1)
    for row in records.dropFirst() {
      var row = row
      // A spreadsheet writes a row that is all blank as separators alone: no book.
      if row.fields.allSatisfy({ $0.isEmpty }) { continue }
      // Fields past the header's that are blank (a spreadsheet's trailing separators) are none.
      while row.fields.count > header.fields.count, row.fields.last?.isEmpty == true {
        row.fields.removeLast()
      }
      guard row.fields.count == header.fields.count else {
        table.damaged.append(
          SkippedRow(
            position: row.position,
            title: nil,
            reason: "\(row.fields.count) fields where the header has \(header.fields.count) (a field holding "
              + "\(delimiter == 9 ? "a tab" : delimiter == 59 ? "a semicolon" : "a comma") or a line break "
              + "must be quoted): not imported"))
        continue
      }
      table.records.append(row)
    }
    return table
  }

  /// The header line's separator: a tab or a semicolon when it holds them (outside quotes) and
  /// they outnumber commas, else a comma.
  static func delimiter(of bytes: [UInt8]) -> UInt8 {
    var counts: [UInt8: Int] = [9: 0, 44: 0, 59: 0]
    var quoted = false
    for byte in bytes {
      if byte == UInt8(ascii: "\"") { quoted.toggle() }
      if !quoted, byte == 10 || byte == 13 { break }
      if !quoted, counts[byte] != nil { counts[byte]! += 1 }
    }
    if counts[9]! > 0, counts[9]! >= counts[44]! { return 9 }
    if counts[59]! > counts[44]! { return 59 }
    return 44
  }

  private struct Scanner {
    let bytes: [UInt8]
    let delimiter: UInt8
    var offset = 0
    var line = 1

    /// The next record's fields, nil at the end of the text.
    mutating func nextRecord(file: String) throws(ImportError) -> ExportRecord? {
      guard offset < bytes.count else { return nil }
      let start = line
      var fields: [String] = []
      var field: [UInt8] = []
      var fieldStart = true
      while offset < bytes.count {
        let byte = bytes[offset]
        if byte == UInt8(ascii: "\""), fieldStart, delimiter != 9 || closesField() {
          field = try quoted(file: file)
          fieldStart = false
          continue
        }
        fieldStart = false
        offset += 1
        switch byte {
        case delimiter:
          fields.append(String(decoding: field, as: UTF8.self))
          field = []
          fieldStart = true
        case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
          if byte == UInt8(ascii: "\r"), offset < bytes.count, bytes[offset] == UInt8(ascii: "\n") {
            offset += 1
          }
          line += 1
          fields.append(String(decoding: field, as: UTF8.self))
          return ExportRecord(position: .line(start), fields: fields)
        default:
          field.append(byte)
        }
      }
      fields.append(String(decoding: field, as: UTF8.self))
      return ExportRecord(position: .line(start), fields: fields)
    }

    /// In tab-separated text, whether the quote at `offset` has a closing quote that ends the
    /// field (`"a ""b"" c"` then a tab); else the quote is text (`"Tank Girl" 2`).
    private func closesField() -> Bool {
      var index = offset + 1
      let end = min(bytes.count, offset + 1 + 65_536)
      while index < end {
        if bytes[index] == UInt8(ascii: "\"") {
          if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\"") {
            index += 2
            continue
          }
          return index + 1 == bytes.count || [delimiter, 10, 13].contains(bytes[index + 1])
        }
        index += 1
      }
      return false
    }

    /// A quoted field from its opening quote: up to the closing one, `""` read as `"`, line
    /// breaks kept (CRLF as LF). After it comes a separator, a line end or the end of the text.
    private mutating func quoted(file: String) throws(ImportError) -> [UInt8] {
      let opened = line
      offset += 1
      var field: [UInt8] = []
      while offset < bytes.count {
        let byte = bytes[offset]
        offset += 1
        if byte == UInt8(ascii: "\"") {
          if offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") {
            field.append(byte)
            offset += 1
            continue
          }
          guard offset == bytes.count || [delimiter, 10, 13].contains(bytes[offset]) else {
            throw .unreadable(
              file: file, line: line,
              reason:
                "text follows the closing quote of a field (a quote inside a quoted field is written \"\")")
          }
          return field
        }
        if byte == UInt8(ascii: "\r") {
          if offset < bytes.count, bytes[offset] == UInt8(ascii: "\n") { offset += 1 }
          line += 1
          field.append(UInt8(ascii: "\n"))
          continue
        }
        if byte == UInt8(ascii: "\n") { line += 1 }
        field.append(byte)
      }
      throw .unreadable(
        file: file, line: opened, reason: "a quoted field is never closed (a '\"' is missing)")
    }
  }
}
