import Foundation

/// The fake sources a `GoodreadsExport` is built against: Google Books knows the rows it is to
/// find by ISBN and by title, Open Library the rows it is to find by title (with a series in
/// some edition records); the key the import gives each row follows from that.
extension GoodreadsExport {
  /// The Google volume id of row `index`.
  public static func googleID(_ index: Int) -> String { "gbook" + String(format: "%06d", index) }

  /// The `books:` key the import gives row `index`: its ISBN, the book a title search found, or
  /// its export id.
  public func key(_ index: Int) -> String {
    let row = rows[index]
    if row.hasUsableISBN { return row.isbn13 }
    switch row.found {
    case .google: return Self.googleID(index)
    case .openLibrary: return "OL\(index)M"
    case .nowhere: return "goodreads:\(row.bookID)"
    }
  }

  /// Both fake servers, started, knowing the export's books.
  public func startSources() throws -> (FakeGoogleBooksServer, FakeOpenLibraryServer) {
    let google = FakeGoogleBooks()
    let library = FakeOpenLibrary()
    for (index, row) in rows.enumerated() {
      let volume = FakeGoogleBooks.volumeJSON(
        id: Self.googleID(index), title: row.title, isbn13: row.isbn13, isbn10: row.isbn10,
        authors: [row.author])
      switch (row.found, row.hasUsableISBN) {
      case (.google, true):
        google.setSearch("isbn:\(row.isbn13)", results: [volume])
      case (.google, false):
        google.setSearch(#"intitle:"\#(row.title)" inauthor:"\#(row.author)""#, results: [volume])
        google.setVolume(Self.googleID(index), json: volume)
      case (.openLibrary, _):
        library.setSearch(
          ["title": row.title, "author": row.author],
          docs: [
            FakeOpenLibrary.doc(
              work: "OL\(index)W", title: row.title, authors: [row.author], coverEdition: "OL\(index)M")
          ])
        library.setRecord(
          FakeOpenLibrary.edition(
            id: "OL\(index)M", title: row.title, work: "OL\(index)W", authors: ["OL\(index)A"],
            series: row.sourceSeries.map { [$0] } ?? []))
        library.setRecord(FakeOpenLibrary.work(id: "OL\(index)W", title: row.title, authors: ["OL\(index)A"]))
        library.setRecord(FakeOpenLibrary.author(id: "OL\(index)A", name: row.author))
      case (.nowhere, _):
        break
      }
    }
    let googleServer = FakeGoogleBooksServer(google: google)
    let libraryServer = FakeOpenLibraryServer(library: library)
    try googleServer.start()
    try libraryServer.start()
    return (googleServer, libraryServer)
  }
}
