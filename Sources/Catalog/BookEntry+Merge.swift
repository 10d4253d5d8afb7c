import Diagnostics

/// Entries of one book from several files (catalog.yml and what it includes), merged key by key.
extension BookEntry {
  /// One key of an entry: copying its value from another entry, and comparing the two.
  struct Field: Sendable {
    let copy: @Sendable (inout BookEntry, BookEntry) -> Void
    let isSame: @Sendable (BookEntry, BookEntry) -> Bool

    init<Value: Equatable & Sendable>(_ path: WritableKeyPath<BookEntry, Value> & Sendable) {
      copy = { $0[keyPath: path] = $1[keyPath: path] }
      isSame = { $0[keyPath: path] == $1[keyPath: path] }
    }
  }

  /// Every key a `books:` entry takes, by the fields it fills (`price` and `currency` fill one).
  static let fields: [String: Field] = [
    "note": Field(\.note), "note_spoiler": Field(\.noteSpoiler), "tags": Field(\.tags),
    "overrides": Field(\.overrides),
    "status": Field(\.status), "rating": Field(\.rating), "date_added": Field(\.dateAdded),
    "date_started": Field(\.dateStarted), "date_read": Field(\.datesRead),
    "read_count": Field(\.readCount), "format": Field(\.format), "owned": Field(\.owned),
    "series": Field(\.series), "series_number": Field(\.seriesNumber), "price": Field(\.shop.price),
    "currency": Field(\.shop.price), "buy_url": Field(\.shop.buyURL),
    "availability": Field(\.shop.availability), "links": Field(\.links), "extra": Field(\.extra),
    "imported": Field(\.imported),
  ]
}

/// A book's entries in file order, merged: each key takes the first file's value that sets it;
/// a later file setting it differently is a conflict.
struct BookMerge {
  private(set) var entry: BookEntry
  private var written: [String: SourceLocation]
  private(set) var conflicts: [BookConflict] = []
  let id: String

  init(_ first: DecodedBook) {
    entry = first.entry
    written = first.writtenKeys
    id = first.id
  }

  mutating func add(_ later: DecodedBook) {
    for (key, location) in later.writtenKeys.sorted(by: { $0.value < $1.value }) {
      guard let field = BookEntry.fields[key] else { continue }
      if let kept = written[key] {
        if !field.isSame(entry, later.entry) {
          conflicts.append(BookConflict(book: id, key: key, kept: kept, ignored: location))
        }
      } else {
        field.copy(&entry, later.entry)
        written[key] = location
      }
    }
  }
}
