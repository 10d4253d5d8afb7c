import Catalog
import Support

extension ExportFormat {
  static let storygraph = ExportFormat(
    hint: "Manage Account, Export StoryGraph Library",
    knownColumns: [
      "title", "authors", "contributors", "isbn/uid", "format", "read status", "date added", "last date read",
      "dates read", "read count", "moods", "pace", "character- or plot-driven?",
      "strong character development?", "loveable characters?", "diverse characters?", "flawed characters?",
      "star rating", "review", "content warnings", "content warning description", "tags", "owned?",
    ],
    sampleColumns: ["Title", "Authors", "ISBN/UID", "Read Status", "Star Rating"],
    identifyingColumns: ["title", "isbn/uid"],
    dateColumns: ["date added", "last date read", "dates read"],
    row: ImportSource.storygraph)
}

extension ImportSource {
  /// StoryGraph's questions about a book, kept as `extra` values under these names.
  private static let storyGraphExtras = [
    "Character- or Plot-Driven?": "character_or_plot_driven",
    "Strong Character Development?": "strong_character_development",
    "Loveable Characters?": "loveable_characters", "Diverse Characters?": "diverse_characters",
    "Flawed Characters?": "flawed_characters", "Content Warnings": "content_warnings",
    "Content Warning Description": "content_warning_description",
  ]

  static func storygraph(_ columns: ExportColumns, at position: RowPosition) -> ImportedRow {
    let uid = columns["ISBN/UID"]
    let isbn = ExportValues.isbn(uid)
    var row = newRow(.storygraph, id: uid, title: columns["Title"], authors: columns["Authors"], at: position)
    row.isbn13 = isbn.isbn13
    // A UID is StoryGraph's own id, not a mangled ISBN: only a spreadsheet's number or an
    // ASIN is kept as what stood for the ISBN.
    if let unusable = isbn.unusable, isbn.lostDigits || unusable.contains(".") || isASIN(unusable) {
      row.unusableISBN = unusable
      row.isbnLostDigits = isbn.lostDigits
    }
    row.authors = ExportValues.list(columns["Authors"])
    row.contributors = ExportValues.list(columns["Contributors"])
    row.rating = ExportValues.rating(columns["Star Rating"])
    if let stars = columns.text("Star Rating"), let rating = row.rating, Double(stars) != rating.value {
      row.extra["star_rating"] = stars
    }
    // `paused` and anything new become shelves of the owner's.
    row.setStatus(columns["Read Status"].lowercased())
    row.dateAdded = row.date(columns, "Date Added")
    let reads = readings(columns, into: &row)
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
    let pace = columns.text("Pace").map { ["\($0.lowercased())-paced"] } ?? []
    row.tags = ExportValues.list(columns["Moods"]) + pace + ExportValues.list(columns["Tags"])
    row.note = columns.text("Review").flatMap { ReviewMarkdown.markdown(from: $0, newlinesBreak: true) }
    for (column, name) in storyGraphExtras {
      if let value = columns.text(column) { row.extra[name] = value }
    }
    return row
  }

  /// StoryGraph's `Dates Read`: `2021/03/04-2021/03/10, 2023/01/02`, each a reading's start and
  /// end or its end alone. Text in it that is no date goes to the row's `unreadDates`.
  private static func readings(
    _ columns: ExportColumns, into row: inout ImportedRow
  ) -> [(start: PartialDate?, end: PartialDate?)] {
    guard let column = columns.name(of: "Dates Read") else { return [] }
    return ExportValues.list(columns["Dates Read"]).map { item in
      let halves = item.split(separator: "-", maxSplits: 1).map { $0.trimmingWhitespace() }
      // `2021-03-04` is one date written with dashes, not a range.
      if halves.count == 2, item.contains("/") || item.contains(".") {
        return (
          row.date(halves[0], column: column, read: columns.dates.date),
          row.date(halves[1], column: column, read: columns.dates.date)
        )
      }
      return (nil, row.date(item, column: column, read: columns.dates.date))
    }
  }
}
