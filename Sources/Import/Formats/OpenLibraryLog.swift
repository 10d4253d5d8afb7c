import Catalog
import Support

/// Open Library's reading log (My Books → Export your reading log, `OpenLibrary_ReadingLog.csv`):
/// `Work ID`, `Title`, `Authors` (`A | B`), `First Publish Year`, `Edition ID`, `Bookshelf`
/// (`Want to Read`, `Currently Reading`, `Already Read`, `Stopped Reading`), `My Ratings`;
/// older logs had only `Work Id`, `Edition Id` and `Bookshelf`. Each book is keyed by its
/// Open Library edition (else its work), which the build looks up.
extension ImportSource {
  private static let openLibraryShelves: [String: ReadingStatus] = [
    "want to read": .toRead, "currently reading": .reading, "already read": .read,
    "stopped reading": .abandoned,
  ]

  static func openLibraryLog(_ columns: ExportColumns, at position: RowPosition) -> ImportedRow {
    let work = OpenLibraryID(columns["Work ID"], kind: .work)
    let edition = OpenLibraryID(columns["Edition ID"], kind: .edition)
    var row = newRow(
      .openlibrary, id: work?.description ?? edition?.description ?? "", title: columns["Title"],
      authors: columns["Authors"], at: position)
    row.sourceKey = (edition ?? work)?.description
    row.authors = columns["Authors"].components(separatedBy: " | ").map {
      $0.trimmingWhitespace()
    }
    .filter { !$0.isEmpty }
    setStatus(columns["Bookshelf"], on: &row, statuses: openLibraryShelves)
    row.rating = ExportValues.rating(columns["My Ratings"])
    row.published = columns.text("First Publish Year").flatMap(ExportValues.year)
    return row
  }
}
