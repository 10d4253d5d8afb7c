import Catalog
import Support

/// Calibre's catalog as CSV (`calibredb catalog books.csv`, or Convert books → Create a catalog
/// in the app): lowercase columns (`authors`, `author_sort`, `identifiers` as
/// `isbn:9780756411800,goodreads:39077187`, `series_index` as `8.0`, ratings of 0–5, dates as
/// `2021-01-19T22:41:16+01:00`, `0101-01-01…` for none); and a Calibre library folder, read from
/// its `metadata.db` into the same columns (`CalibreLibrary`).
extension ImportSource {
  static func calibre(_ columns: ExportColumns, at position: RowPosition) -> ImportedRow {
    let id = columns.text("uuid") ?? columns["id"]
    let authors = calibreAuthors(columns["authors"], sort: columns["author_sort"])
    var row = newRow(
      .calibre, id: id, title: columns["title"], authors: authors.joined(separator: " & "), at: position)
    row.authors = authors
    let identifiers = calibreIdentifiers(columns["identifiers"])
    row.take(ExportValues.isbn(among: [columns["isbn"], identifiers["isbn"] ?? ""]))
    // Without an ISBN, an id a source looks books up by.
    if row.isbn13 == nil {
      row.sourceKey =
        identifiers["openlibrary"].flatMap { OpenLibraryID($0)?.description }
        ?? identifiers["google"].flatMap { ExportImporter.isBookKey($0) ? $0 : nil }
    }
    row.rating = ExportValues.rating(columns["rating"])
    row.dateAdded = calibreDate(columns, "timestamp", in: &row)
    row.published = calibreDate(columns, "pubdate", in: &row)
    if let series = columns.text("series") {
      row.series = series
      row.seriesNumber = columns.text("series_index").flatMap(SeriesNumber.init(parsing:))
    }
    row.tags = ExportValues.list(columns["tags"])
    row.publisher = columns.text("publisher")
    // Calibre's catalog writes the comments as Markdown (and a library's, read from HTML, are
    // made Markdown): rendered as the owner's Markdown is, safely.
    row.description = columns.text("comments")
    // A Calibre library holds e-book files.
    if columns.text("formats") != nil { row.format = .ebook }
    // The cover image, while it is there to be used.
    row.coverFile = columns.text("cover").flatMap {
      $0.hasPrefix("/") && PathKind.of($0, followingLinks: true) == .file ? $0 : nil
    }
    if ["true", "yes", "1"].contains(columns["#read"].lowercased()) { row.status = .read }
    if let date = row.date(columns, "#date_read") { row.datesRead = [date] }
    return row
  }

  /// Calibre joins authors with ` & ` (and its catalog, in some versions, with `, `: then the
  /// `author_sort` column, `McGuire, Seanan & Grant, Mira`, tells how many there are).
  static func calibreAuthors(_ text: String, sort: String) -> [String] {
    if text.contains(" & ") { return ExportValues.names(text) }
    let sortCount = sort.isEmpty ? 1 : sort.components(separatedBy: " & ").count
    let commaParts = ExportValues.list(text)
    return commaParts.count == sortCount && sortCount > 1 ? commaParts : [text].filter { !$0.isEmpty }
  }

  /// `isbn:9780756411800,goodreads:39077187` by type, lowercased.
  static func calibreIdentifiers(_ text: String) -> [String: String] {
    var identifiers: [String: String] = [:]
    for item in ExportValues.list(text) {
      guard let colon = item.firstIndex(of: ":") else { continue }
      let type = item[..<colon].trimmingWhitespace().lowercased()
      let value = item[item.index(after: colon)...].trimmingWhitespace()
      if identifiers[type] == nil, !value.isEmpty { identifiers[type] = value }
    }
    return identifiers
  }

  /// A Calibre date; its `0101-01-01` (and any year before 1000) is Calibre's "none".
  private static func calibreDate(_ columns: ExportColumns, _ column: String, in row: inout ImportedRow)
    -> PartialDate?
  {
    guard let date = row.date(columns, column), date.year >= 1000 else { return nil }
    return date
  }
}
