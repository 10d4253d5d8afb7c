import Diagnostics
import Support

/// A CSV file as exports write it: a header row, then rows of as many fields.
package struct CSVTable: Sendable, Equatable {
  package var header: [String]
  package var rows: [CSVRow]
}

/// One data row and the line it starts on (a quoted field may span lines).
package struct CSVRow: Sendable, Equatable {
  package var line: Int
  package var fields: [String]
}

/// RFC 4180 as the apps write it, with what spreadsheets and exports add: a byte order mark,
/// CRLF or LF line ends, quoted fields holding commas, quotes (`""`) and line breaks, and
/// quotes inside an unquoted field kept as text (Goodreads writes ISBNs as `="0441172717"`).
package enum CSVReader {
  /// Parses `bytes`, naming the file `file` in every error.
  package static func read(_ bytes: [UInt8], file: String) throws(ImportError) -> CSVTable {
    if let encoding = TextEncoding.wideEncoding(of: bytes) {
      throw .unreadableCSV(
        file: file, line: 1, reason: "the file is \(encoding) text, not UTF-8: save it as UTF-8")
    }
    if let offset = TextEncoding.firstInvalidUTF8Byte(in: bytes) {
      let line = bytes[..<offset].count(where: { $0 == UInt8(ascii: "\n") }) + 1
      let byte = "0x" + String(bytes[offset], radix: 16, uppercase: true)
      throw .unreadableCSV(
        file: file, line: line, reason: "the file is not UTF-8 text: byte \(byte) does not begin a character")
    }
    if bytes.contains(0) {
      let line = bytes.prefix { $0 != 0 }.count(where: { $0 == UInt8(ascii: "\n") }) + 1
      throw .unreadableCSV(
        file: file, line: line, reason: "the file holds a NUL byte: it is not a CSV export")
    }
    var scanner = Scanner(bytes: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes)
    var records: [CSVRow] = []
    while let record = try scanner.nextRecord(file: file) {
      // A blank line (often the last) holds no row.
      if record.fields == [""] { continue }
      records.append(record)
    }
    guard let header = records.first else {
      throw .unreadableCSV(file: file, line: 1, reason: "the file is empty: export your library again")
    }
    guard header.fields.count > 1 else {
      throw .unreadableCSV(
        file: file, line: 1,
        reason: "the first line is not a CSV header (no commas): this is not a CSV export")
    }
    for (index, row) in records.enumerated() where row.fields.count != header.fields.count {
      throw .wrongFieldCount(
        file: file, line: row.line, row: index, count: row.fields.count, expected: header.fields.count)
    }
    return CSVTable(header: header.fields, rows: Array(records.dropFirst()))
  }

  private struct Scanner {
    let bytes: [UInt8]
    var offset = 0
    var line = 1

    init(bytes: [UInt8]) {
      self.bytes = bytes
    }

    /// The next record's fields, nil at the end of the text.
    mutating func nextRecord(file: String) throws(ImportError) -> CSVRow? {
      guard offset < bytes.count else { return nil }
      let start = line
      var fields: [String] = []
      var field: [UInt8] = []
      while offset < bytes.count {
        let byte = bytes[offset]
        if byte == UInt8(ascii: "\""), field.isEmpty {
          field = try quoted(file: file)
          continue
        }
        offset += 1
        switch byte {
        case UInt8(ascii: ","):
          fields.append(String(decoding: field, as: UTF8.self))
          field = []
        case UInt8(ascii: "\r") where offset < bytes.count && bytes[offset] == UInt8(ascii: "\n"):
          offset += 1
          line += 1
          fields.append(String(decoding: field, as: UTF8.self))
          return CSVRow(line: start, fields: fields)
        case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
          line += 1
          fields.append(String(decoding: field, as: UTF8.self))
          return CSVRow(line: start, fields: fields)
        default:
          field.append(byte)
        }
      }
      fields.append(String(decoding: field, as: UTF8.self))
      return CSVRow(line: start, fields: fields)
    }

    /// A quoted field from its opening quote: up to the closing one, `""` read as `"`, line
    /// breaks kept (CRLF as LF). After it comes a comma, a line end or the end of the text.
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
          guard offset == bytes.count || [UInt8(ascii: ","), 10, 13].contains(bytes[offset]) else {
            throw .unreadableCSV(
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
      throw .unreadableCSV(
        file: file, line: opened, reason: "a quoted field is never closed (a '\"' is missing)")
    }
  }
}
