import Catalog

extension ExportFormat {
  /// Openreads' CSV: `readings` as `START|FINISH|MILLISECONDS` with `;` between readings (older
  /// exports have `start_date` and `finish_date`), tags separated by `|||||`.
  static let openreads = ExportFormat(
    hint: "Settings, Backup, Export to CSV",
    knownColumns: [
      "title", "subtitle", "author", "description", "status", "favourite", "deleted", "rating", "pages",
      "publication_year", "isbn", "olid", "tags", "my_review", "notes", "book_format", "readings",
      "date_added", "date_modified", "start_date", "finish_date", "reading_time",
    ],
    sampleColumns: ["title", "author", "status", "olid", "readings"],
    identifyingColumns: ["title", "isbn", "olid"],
    dateColumns: ["date_added", "readings", "start_date", "finish_date"],
    row: ImportSource.openreads,
    skipReason: ImportSource.openreadsSkipReason)
}

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
    row.tags = ExportValues.list(columns["tags"], separator: "|||||")
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
        if let start = parts.first.flatMap({ row.date($0, column: column, read: columns.dates.date) }) {
          row.dateStarted = start
        }
        if parts.count > 1, let end = row.date(parts[1], column: column, read: columns.dates.date) {
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
