import Catalog

/// One row of an export, in the catalog's terms: what becomes one `books:` entry.
package struct ImportedRow: Sendable, Equatable {
  /// Where the row is in the export: its first line, or the record's id.
  package var position: RowPosition
  /// The export's own id of the book, the entry's key while no source knows it.
  package var exportID: ExportID
  /// A valid ISBN-13 (an ISBN-10 converted), the entry's key when there is one.
  package var isbn13: String?
  /// What the export wrote where an ISBN belongs when it is none (`9.78053E+12`, an ASIN).
  package var unusableISBN: String?
  /// A spreadsheet turned the ISBN into a rounded number (`9.78053E+12`): its digits are lost.
  package var isbnLostDigits = false
  /// An id a source looks the book up by when there is no ISBN: an Open Library edition or work
  /// id, a Google volume id.
  package var sourceKey: String?
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
  /// The review gives the plot away: shown behind a disclosure.
  package var spoiler = false
  package var privateNotes: String?
  package var publisher: String?
  /// Markdown: the book's description as the export has it (Calibre's comments, Openreads').
  package var description: String?
  /// An image of the cover beside the export (a Calibre library's `cover.jpg`), absolute.
  package var coverFile: String?

  /// Where the import copies `coverFile` in the site's folder, which the entry records:
  /// `covers/calibre/<id>.jpg`; nil without a cover of a kind the site shows.
  package var coverCopy: String? {
    guard let file = coverFile, let dot = file.lastIndex(of: ".") else { return nil }
    let kind = file[file.index(after: dot)...].lowercased()
    guard CatalogRules.coverFileExtensions.contains(kind) else { return nil }
    return "covers/\(exportID.source.rawValue)/\(exportID.id).\(kind)"
  }
  package var pageCount: Int?
  package var published: PartialDate?
  /// Further columns kept as `extra` values (StoryGraph's character questions, content warnings).
  package var extra: [String: String] = [:]
  /// Date columns whose text is no date, or whose day and month order the file does not tell
  /// (`5/1/2022`): left out, commented beside the entry and reported, never guessed.
  package var unreadDates: [UnreadDate] = []

  package struct UnreadDate: Sendable, Equatable {
    /// The export's column, `Date Read`.
    package var column: String
    /// What the column held.
    package var text: String

    /// The comment beside a date left out.
    package static let readable = "not a date bookgen reads, so left out"
  }
}

/// Where a row is in its export: the line it starts on (CSV, JSON), or the record's id (a
/// Calibre library's book id).
package enum RowPosition: Sendable, Hashable {
  case line(Int)
  case record(String)

  /// `export.csv:12`, `metadata.db (book 864)`.
  package func shown(in file: String) -> String {
    switch self {
    case .line(let line): "\(file):\(line)"
    case .record(let id): "\(file) (book \(id))"
    }
  }

  /// `line 12`, `book 864`.
  package var shortDescription: String {
    switch self {
    case .line(let line): "line \(line)"
    case .record(let id): "book \(id)"
    }
  }
}

/// A row of the export that is no entry, and why (listed, never dropped unsaid).
package struct SkippedRow: Sendable, Equatable {
  package var position: RowPosition
  /// The row's title, when it has one.
  package var title: String?
  package var reason: String
}

extension ImportedRow {
  /// The date in `column` (as the file's dates read, unless `read` says); nil for an empty field,
  /// and for text that is no date (or one whose order the file does not tell), which is kept in
  /// `unreadDates`.
  mutating func date(
    _ columns: ExportColumns, _ column: String, read: ((String) -> PartialDate?)? = nil
  ) -> PartialDate? {
    guard let name = columns.name(of: column) else { return nil }
    return date(columns[column], column: name, read: read ?? columns.dates.date)
  }

  mutating func date(_ text: String, column: String, read: (String) -> PartialDate?) -> PartialDate? {
    guard !text.isEmpty else { return nil }
    if let date = read(text) { return date }
    unreadDates.append(UnreadDate(column: column, text: text))
    return nil
  }
}
