import Catalog

/// BookWyrm's CSV export (Settings → CSV export): snake_case columns (`title`, `author_text`,
/// `remote_id`, `openlibrary_key`, `isbn_13`, `start_date`, `finish_date`, `rating`,
/// `review_name`, `review_cw`, `review_content`, `shelf`, `shelf_name`, `shelf_date`).
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
