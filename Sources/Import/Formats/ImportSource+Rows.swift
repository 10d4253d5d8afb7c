import Catalog
import Support

extension ImportSource {
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

  /// A row's start: the export's own id (else a digest of the title and authors, stable across
  /// exports), and the title with a series written in it (`Dune (Dune #1)`) taken out.
  static func newRow(
    _ source: ImportSource, id: String, title: String, authors: String, at position: RowPosition
  ) -> ImportedRow {
    let exportID =
      ExportID(source: source, id: id)
      ?? ExportID(source: source, id: "t" + XXH64.hex(Array((title + "\u{1F}" + authors).utf8)))!
    let (bare, series, number) = ExportValues.series(inTitle: title)
    var row = ImportedRow(position: position, exportID: exportID, title: bare)
    (row.series, row.seriesNumber) = (series, number)
    return row
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

  /// `status` from the app's word: a built-in status, else a shelf of that name.
  mutating func setStatus(_ word: String) {
    status = ImportSource.builtInStatus(word)
    if status == nil { shelve(word) }
  }

  /// Puts the row on the shelf `name`: a built-in status when its slug is one, else a shelf of
  /// the owner's, which the import declares.
  mutating func shelve(_ name: String) {
    guard let slug = ExportValues.shelfSlug(name) else { return }
    status = ReadingStatus(slug: slug)
    if !status!.isBuiltIn { shelf = Shelf(title: ExportValues.shelfTitle(name), slug: slug) }
  }
}
