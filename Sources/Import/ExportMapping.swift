import Catalog
import Foundation
import Support

/// One export row's fields by column name.
struct ExportColumns {
  private let index: [String: Int]
  private let fields: [String]

  init(header: [String], fields: [String]) {
    var index: [String: Int] = [:]
    for (position, name) in header.enumerated() where index[name] == nil {
      index[name.trimmingCharacters(in: .whitespaces)] = position
    }
    self.index = index
    self.fields = fields
  }

  /// The field under `column`, trimmed; empty when the export has no such column.
  subscript(_ column: String) -> String {
    index[column].map { fields[$0].trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
  }

  /// The field's text, nil when blank.
  func text(_ column: String) -> String? {
    let value = self[column]
    return value.isEmpty ? nil : value
  }
}

extension ExportFormat {
  /// The row in the catalog's terms.
  func row(_ row: CSVRow, header: [String]) -> ImportedRow {
    let columns = ExportColumns(header: header, fields: row.fields)
    switch self {
    case .goodreads: return Self.goodreads(columns, line: row.line)
    case .storygraph: return Self.storygraph(columns, line: row.line)
    }
  }

  /// Goodreads' statuses are three shelves; any other exclusive shelf is the owner's own.
  private static let goodreadsStatuses: [String: ReadingStatus] = [
    "read": .read, "currently-reading": .reading, "to-read": .toRead,
  ]

  private static func goodreads(_ columns: ExportColumns, line: Int) -> ImportedRow {
    let id =
      ExportID(source: .goodreads, id: columns["Book Id"])
      ?? fallbackID(.goodreads, columns, "Title", "Author")
    let (title, series, number) = ExportValues.series(inTitle: columns["Title"])
    var row = ImportedRow(line: line, exportID: id, title: title)
    (row.series, row.seriesNumber) = (series, number)
    let isbn13 = ExportValues.isbn(columns["ISBN13"])
    let isbn10 = ExportValues.isbn(columns["ISBN"])
    row.isbn13 = isbn13.isbn13 ?? isbn10.isbn13
    if row.isbn13 == nil { row.unusableISBN = isbn13.unusable ?? isbn10.unusable }
    row.authors =
      [columns["Author"]].filter { !$0.isEmpty } + ExportValues.list(columns["Additional Authors"])
    row.rating = ExportValues.rating(columns["My Rating"])
    let exclusive = columns["Exclusive Shelf"]
    if let status = goodreadsStatuses[exclusive] {
      row.status = status
    } else if let slug = ExportValues.shelfSlug(exclusive) {
      row.status = ReadingStatus(slug: slug)
      if !row.status!.isBuiltIn { row.shelf = Shelf(title: ExportValues.shelfTitle(exclusive), slug: slug) }
    }
    row.shelves = ExportValues.list(columns["Bookshelves"]).filter { $0 != exclusive }
    row.dateAdded = row.date(columns, "Date Added")
    row.datesRead = row.date(columns, "Date Read").map { [$0] } ?? []
    row.readCount = ExportValues.count(columns["Read Count"])
    if let copies = ExportValues.count(columns["Owned Copies"]), copies > 0 { row.owned = true }
    row.format = ExportValues.format(columns["Binding"])
    row.note = columns.text("My Review").flatMap { ReviewMarkdown.markdown(from: $0, newlinesBreak: false) }
    row.privateNotes = columns.text("Private Notes")
    row.publisher = columns.text("Publisher")
    row.pageCount = ExportValues.count(columns["Number of Pages"]).flatMap { $0 > 0 ? $0 : nil }
    // The original edition's year, else this edition's. Text that is no year (Goodreads writes
    // `-380` for Plato) is reported only when neither column gives one.
    let years = ["Original Publication Year", "Year Published"].compactMap { column in
      columns.text(column).map { ImportedRow.UnreadDate(column: column, text: $0) }
    }
    row.published = years.lazy.compactMap { ExportValues.date($0.text) }.first
    if row.published == nil { row.unreadDates += years }
    return row
  }

  /// StoryGraph's statuses; `paused` and anything new become shelves of the owner's.
  private static let storyGraphStatuses: [String: ReadingStatus] = [
    "read": .read, "currently-reading": .reading, "to-read": .toRead, "did-not-finish": .abandoned,
  ]

  /// StoryGraph's questions about a book, kept as `extra` values under these names.
  private static let storyGraphExtras = [
    "Character- or Plot-Driven?": "character_or_plot_driven",
    "Strong Character Development?": "strong_character_development",
    "Loveable Characters?": "loveable_characters", "Diverse Characters?": "diverse_characters",
    "Flawed Characters?": "flawed_characters", "Content Warnings": "content_warnings",
    "Content Warning Description": "content_warning_description",
  ]

  private static func storygraph(_ columns: ExportColumns, line: Int) -> ImportedRow {
    let uid = columns["ISBN/UID"]
    let (isbn13, unusable) = ExportValues.isbn(uid)
    let id = ExportID(source: .storygraph, id: uid) ?? fallbackID(.storygraph, columns, "Title", "Authors")
    let (title, series, number) = ExportValues.series(inTitle: columns["Title"])
    var row = ImportedRow(line: line, exportID: id, title: title)
    (row.series, row.seriesNumber) = (series, number)
    row.isbn13 = isbn13
    // A UID is StoryGraph's own id, not a mangled ISBN: only a spreadsheet's number or an
    // ASIN is kept as what stood for the ISBN.
    if let unusable, unusable.contains(where: { $0 == "." || $0 == "+" }) || isASIN(unusable) {
      row.unusableISBN = unusable
    }
    row.authors = ExportValues.list(columns["Authors"])
    row.contributors = ExportValues.list(columns["Contributors"])
    row.rating = ExportValues.rating(columns["Star Rating"])
    if let stars = columns.text("Star Rating"), let rating = row.rating, Double(stars) != rating.value {
      row.extra["star_rating"] = stars
    }
    let status = columns["Read Status"].lowercased()
    if let known = storyGraphStatuses[status] {
      row.status = known
    } else if let slug = ExportValues.shelfSlug(status) {
      row.status = ReadingStatus(slug: slug)
      if !row.status!.isBuiltIn { row.shelf = Shelf(title: ExportValues.shelfTitle(status), slug: slug) }
    }
    row.dateAdded = row.date(columns, "Date Added")
    let reads = readings(columns["Dates Read"], into: &row)
    row.datesRead = reads.compactMap(\.end)
    row.dateStarted = reads.last?.start
    if row.datesRead.isEmpty, let last = row.date(columns, "Last Date Read") {
      row.datesRead = [last]
    }
    row.readCount = ExportValues.count(columns["Read Count"])
    switch columns["Owned?"].lowercased() {
    case "yes", "true": row.owned = true
    case "no", "false": row.owned = false
    default: break
    }
    row.format = ExportValues.format(columns["Format"])
    row.tags =
      ExportValues.list(columns["Moods"]) + columns.text("Pace").map { ["\($0.lowercased())-paced"] }.orEmpty
      + ExportValues.list(columns["Tags"])
    row.note = columns.text("Review").flatMap { ReviewMarkdown.markdown(from: $0, newlinesBreak: true) }
    for (column, name) in storyGraphExtras {
      if let value = columns.text(column) { row.extra[name] = value }
    }
    return row
  }

  /// Amazon's id for a book it sells as an ebook or audiobook: `B` and nine letters or digits.
  static func isASIN(_ text: String) -> Bool {
    text.count == 10 && text.hasPrefix("B0")
      && text.allSatisfy { $0.isASCII && ($0.isUppercase || $0.isNumber) }
  }

  /// StoryGraph's `Dates Read`: `2021/03/04-2021/03/10, 2023/01/02`, each a reading's start and
  /// end or its end alone.
  /// Text in it that is no date goes to the row's `unreadDates`.
  private static func readings(
    _ text: String, into row: inout ImportedRow
  ) -> [(start: PartialDate?, end: PartialDate?)] {
    ExportValues.list(text).map { item in
      let halves = item.split(separator: "-", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
      // `2021-03-04` is one date written with dashes, not a range.
      if halves.count == 2, item.contains("/") {
        return (row.date(halves[0], column: "Dates Read"), row.date(halves[1], column: "Dates Read"))
      }
      return (nil, row.date(item, column: "Dates Read"))
    }
  }

  /// An id for a row whose export gave none usable: a digest of its title and authors, stable
  /// across exports.
  private static func fallbackID(
    _ source: ImportSource, _ columns: ExportColumns, _ title: String, _ authors: String
  ) -> ExportID {
    let text = columns[title] + "\u{1F}" + columns[authors]
    return ExportID(source: source, id: "t" + XXH64.hex(Array(text.utf8)))!
  }
}

extension Optional where Wrapped == [String] {
  var orEmpty: [String] { self ?? [] }
}
