import Catalog
import Foundation
import Support

extension ImportSource {
  /// The row in the catalog's terms.
  func row(_ columns: ExportColumns, at position: RowPosition) -> ImportedRow {
    switch self {
    case .goodreads: Self.goodreads(columns, at: position)
    case .storygraph: Self.storygraph(columns, at: position)
    case .librarything: Self.libraryThing(columns, at: position)
    case .calibre: Self.calibre(columns, at: position)
    case .bookwyrm: Self.bookWyrm(columns, at: position)
    case .openreads: Self.openreads(columns, at: position)
    case .openlibrary: Self.openLibraryLog(columns, at: position)
    case .csv: Self.generic(columns, at: position)
    }
  }

  /// Why a row the app marks so makes no entry (Openreads' trash); nil for the others.
  func skipReason(_ columns: ExportColumns) -> String? {
    self == .openreads ? Self.openreadsSkipReason(columns) : nil
  }

  /// A status word as the apps write it (`read`, `currently-reading`, `Want to Read`,
  /// `in_progress`, `DNF`): a built-in status, or nil for a shelf of the owner's own.
  static func builtInStatus(_ text: String) -> ReadingStatus? {
    let words = text.lowercased().split { !$0.isLetter }.joined(separator: " ")
    switch words {
    case "read", "finished", "already read", "completed", "done": return .read
    case "currently reading", "reading", "in progress", "started": return .reading
    case "to read", "want to read", "planned", "tbr", "want", "wishlist", "plan to read": return .toRead
    case "did not finish", "dnf", "abandoned", "stopped reading", "stopped", "gave up": return .abandoned
    default: return nil
    }
  }

  /// `status` from the app's word: the app's own status for it (`statuses`, by the word in lower
  /// case), a built-in status, else a shelf of that name (declared by the import).
  static func setStatus(_ text: String, on row: inout ImportedRow, statuses: [String: ReadingStatus] = [:]) {
    if let status = statuses[text.lowercased()] ?? builtInStatus(text) {
      row.status = status
    } else if let slug = ExportValues.shelfSlug(text) {
      row.status = ReadingStatus(slug: slug)
      if !row.status!.isBuiltIn { row.shelf = Shelf(title: ExportValues.shelfTitle(text), slug: slug) }
    }
  }

  /// A row's start: the export's own id (else a digest of the title and authors), and the title
  /// with a series written in it (`Dune (Dune #1)`) taken out.
  static func newRow(
    _ source: ImportSource, id: String, title: String, authors: String, at position: RowPosition
  ) -> ImportedRow {
    let exportID = ExportID(source: source, id: id) ?? fallbackID(source, title: title, authors: authors)
    let (bare, series, number) = ExportValues.series(inTitle: title)
    var row = ImportedRow(position: position, exportID: exportID, title: bare)
    (row.series, row.seriesNumber) = (series, number)
    return row
  }

  /// An id for a row whose export gave none usable: a digest of its title and authors, stable
  /// across exports.
  static func fallbackID(_ source: ImportSource, title: String, authors: String) -> ExportID {
    let text = title + "\u{1F}" + authors
    return ExportID(source: source, id: "t" + XXH64.hex(Array(text.utf8)))!
  }

  /// Amazon's id for a book it sells as an ebook or audiobook: `B` and nine letters or digits.
  static func isASIN(_ text: String) -> Bool {
    text.count == 10 && text.hasPrefix("B0")
      && text.allSatisfy { $0.isASCII && ($0.isUppercase || $0.isNumber) }
  }
}

extension ImportedRow {
  /// Takes what an ISBN column held: the ISBN-13, or the text that stood for it.
  mutating func take(_ isbn: ExportValues.ISBNField) {
    isbn13 = isbn.isbn13
    if isbn13 == nil {
      unusableISBN = isbn.unusable
      isbnLostDigits = isbn.lostDigits
    }
  }
}
