import Catalog

extension ExportFormat {
  /// Open Library's reading log: each book is keyed by its edition (else its work), which the
  /// build looks up.
  static let openlibrary = ExportFormat(
    hint: "My Books, Import & Export, Download Reading Log",
    knownColumns: [
      "work id", "title", "authors", "first publish year", "edition id", "edition count", "bookshelf",
      "my ratings", "ratings average", "ratings count", "has ebook", "subjects", "subject people",
      "subject places", "subject times",
    ],
    sampleColumns: ["Work ID", "Title", "Authors", "Edition ID", "Bookshelf"],
    identifyingColumns: ["work id", "edition id", "title"],
    row: ImportSource.openLibraryLog)
}

extension ImportSource {
  static func openLibraryLog(_ columns: ExportColumns, at position: RowPosition) -> ImportedRow {
    let work = OpenLibraryID(columns["Work ID"], kind: .work)
    let edition = OpenLibraryID(columns["Edition ID"], kind: .edition)
    var row = newRow(
      .openlibrary, id: work?.description ?? edition?.description ?? "", title: columns["Title"],
      authors: columns["Authors"], at: position)
    row.sourceKey = (edition ?? work)?.description
    row.authors = ExportValues.list(columns["Authors"], separator: " | ")
    row.setStatus(columns["Bookshelf"])
    row.rating = ExportValues.rating(columns["My Ratings"])
    row.published = columns.text("First Publish Year").flatMap(ExportValues.year)
    return row
  }
}
