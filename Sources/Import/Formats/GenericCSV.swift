import Catalog
import Support

/// `--columns title=Name,isbn=Code,…`: which columns of any other CSV hold what, named as the
/// catalog names a book's keys.
package struct ColumnChoice: Sendable, Equatable {
  /// What a column may hold, as catalog.yml names it.
  package static let fields = [
    "title", "authors", "isbn", "id", "status", "rating", "date_added", "date_started", "date_read", "note",
    "tags", "format", "owned", "series", "series_number", "publisher", "page_count", "published",
    "private_notes",
  ]
  /// Other names people give those.
  static let aliases = [
    "author": "authors", "review": "note", "notes": "note", "shelf": "status", "pages": "page_count",
    "year": "published", "isbn13": "isbn", "isbn10": "isbn", "rating_stars": "rating",
    "finished": "date_read",
    "added": "date_added", "started": "date_started", "binding": "format",
  ]

  /// Field → the column's name, in the order given.
  package private(set) var columns: [(field: String, column: String)] = []

  package static func == (a: ColumnChoice, b: ColumnChoice) -> Bool {
    a.columns.map(\.field) == b.columns.map(\.field) && a.columns.map(\.column) == b.columns.map(\.column)
  }

  package enum ParseError: Error, Equatable {
    /// Not `field=Column`.
    case malformed(String)
    case unknownField(String)
    case repeatedField(String)
    /// Neither a title nor an ISBN column: no row could name its book.
    case noBookColumn
  }

  /// `title=Name,isbn=Code`; a column whose name holds a comma is written in quotes
  /// (`title="Name, full"`).
  package static func parse(_ text: String) throws(ParseError) -> ColumnChoice {
    var choice = ColumnChoice()
    for pair in Self.pairs(text) {
      guard let equals = pair.firstIndex(of: "=") else { throw .malformed(pair) }
      let name = pair[..<equals].trimmingWhitespace().lowercased()
      var column = pair[pair.index(after: equals)...].trimmingWhitespace()
      if column.count >= 2, column.hasPrefix("\""), column.hasSuffix("\"") {
        column = String(column.dropFirst().dropLast())
      }
      guard !name.isEmpty, !column.isEmpty else { throw .malformed(pair) }
      let field = aliases[name] ?? name
      guard fields.contains(field) else { throw .unknownField(name) }
      guard !choice.columns.contains(where: { $0.field == field }) else { throw .repeatedField(field) }
      choice.columns.append((field, column))
    }
    guard choice.columns.contains(where: { $0.field == "title" || $0.field == "isbn" }) else {
      throw .noBookColumn
    }
    return choice
  }

  /// `a=b,c="d, e"` split at the commas outside quotes.
  private static func pairs(_ text: String) -> [String] {
    var pairs: [String] = []
    var current = ""
    var quoted = false
    for character in text {
      if character == "\"" { quoted.toggle() }
      if character == ",", !quoted {
        pairs.append(current)
        current = ""
      } else {
        current.append(character)
      }
    }
    pairs.append(current)
    return pairs.filter { !$0.trimmingWhitespace().isEmpty }
  }

  /// `table` with the chosen columns named by their fields and the others unnamed, so the
  /// generic mapping reads them by field; throws naming a column the file lacks.
  func applied(to table: ExportTable, file: String) throws(ImportError) -> ExportTable {
    let index = table.index
    var renamed = table
    renamed.writtenColumns = table.columns
    renamed.columns = Array(repeating: "", count: table.columns.count)
    for (field, column) in columns {
      guard let position = index.position(of: column) else {
        throw .missingColumn(file: file, column: column, field: field, columns: table.columns)
      }
      renamed.columns[position] = field
    }
    return renamed
  }
}

extension ExportFormat {
  /// Any other CSV, read through `--columns`.
  static let csv = ExportFormat(
    hint: "any other CSV or spreadsheet, its columns named with --columns",
    identifyingColumns: ["title", "isbn"],
    dateColumns: ["date_added", "date_started", "date_read", "published"],
    row: ImportSource.generic)
}

extension ImportSource {
  static func generic(_ columns: ExportColumns, at position: RowPosition) -> ImportedRow {
    var row = newRow(
      .csv, id: columns["id"], title: columns["title"], authors: columns["authors"], at: position)
    if let name = columns.text("series") {
      row.series = name
      row.seriesNumber = columns.text("series_number").flatMap(SeriesNumber.init(parsing:))
    }
    row.take(ExportValues.isbn(columns["isbn"]))
    row.authors = ExportValues.names(columns["authors"])
    row.rating = ExportValues.rating(columns["rating"])
    if let status = columns.text("status") { row.setStatus(status) }
    row.dateAdded = row.date(columns, "date_added")
    row.dateStarted = row.date(columns, "date_started")
    row.datesRead = row.date(columns, "date_read").map { [$0] } ?? []
    row.note = columns.text("note").flatMap { ReviewMarkdown.markdown(from: $0, newlinesBreak: true) }
    row.tags = ExportValues.tags(columns["tags"])
    row.format = ExportValues.format(columns["format"])
    switch columns["owned"].lowercased() {
    case "yes", "true", "1", "y", "x", "owned": row.owned = true
    case "no", "false", "0", "n": row.owned = false
    default: break
    }
    row.publisher = columns.text("publisher")
    row.pageCount = ExportValues.count(columns["page_count"]).flatMap { $0 > 0 ? $0 : nil }
    row.published = row.date(columns, "published") { ExportValues.year($0) ?? columns.dates.date($0) }
    row.privateNotes = columns.text("private_notes")
    return row
  }
}
