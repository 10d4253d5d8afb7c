import Catalog

extension ExportFormat {
  static let goodreads = ExportFormat(
    hint: "My Books, Import and export, Export Library",
    knownColumns: [
      "book id", "title", "author", "author l-f", "additional authors", "isbn", "isbn13", "my rating",
      "average rating", "publisher", "binding", "number of pages", "year published",
      "original publication year", "date read", "date added", "bookshelves", "bookshelves with positions",
      "exclusive shelf", "my review", "spoiler", "private notes", "read count", "owned copies",
      "recommended for", "recommended by", "condition", "condition description", "bcid",
      "original purchase date", "original purchase location",
    ],
    sampleColumns: ["Book Id", "Title", "Author", "ISBN13", "Exclusive Shelf"],
    identifyingColumns: ["title", "isbn", "isbn13"],
    dateColumns: ["date read", "date added", "original purchase date"],
    row: ImportSource.goodreads)
}

extension ImportSource {
  /// Goodreads' statuses are three shelves; any other exclusive shelf is the owner's own.
  private static let goodreadsStatuses: [String: ReadingStatus] = [
    "read": .read, "currently-reading": .reading, "to-read": .toRead,
  ]

  static func goodreads(_ columns: ExportColumns, at position: RowPosition) -> ImportedRow {
    var row = newRow(
      .goodreads, id: columns["Book Id"], title: columns["Title"], authors: columns["Author"], at: position)
    row.take(ExportValues.isbn(among: [columns["ISBN13"], columns["ISBN"]]))
    row.authors =
      [columns["Author"]].filter { !$0.isEmpty } + ExportValues.list(columns["Additional Authors"])
    row.rating = ExportValues.rating(columns["My Rating"])
    let exclusive = columns["Exclusive Shelf"]
    row.status = goodreadsStatuses[exclusive]
    if row.status == nil { row.shelve(exclusive) }
    row.shelves = ExportValues.list(columns["Bookshelves"]).filter { $0 != exclusive }
    row.dateAdded = row.date(columns, "Date Added")
    row.datesRead = row.date(columns, "Date Read").map { [$0] } ?? []
    row.readCount = ExportValues.count(columns["Read Count"])
    if let copies = ExportValues.count(columns["Owned Copies"]), copies > 0 { row.owned = true }
    row.format = ExportValues.format(columns["Binding"])
    row.note = columns.text("My Review").flatMap { ReviewMarkdown.markdown(from: $0, newlinesBreak: false) }
    // Goodreads marks a review that gives the plot away `true` under Spoiler.
    if row.note != nil, ["true", "yes", "1"].contains(columns["Spoiler"].lowercased()) { row.spoiler = true }
    row.privateNotes = columns.text("Private Notes")
    row.publisher = columns.text("Publisher")
    row.pageCount = ExportValues.count(columns["Number of Pages"]).flatMap { $0 > 0 ? $0 : nil }
    // The original edition's year, else this edition's. Text that is no year (Goodreads writes
    // `-380` for Plato) is reported only when neither column gives one.
    let years = ["Original Publication Year", "Year Published"].compactMap { column in
      columns.text(column).map {
        ImportedRow.UnreadDate(column: columns.name(of: column) ?? column, text: $0)
      }
    }
    row.published = years.lazy.compactMap { ExportValues.year($0.text) }.first
    if row.published == nil { row.unreadDates += years }
    return row
  }
}
