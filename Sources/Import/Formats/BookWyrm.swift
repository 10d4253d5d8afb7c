import Catalog

extension ExportFormat {
  static let bookwyrm = ExportFormat(
    hint: "Settings, CSV export",
    knownColumns: [
      "title", "author_text", "remote_id", "openlibrary_key", "inventaire_id", "librarything_key",
      "goodreads_key", "bnf_id", "viaf", "wikidata", "asin", "aasin", "isfdb", "isbn_10", "isbn_13",
      "oclc_number", "pages", "start_date", "finish_date", "stopped_date", "rating", "review_name",
      "review_cw", "review_content", "review_published", "shelf", "shelf_name", "shelf_date",
    ],
    sampleColumns: ["title", "author_text", "remote_id", "isbn_13", "shelf"],
    identifyingColumns: ["title", "isbn_13", "isbn_10", "openlibrary_key"],
    dateColumns: ["start_date", "finish_date", "shelf_date"],
    row: ImportSource.bookWyrm)
}

extension ImportSource {
  /// BookWyrm's built-in shelves; any other is one the owner made (`cooking-9`, with its name
  /// in `shelf_name`).
  private static let bookWyrmStatuses: [String: ReadingStatus] = [
    "to-read": .toRead, "reading": .reading, "read": .read, "stopped-reading": .abandoned,
  ]

  static func bookWyrm(_ columns: ExportColumns, at position: RowPosition) -> ImportedRow {
    // `https://bookwyrm.social/book/2010`: the instance's id of the edition.
    let remote = columns["remote_id"].split(separator: "/").last.map(String.init) ?? ""
    var row = newRow(
      .bookwyrm, id: remote, title: columns["title"], authors: columns["author_text"], at: position)
    row.authors = ExportValues.list(columns["author_text"])
    row.take(ExportValues.isbn(among: [columns["isbn_13"], columns["isbn_10"]]))
    if row.isbn13 == nil { row.sourceKey = OpenLibraryID(columns["openlibrary_key"])?.description }
    row.rating = ExportValues.rating(columns["rating"])
    let shelf = columns["shelf"]
    if let status = bookWyrmStatuses[shelf] {
      row.status = status
    } else if let slug = ExportValues.shelfSlug(shelf) {
      row.status = .shelf(slug: slug)
      row.shelf = Shelf(title: columns.text("shelf_name") ?? ExportValues.shelfTitle(shelf), slug: slug)
    }
    row.dateAdded = row.date(columns, "shelf_date")
    row.dateStarted = row.date(columns, "start_date")
    row.datesRead = row.date(columns, "finish_date").map { [$0] } ?? []
    row.pageCount = ExportValues.count(columns["pages"]).flatMap { $0 > 0 ? $0 : nil }
    if let content = columns.text("review_content") {
      var parts: [String] = []
      // A content warning is said first, inside the disclosure it puts the review behind.
      if let warning = columns.text("review_cw").flatMap({
        ReviewMarkdown.markdown(from: "Content warning: " + $0, newlinesBreak: false)
      }) {
        parts.append("*" + warning + "*")
      }
      if let name = columns.text("review_name").flatMap({
        ReviewMarkdown.markdown(from: $0, newlinesBreak: false)
      }) {
        parts.append("**" + name + "**")
      }
      if let body = ReviewMarkdown.markdown(from: content, newlinesBreak: true) { parts.append(body) }
      row.note = parts.joined(separator: "\n\n")
      row.spoiler = columns.text("review_cw") != nil
    }
    return row
  }
}
