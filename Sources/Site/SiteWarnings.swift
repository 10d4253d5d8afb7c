import Catalog
import Diagnostics

/// Data problems worth telling the owner about, in a stable order.
enum SiteWarnings {
  /// `books:` entries that reach no page: no book of any collection has the ISBN or id, or
  /// the book's own entry under another key (its id, another ISBN) is the one used.
  static func unusedBookEntries(catalog: Catalog, model: SiteModel) -> [Diagnostic] {
    guard !catalog.books.isEmpty else { return [] }
    // The key each book takes its entry from, as the model looked it up.
    var usedKey: [String: String] = [:]
    for book in model.books {
      if let (key, _) = SiteModel.entry(for: book.record, in: catalog.books) { usedKey[book.id] = key }
    }
    let used = Set(usedKey.values)
    // Most builds use every entry: the table of every id and ISBN only for those that do not.
    guard used.count < catalog.books.count else { return [] }
    // The book each id or ISBN belongs to.
    var owner: [String: String] = [:]
    for book in model.books {
      for key in [book.id] + book.record.matchingISBNs where owner[key] == nil { owner[key] = book.id }
    }
    let candidates = Array(owner.keys)
    var diagnostics: [Diagnostic] = []
    for key in catalog.books.keys.sorted() where !used.contains(key) {
      let shown = "'\(key)' in 'books'"
      let place = catalog.places.books[key]
      func warning(_ message: String) -> Diagnostic { place?.warning(message) ?? .warning(message) }
      var diagnostic: Diagnostic
      if let id = owner[key] {
        diagnostic = warning(
          "the entry \(shown) is not used: book '\(id)' takes its entry from '\(usedKey[id] ?? id)'")
        diagnostic.notes = [.note("merge the two entries under one key")]
      } else {
        diagnostic = warning(
          "no book of any collection has \(shown), so its note, tags and overrides are not shown")
        diagnostic.suggestion = NearestName.suggestion(for: key, among: candidates)
        diagnostic.notes = [
          .note(
            "add it to a collection's 'isbns', 'volumes' or 'open_library_ids', or check it against the "
              + "book's ISBN, volume id or Open Library id (ids are case-sensitive)")
        ]
      }
      diagnostics.append(diagnostic)
    }
    return diagnostics.sorted { ($0.location?.line ?? 0) < ($1.location?.line ?? 0) }
  }

  static func collect(_ model: SiteModel) -> [String] {
    var warnings: [String] = []
    for book in model.books where book.title == nil {
      warnings.append("volume \(book.id) has no title; its page says \"Untitled\"")
    }
    for collection in model.collections where collection.books.isEmpty {
      warnings.append("collection '\(collection.slug)' has no books")
    }
    return warnings
  }
}
