import Catalog
import Support

/// Openreads' CSV export (Settings → Backup → Export as CSV): `title`, `author`, `status`
/// (`finished`, `in_progress`, `planned`, `abandoned`, `unknown`), `favourite`, `deleted`,
/// `rating` (0–5 in halves), `isbn`, `olid`, `tags` separated by `|||||`, `my_review`, `notes`,
/// `book_format`, `readings` (`START|FINISH|MILLISECONDS`, `;` between readings; older exports
/// have `start_date` and `finish_date`), `date_added` (ISO 8601).
extension ImportSource {
  private static let openreadsStatuses: [String: ReadingStatus] = [
    "finished": .read, "in_progress": .reading, "planned": .toRead, "abandoned": .abandoned,
  ]

  static func openreads(_ columns: ExportColumns, at position: RowPosition) -> ImportedRow {
    var row = newRow(.openreads, id: "", title: columns["title"], authors: columns["author"], at: position)
    row.authors = ExportValues.names(columns["author"])
    row.take(ExportValues.isbn(columns["isbn"]))
    if row.isbn13 == nil { row.sourceKey = OpenLibraryID(columns["olid"])?.description }
    row.status = openreadsStatuses[columns["status"].lowercased()]
    row.rating = ExportValues.rating(columns["rating"])
    row.tags = columns["tags"].components(separatedBy: "|||||").map {
      $0.trimmingWhitespace()
    }
    .filter { !$0.isEmpty }
    if columns["favourite"].lowercased() == "true" { row.shelves.append("favourites") }
    row.note = columns.text("my_review").flatMap { ReviewMarkdown.markdown(from: $0, newlinesBreak: true) }
    row.privateNotes = columns.text("notes")
    row.description = columns.text("description").flatMap {
      ReviewMarkdown.markdown(from: $0, newlinesBreak: true)
    }
    row.format = columns.text("book_format").flatMap(ExportValues.format)
    row.pageCount = ExportValues.count(columns["pages"]).flatMap { $0 > 0 ? $0 : nil }
    row.published = columns.text("publication_year").flatMap(ExportValues.year)
    row.dateAdded = row.date(columns, "date_added")
    if let column = columns.name(of: "readings") {
      for reading in columns["readings"].split(separator: ";") {
        let parts = reading.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        if let start = parts.first.flatMap({ row.date($0, column: column, reader: columns.dates) }) {
          row.dateStarted = start
        }
        if parts.count > 1, let end = row.date(parts[1], column: column, reader: columns.dates) {
          row.datesRead.append(end)
        }
      }
    } else {
      row.dateStarted = row.date(columns, "start_date")
      row.datesRead = row.date(columns, "finish_date").map { [$0] } ?? []
    }
    return row
  }

  /// Openreads keeps deleted books in its trash, and exports them marked `deleted`.
  static func openreadsSkipReason(_ columns: ExportColumns) -> String? {
    columns["deleted"].lowercased() == "true" ? "in Openreads' trash (deleted there): not imported" : nil
  }
}
