import Catalog
import Diagnostics
import Support

/// Why an export could not be imported: each case names the file, and the line when it has one.
package enum ImportError: Error, Sendable, Equatable, Diagnosable {
  /// Not readable as an export (encoding, quotes, no header).
  case unreadable(file: String, line: Int, reason: String)
  /// The columns are no export bookgen knows.
  case unknownFormat(file: String, columns: [String])
  /// The columns fit two exports equally.
  case ambiguousFormat(file: String, formats: [ImportSource], columns: [String])
  /// The columns are another app's export than the command names.
  case otherFormat(file: String, found: ImportSource, asked: ImportSource)
  /// The named export has no column naming the book (title, ISBN).
  case noBookColumn(file: String, format: ImportSource, columns: [String])
  /// `--columns` names a column the file has not.
  case missingColumn(file: String, column: String, field: String, columns: [String])
  /// `--columns` was not given for a CSV of no known app's.
  case columnsNeeded(file: String, columns: [String])
  /// The file could not be read or written.
  case file(path: String, reason: String)

  package var diagnostics: [Diagnostic] {
    switch self {
    case .unreadable(let file, let line, let reason):
      return [.error(reason, at: SourceLocation(file: file, line: line, column: 1))]
    case .unknownFormat(let file, let columns):
      var diagnostic = Diagnostic.error(
        "this is not an export bookgen knows: its columns are \(Self.shown(columns))",
        at: SourceLocation(file: file, line: 1, column: 1))
      diagnostic.notes = ImportSource.allCases.filter { $0 != .csv }.map {
        .note(
          "\("AEIOU".contains($0.appName.first!) ? "an" : "a") \($0.appName) export (\($0.spec.hint)) has "
            + "columns such as \(Self.shown($0.spec.sampleColumns))")
      }
      diagnostic.notes.append(
        .note(
          "any other CSV: 'bookgen import FILE --columns title=NAME,isbn=NAME,…' names the columns to read"))
      return [diagnostic]
    case .ambiguousFormat(let file, let formats, let columns):
      let names = formats.map(\.appName).joined(separator: " and ")
      var diagnostic = Diagnostic.error(
        "the columns \(Self.shown(columns)) fit \(names) exports alike: name the export, as in "
          + formats.map { "'bookgen import \($0.rawValue) \(file)'" }.joined(separator: " or "),
        at: SourceLocation(file: file, line: 1, column: 1))
      diagnostic.notes = [
        .note("or name the columns to read: 'bookgen import \(file) --columns title=NAME,isbn=NAME,…'")
      ]
      return [diagnostic]
    case .otherFormat(let file, let found, let asked):
      return [
        .error(
          "this is a \(found.appName) export, not a \(asked.appName) one: import it with 'bookgen import "
            + "\(file)' (or 'bookgen import \(found.rawValue) \(file)')",
          at: SourceLocation(file: file, line: 1, column: 1))
      ]
    case .noBookColumn(let file, let format, let columns):
      return [
        .error(
          "no column names the book (a \(format.appName) export has "
            + format.spec.identifyingColumns.map { "'\($0)'" }.joined(separator: " or ")
            + "): its columns are "
            + Self.shown(columns), at: SourceLocation(file: file, line: 1, column: 1))
      ]
    case .missingColumn(let file, let column, let field, let columns):
      return [
        .error(
          "--columns reads \(field) from '\(column)', which the file has not: its columns are "
            + Self.shown(columns, limit: 40),
          at: SourceLocation(file: file, line: 1, column: 1),
          suggestion: NearestName.suggestion(for: column, among: columns))
      ]
    case .columnsNeeded(let file, let columns):
      return [
        .error(
          "name the columns to read with --columns (such as 'title=Name,isbn=Code'): its columns are "
            + Self.shown(columns, limit: 40), at: SourceLocation(file: file, line: 1, column: 1))
      ]
    case .file(let path, let reason):
      return [.error("cannot read \(path): \(reason)")]
    }
  }

  /// `'Title', 'Author' and 3 more`.
  static func shown(_ columns: [String], limit: Int = 8) -> String {
    let named = columns.filter { !$0.trimmingWhitespace().isEmpty }
    let shown = named.prefix(limit).map { "'\($0)'" }.joined(separator: ", ")
    return named.isEmpty ? "none" : shown + (named.count > limit ? " and \(named.count - limit) more" : "")
  }

  package var isInputProblem: Bool { true }
}
