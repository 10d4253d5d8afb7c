import Diagnostics

/// `books:` — the owner's notes, tags and overrides, keyed by ISBN or volume id.
extension CatalogDecoder {
  static let bookKeys = ["note", "tags", "overrides"]
  static let overrideKeys = [
    "title", "subtitle", "authors", "publisher", "published_date", "description", "page_count",
    "language", "categories", "cover",
  ]

  mutating func decodeBooks(_ root: Fields) -> [String: BookEntry] {
    guard let node = root.value("books") else { return [:] }
    guard node.isMapping else {
      error("'books' must be a mapping, got \(node.kindDescription)", at: node)
      return [:]
    }
    var books: [String: BookEntry] = [:]
    var firstSeen: [String: (key: String, at: SourceLocation)] = [:]
    for entry in entries(of: node, path: "books") {
      guard let id = bookID(entry) else { continue }
      if let first = firstSeen[id] {
        error(
          "duplicate entry for \(shown(entry.key)) in 'books': same book as \(shown(first.key)) "
            + "(first at \(first.at))", at: entry.keyNode)
        continue
      }
      firstSeen[id] = (entry.key, entry.keyNode.location)
      books[id] = decodeBook(entry)
      places.books[id] = place(of: entry.keyNode)
    }
    return books
  }

  /// The normalised ISBN-13, or the volume id as written.
  private mutating func bookID(_ entry: Entry) -> String? {
    if CatalogRules.looksLikeISBN(entry.key) {
      do {
        return try ISBN.parse(entry.key).isbn13
      } catch {
        self.error("invalid ISBN \(shown(entry.key)) in 'books': \(error.reason)", at: entry.keyNode)
        return nil
      }
    }
    guard CatalogRules.isVolumeID(entry.key) else {
      error(
        "keys in 'books' must be ISBNs, Google volume ids or Open Library ids, got \(shown(entry.key))",
        at: entry.keyNode)
      return nil
    }
    return entry.key
  }

  private mutating func decodeBook(_ entry: Entry) -> BookEntry {
    var book = BookEntry()
    let path = keyPath("books", entry.key)
    guard !entry.value.isNull,
      let fields = fields(of: entry.value, path: path, keys: Self.bookKeys, anchor: entry.keyNode.location)
    else { return book }
    book.note = string(fields, "note")
    book.tags = stringList(fields, "tags") ?? []
    if let overrides = self.fields(fields, "overrides", keys: Self.overrideKeys) {
      book.overrides = decodeOverrides(overrides)
    }
    return book
  }

  private mutating func decodeOverrides(_ fields: Fields) -> BookOverrides {
    var overrides = BookOverrides()
    overrides.title = string(fields, "title")
    overrides.subtitle = string(fields, "subtitle")
    overrides.authors = stringList(fields, "authors")
    overrides.publisher = string(fields, "publisher")
    overrides.publishedDate = checked(
      fields, "published_date", expected: "a date written YYYY, YYYY-MM or YYYY-MM-DD",
      isValid: CatalogRules.isPartialDate)
    overrides.description = string(fields, "description")
    overrides.pageCount = integer(fields, "page_count", in: CatalogRanges.pageCount)
    overrides.language = checked(
      fields, "language", expected: Self.languageTag, isValid: CatalogRules.isLanguageTag)
    overrides.categories = stringList(fields, "categories")
    overrides.cover = checked(fields, "cover", expected: Self.httpURL, isValid: CatalogRules.isHTTPURL)
    return overrides
  }
}
