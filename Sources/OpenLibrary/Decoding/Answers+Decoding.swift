import Catalog
import Support

extension BooksEntry {
  /// The books API's answer: an object keyed by each bibkey exactly as sent. Keys that were not
  /// asked for are ignored; an entry of the wrong shape is left out with a note.
  static func readAll(_ reader: inout JSONReader, bibkeys: Set<String>, envelope: inout Envelope) throws
    -> [String: BooksEntry]
  {
    var entries: [String: BooksEntry] = [:]
    try reader.object("books") { reader, name in
      let bibkey = name.string
      guard bibkeys.contains(bibkey) else {
        if try !envelope.read(&reader, name) { try reader.skipValue() }
        return
      }
      if let entry = try reader.lenient("books[bibkey]", { try BooksEntry.read(&$0) }) {
        entries[bibkey] = entry
      }
    }
    return entries
  }

  static func read(_ reader: inout JSONReader) throws -> BooksEntry? {
    reader.skipSpace()
    let start = reader.position
    var key: String?
    var entry = BooksEntry(id: OpenLibraryID("OL0M")!)
    try reader.object("books[bibkey]") { reader, name in
      switch name {
      case "key": key = try reader.lenientString("books[].key")
      case "title": entry.title = try reader.lenientTrimmed("books[].title")
      case "subtitle": entry.subtitle = try reader.lenientTrimmed("books[].subtitle")
      case "authors":
        entry.authors = try reader.lenient("books[].authors") { try $0.names("books[].authors") } ?? []
      case "publishers":
        entry.publishers =
          try reader.lenient("books[].publishers") { try $0.names("books[].publishers") } ?? []
      case "publish_date": entry.publishDate = try reader.lenientTrimmed("books[].publish_date")
      case "number_of_pages":
        entry.pageCount = try reader.lenientInt("books[].number_of_pages", in: OpenLibraryRanges.pageCounts)
      case "subjects":
        entry.subjects = try reader.lenient("books[].subjects") { try $0.names("books[].subjects") } ?? []
      case "identifiers":
        try reader.lenient("books[].identifiers") { reader -> Void? in
          try reader.object("books[].identifiers") { reader, name in
            switch name {
            case "isbn_13": entry.isbn13 = try reader.trimmedStrings("books[].identifiers.isbn_13")
            case "isbn_10": entry.isbn10 = try reader.trimmedStrings("books[].identifiers.isbn_10")
            default: try reader.skipValue()
            }
          }
          return ()
        }
      case "cover":
        entry.coverID = try reader.lenient("books[].cover") { try CoverID.read(&$0) }
      default: try reader.skipValue()
      }
    }
    guard let key, let id = OpenLibraryID(key, kind: .edition) else { return nil }
    entry.id = id
    entry.digest = reader.digest(from: start)
    return entry
  }
}

/// The cover id in the books API's ready-made cover URLs, which bookgen builds again itself
/// (always https, always by id, the one way covers are fetched politely).
enum CoverID {
  /// `{"small": "https://covers.openlibrary.org/b/id/8739161-S.jpg", …}` → 8739161.
  static func read(_ reader: inout JSONReader) throws -> Int? {
    var id: Int?
    try reader.object("books[].cover") { reader, _ in
      if let url = try reader.string("books[].cover"), id == nil { id = parse(url) }
    }
    return id
  }

  /// The id of a `…/b/id/<digits>-<S|M|L>.jpg` URL.
  static func parse(_ url: String) -> Int? {
    guard let marker = url.range(of: "/b/id/") else { return nil }
    let rest = url[marker.upperBound...]
    let digits = rest.prefix { $0.isASCII && $0.isNumber }
    guard !digits.isEmpty, digits.count <= 10, rest.dropFirst(digits.count).hasPrefix("-"),
      let id = Int(digits), OpenLibraryRanges.coverIDs.contains(id)
    else { return nil }
    return id
  }
}

extension SearchDoc {
  /// A page of `search.json`: `numFound` (or the older `num_found`) and `docs`. Documents
  /// without a work key are left out; 2013-era bare keys (`OL27448W`) read like current ones.
  static func readPage(_ reader: inout JSONReader, envelope: inout Envelope) throws -> ([SearchDoc], Int?) {
    var docs: [SearchDoc] = []
    var total: Int?
    try reader.object("search") { reader, name in
      if try envelope.read(&reader, name) { return }
      switch name {
      case "numFound", "num_found":
        let count = try reader.lenientInt("search.numFound", in: 0...Int(Int32.max))
        total = total ?? count
      case "docs":
        try reader.array("search.docs") { reader, _ in
          if let doc = try reader.lenient("search.docs[]", { try SearchDoc.read(&$0) }) { docs.append(doc) }
        }
      default: try reader.skipValue()
      }
    }
    return (docs, total)
  }

  static func read(_ reader: inout JSONReader) throws -> SearchDoc? {
    reader.skipSpace()
    let start = reader.position
    var key: String?
    var doc = SearchDoc(work: OpenLibraryID("OL0W")!)
    try reader.object("search.docs[]") { reader, name in
      switch name {
      case "key": key = try reader.lenientString("docs[].key")
      case "title": doc.title = try reader.lenientTrimmed("docs[].title")
      case "subtitle": doc.subtitle = try reader.lenientTrimmed("docs[].subtitle")
      case "author_name": doc.authorNames = try reader.lenientTrimmedStrings("docs[].author_name")
      case "first_publish_year":
        doc.firstPublishYear = try reader.lenientInt("docs[].first_publish_year", in: OpenLibraryRanges.years)
      case "cover_i": doc.coverID = try reader.lenientInt("docs[].cover_i", in: OpenLibraryRanges.coverIDs)
      case "cover_edition_key":
        doc.coverEdition = try reader.lenient("docs[].cover_edition_key") {
          try $0.id("docs[].cover_edition_key", kind: .edition)
        }
      case "language": doc.languages = try reader.lenientTrimmedStrings("docs[].language")
      case "subject": doc.subjects = try reader.lenientTrimmedStrings("docs[].subject")
      case "publisher": doc.publishers = try reader.lenientTrimmedStrings("docs[].publisher")
      case "number_of_pages_median":
        doc.pageCountMedian = try reader.lenientInt(
          "docs[].number_of_pages_median", in: OpenLibraryRanges.pageCounts)
      default: try reader.skipValue()
      }
    }
    guard let key, let work = OpenLibraryID(key, kind: .work) else { return nil }
    doc.work = work
    doc.digest = reader.digest(from: start)
    return doc
  }
}
