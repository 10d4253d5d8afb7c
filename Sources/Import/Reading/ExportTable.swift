import Foundation
import Support

/// An export read into rows of named fields, whatever it came as (CSV, tab-separated text,
/// JSON, a Calibre library's database): what the formats' mappings read.
package struct ExportTable: Sendable {
  /// The column names as the file writes them.
  package var columns: [String]
  package var records: [ExportRecord]
  /// Rows that could not be read as the header's fields.
  package var damaged: [SkippedRow] = []
  /// What the file's text was written in.
  package var encoding: ExportEncoding = .utf8
  /// The names messages show when `columns` are not the file's own (`--columns` renames them).
  var writtenColumns: [String]?

  package init(columns: [String], records: [ExportRecord]) {
    self.columns = columns
    self.records = records
  }

  /// The columns by their normalised names; the first of two with one name wins.
  var index: ColumnIndex { ColumnIndex(columns, written: writtenColumns) }
}

/// One row's fields, in the table's column order.
package struct ExportRecord: Sendable {
  package var position: RowPosition
  package var fields: [String]
}

/// The positions of a table's columns by normalised name, and their names as written.
struct ColumnIndex: Sendable {
  private(set) var positions: [String: Int] = [:]
  let written: [String]

  init(_ columns: [String], written: [String]? = nil) {
    self.written = written ?? columns
    for (position, name) in columns.enumerated() {
      let key = Self.normalized(name)
      if !key.isEmpty, positions[key] == nil { positions[key] = position }
    }
  }

  /// How column names compare: LibraryThing's older CSV quotes them (`'TITLE'`), spreadsheets
  /// pad them with spaces, and apps differ in case (`Work Id`, `Work ID`).
  static func normalized(_ name: String) -> String {
    var text = name.trimmingWhitespace()
    if text.utf8.count >= 2, text.hasPrefix("'"), text.hasSuffix("'") {
      text = text.dropFirst().dropLast().trimmingWhitespace()
    }
    return text.lowercased()
  }

  func position(of name: String) -> Int? { positions[Self.normalized(name)] }

  func contains(_ name: String) -> Bool { position(of: name) != nil }

  /// The normalised names of the columns the table has.
  var names: Set<String> { Set(positions.keys) }
}

/// One export row's fields by column name.
struct ExportColumns {
  let index: ColumnIndex
  let fields: [String]
  /// How this file's dates are read.
  let dates: DateReader

  /// The field under `column`, trimmed; empty when the export has no such column.
  subscript(_ column: String) -> String {
    guard let position = index.position(of: column) else { return "" }
    return fields[position].trimmingWhitespace()
  }

  /// The field's text, nil when blank.
  func text(_ column: String) -> String? {
    let value = self[column]
    return value.isEmpty ? nil : value
  }

  /// The first of `columns` that holds text.
  func first(_ columns: String...) -> String? {
    columns.lazy.compactMap { text($0) }.first
  }

  /// The column's name as the file writes it, nil when it has no such column.
  func name(of column: String) -> String? {
    index.position(of: column).map { index.written[$0].trimmingWhitespace() }
  }
}
