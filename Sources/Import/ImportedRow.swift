import Catalog

/// One row of an export, in the catalog's terms: what becomes one `books:` entry.
package struct ImportedRow: Sendable, Equatable {
  /// The line the row starts on.
  package var line: Int
  /// The export's own id of the book, the entry's key while no source knows it.
  package var exportID: ExportID
  /// A valid ISBN-13 (an ISBN-10 converted), the entry's key when there is one.
  package var isbn13: String?
  /// What the export wrote where an ISBN belongs when it is none (`9.78053E+12`, an ASIN).
  package var unusableISBN: String?
  /// Without the series in brackets: `The Eyre Affair`.
  package var title: String
  package var authors: [String] = []
  package var contributors: [String] = []
  package var series: String?
  package var seriesNumber: SeriesNumber?
  package var rating: OwnerRating?
  /// A built-in status or a shelf's slug.
  package var status: ReadingStatus?
  /// The shelf `status` names when it is none of the built-in ones.
  package var shelf: Shelf?
  /// Shelves other than the exclusive one (Goodreads' `Bookshelves`).
  package var shelves: [String] = []
  /// Tags of the app's own (StoryGraph's moods, pace and tags).
  package var tags: [String] = []
  package var dateAdded: PartialDate?
  package var dateStarted: PartialDate?
  package var datesRead: [PartialDate] = []
  package var readCount: Int?
  package var owned: Bool?
  package var format: BookFormat?
  /// Markdown, from the review.
  package var note: String?
  package var privateNotes: String?
  package var publisher: String?
  package var pageCount: Int?
  package var published: PartialDate?
  /// Further columns kept as `extra` values (StoryGraph's character questions, content warnings).
  package var extra: [String: String] = [:]
  /// Date columns whose text is no date the catalog reads (a spreadsheet's `5/1/2022`, which
  /// may be the 5th of January or the 1st of May): left out of the entry, written beside it as a
  /// comment and reported with the row's line, never guessed and never dropped unsaid.
  package var unreadDates: [UnreadDate] = []

  package struct UnreadDate: Sendable, Equatable {
    /// The export's column, `Date Read`.
    package var column: String
    /// What the column held.
    package var text: String

    /// The shapes a date column may have, for the messages (one spelling for all of them).
    package static let shapes = "YYYY-MM-DD, YYYY/MM/DD, YYYY/MM or YYYY"
    /// The comment beside a date left out.
    package static let readable = "not a date as \(shapes), so left out"
  }

  package init(line: Int, exportID: ExportID, title: String) {
    self.line = line
    self.exportID = exportID
    self.title = title
  }
}

extension ImportedRow {
  /// The date in `column`; nil for an empty field, and for text that is no date, which is kept
  /// in `unreadDates`.
  mutating func date(_ columns: ExportColumns, _ column: String) -> PartialDate? {
    date(columns[column], column: column)
  }

  mutating func date(_ text: String, column: String) -> PartialDate? {
    guard !text.isEmpty else { return nil }
    if let date = ExportValues.date(text) { return date }
    unreadDates.append(UnreadDate(column: column, text: text))
    return nil
  }
}
