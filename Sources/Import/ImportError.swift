import Diagnostics

/// Why an export could not be imported: each case names the file, and the line when it has one.
package enum ImportError: Error, Sendable, Equatable, Diagnosable {
  /// Not readable as CSV text (encoding, quotes, no header).
  case unreadableCSV(file: String, line: Int, reason: String)
  /// A row (counted from 1 after the header) with a different number of fields than the header.
  case wrongFieldCount(file: String, line: Int, row: Int, count: Int, expected: Int)
  /// The header is no export bookgen knows.
  case unknownFormat(file: String, columns: [String])
  /// The header is another app's export than the command names.
  case otherFormat(file: String, found: ExportFormat, asked: ExportFormat)
  /// The file could not be read or written.
  case file(path: String, reason: String)

  package var diagnostics: [Diagnostic] {
    switch self {
    case .unreadableCSV(let file, let line, let reason):
      return [.error(reason, at: SourceLocation(file: file, line: line, column: 1))]
    case .wrongFieldCount(let file, let line, let row, let count, let expected):
      return [
        .error(
          "row \(row) has \(count) fields, the header has \(expected) (a field holding a comma or a "
            + "line break must be quoted)", at: SourceLocation(file: file, line: line, column: 1))
      ]
    case .unknownFormat(let file, let columns):
      let shownColumns = columns.prefix(8).map { "'\($0)'" }.joined(separator: ", ")
      var diagnostic = Diagnostic.error(
        "this is not an export bookgen knows: its columns are \(shownColumns)"
          + (columns.count > 8 ? " and \(columns.count - 8) more" : ""),
        at: SourceLocation(file: file, line: 1, column: 1))
      diagnostic.notes = ExportFormat.allCases.map {
        .note(
          "a \($0.appName) export is imported with 'bookgen import \($0.rawValue) FILE.csv' (\($0.exportHint))"
        )
      }
      return [diagnostic]
    case .otherFormat(let file, let found, let asked):
      return [
        .error(
          "this is a \(found.appName) export, not a \(asked.appName) one: import it with 'bookgen import "
            + "\(found.rawValue) \(file)'", at: SourceLocation(file: file, line: 1, column: 1))
      ]
    case .file(let path, let reason):
      return [.error("cannot read \(path): \(reason)")]
    }
  }

  package var isInputProblem: Bool { true }
}
