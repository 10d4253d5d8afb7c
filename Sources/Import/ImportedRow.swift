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

  package init(line: Int, exportID: ExportID, title: String) {
    self.line = line
    self.exportID = exportID
    self.title = title
  }
}
