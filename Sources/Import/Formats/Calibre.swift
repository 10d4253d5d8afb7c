import Catalog
import Support

extension ExportFormat {
  /// Calibre's catalog as CSV, and a library folder, whose `metadata.db` `CalibreLibrary` reads
  /// into the same columns.
  static let calibre = ExportFormat(
    hint:
      "the library folder itself (with its metadata.db), or 'calibredb catalog books.csv' (Convert books, "
      + "Create a catalog, CSV)",
    knownColumns: [
      "id", "uuid", "title", "title_sort", "authors", "author_sort", "isbn", "identifiers", "rating",
      "timestamp", "pubdate", "series", "series_index", "tags", "publisher", "comments", "formats", "cover",
      "languages", "library_name", "size", "ondevice", "#read", "#date_read",
    ],
    sampleColumns: ["title", "authors", "identifiers", "series_index", "uuid"],
    identifyingColumns: ["title", "isbn", "identifiers"],
    dateColumns: ["timestamp", "pubdate", "#date_read"],
    row: ImportSource.calibre)
}

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
        ?? identifiers["google"].flatMap { CatalogRules.isVolumeID($0) ? $0 : nil }
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
