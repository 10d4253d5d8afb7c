import Diagnostics

/// One `books:` entry as one file wrote it: the keys it sets (the owner's win over an included
/// file's key by key) and where its key is.
struct DecodedBook {
  var id: String
  var key: String
  var entry: BookEntry
  /// Where each key the entry sets (with a value) is written.
  var writtenKeys: [String: SourceLocation]
  var place: CatalogPlace
}

/// `books:` — the owner's notes, tags, overrides and own data, keyed by ISBN, volume id or an
/// export's id.
extension CatalogDecoder {
  /// The keys of `BookEntry.fields`, which merges entries key by key.
  static let bookKeys = Array(BookEntry.fields.keys)
  static let overrideKeys = [
    "title", "subtitle", "authors", "publisher", "published_date", "description", "page_count",
    "language", "categories", "cover",
  ]
  /// What other apps and exports call some keys.
  static let bookKeyAliases = [
    "shelf": "status", "my_rating": "rating", "stars": "rating", "date_finished": "date_read",
    "dates_read": "date_read", "binding": "format", "review": "note", "notes": "note",
    "spoiler": "note_spoiler",
  ]
  static let partialDate = "a date written YYYY, YYYY-MM or YYYY-MM-DD"

  mutating func decodeBooks(_ root: Fields) -> [DecodedBook] {
    guard let node = root.value("books") else { return [] }
    var books: [DecodedBook] = []
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
      let (book, keys) = decodeBook(entry)
      books.append(
        DecodedBook(id: id, key: entry.key, entry: book, writtenKeys: keys, place: place(of: entry.keyNode)))
    }
    return books
  }

  /// The normalised ISBN-13, the volume id or the export id as written.
  private mutating func bookID(_ entry: Entry) -> String? {
    if entry.key.contains(":") {
      if let id = ExportID(parsing: entry.key) { return id.description }
      let prefix = String(entry.key.prefix { $0 != ":" })
      let sources = ImportSource.allCases.map(\.rawValue)
      guard sources.contains(prefix) else {
        error(
          "unknown export \(shown(prefix)) in the key \(shown(entry.key)) in 'books': an export's id is "
            + "'APP:ID' with APP one of " + sources.map { "'\($0)'" }.joined(separator: ", "),
          at: entry.keyNode,
          suggestion: NearestName.suggestion(for: prefix, among: sources).map {
            $0 + entry.key.drop { $0 != ":" }
          })
        return nil
      }
      error(
        "invalid export id \(shown(entry.key)) in 'books': after '\(prefix):' come 1 to 64 letters, "
          + "digits, '_' or '-'", at: entry.keyNode)
      return nil
    }
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
        "keys in 'books' must be ISBNs, Google volume ids, Open Library ids or an export's ids such as "
          + "'goodreads:40265832', got \(shown(entry.key))", at: entry.keyNode)
      return nil
    }
    return entry.key
  }

  private mutating func decodeBook(_ entry: Entry) -> (BookEntry, [String: SourceLocation]) {
    var book = BookEntry()
    let path = keyPath("books", entry.key)
    guard !entry.value.isNull,
      let fields = fields(
        of: entry.value, path: path, keys: Self.bookKeys, anchor: entry.keyNode.location,
        aliases: Self.bookKeyAliases)
    else { return (book, [:]) }
    book.note = string(fields, "note")
    book.noteSpoiler = boolean(fields, "note_spoiler") ?? false
    book.tags = stringList(fields, "tags") ?? []
    if let overrides = self.fields(fields, "overrides", keys: Self.overrideKeys) {
      book.overrides = decodeOverrides(overrides)
    }
    decodeReading(fields, into: &book)
    decodeShop(fields, into: &book)
    if let node = fields.value("links") { book.links = decodeLinks(node, path: fields.path("links")) }
    if let node = fields.value("extra") { book.extra = decodeExtra(node, path: fields.path("extra")) }
    if let imported = self.fields(fields, "imported", keys: Self.importedKeys) {
      book.imported = decodeImported(imported)
    }
    var written: [String: SourceLocation] = [:]
    for (key, entry) in fields.entries where fields.value(key) != nil {
      written[key] = entry.keyNode.location
    }
    return (book, written)
  }

  private mutating func decodeOverrides(_ fields: Fields) -> BookOverrides {
    var overrides = BookOverrides()
    overrides.title = string(fields, "title")
    overrides.subtitle = string(fields, "subtitle")
    overrides.authors = stringList(fields, "authors")
    overrides.publisher = string(fields, "publisher")
    overrides.publishedDate = checked(
      fields, "published_date", expected: Self.partialDate, isValid: CatalogRules.isPartialDate)
    overrides.description = string(fields, "description")
    overrides.pageCount = integer(fields, "page_count", in: CatalogRanges.pageCount)
    overrides.language = checked(
      fields, "language", expected: Self.languageTag, isValid: CatalogRules.isLanguageTag)
    overrides.categories = stringList(fields, "categories")
    if let node = fields.value("cover") { decodeCover(node, path: fields.path("cover"), into: &overrides) }
    return overrides
  }

  /// `status` (checked once every file's shelves are known), rating, dates, format, series.
  private mutating func decodeReading(_ fields: Fields, into book: inout BookEntry) {
    if let node = fields.value("status"),
      let slug = text(node, path: fields.path("status"), expected: "a status such as 'read'")
    {
      book.status = ReadingStatus(slug: slug)
      statuses.append((slug, node, fields.path("status")))
    }
    book.rating = checked(
      fields, "rating", expected: "a rating from 0.5 to 5 in steps of 0.5, such as '4' or '3.5'",
      isValid: { OwnerRating(parsing: $0) != nil }
    ).flatMap(OwnerRating.init(parsing:))
    book.dateAdded = date(fields, "date_added")
    book.dateStarted = date(fields, "date_started")
    if let node = fields.value("date_read") {
      if case .sequence = node.kind {
        book.datesRead = (list(fields, "date_read") ?? []).compactMap { date($0.node, path: $0.path) }
      } else {
        let expected = Self.partialDate + " (or a list of them)"
        book.datesRead = date(node, path: fields.path("date_read"), expected: expected).map { [$0] } ?? []
      }
    }
    book.readCount = integer(fields, "read_count", in: CatalogRanges.readCount)
    book.format = choice(fields, "format", as: BookFormat.self)
    book.owned = boolean(fields, "owned")
    book.series = nonBlank(fields, "series")
    book.seriesNumber = checked(
      fields, "series_number",
      expected: "a number from 0 to 100000 with at most three decimals, such as '2' or '2.5'",
      isValid: { SeriesNumber(parsing: $0) != nil }
    ).flatMap(SeriesNumber.init(parsing:))
    if book.seriesNumber != nil, fields.value("series") == nil, let entry = fields.entries["series_number"] {
      error("'\(fields.path("series_number"))' needs 'series': the name of the series", at: entry.keyNode)
    }
  }

  mutating func date(_ fields: Fields, _ key: String) -> PartialDate? {
    guard let node = fields.value(key) else { return nil }
    return date(node, path: fields.path(key))
  }

  private mutating func date(_ node: YAMLNode, path: String, expected: String = partialDate) -> PartialDate? {
    checked(node, path: path, expected: expected, isValid: CatalogRules.isPartialDate)
      .flatMap(PartialDate.init(parsing:))
  }

  /// `true` or `false` (`yes` is an error that suggests `true`).
  mutating func boolean(_ fields: Fields, _ key: String) -> Bool? {
    checked(
      fields, key, expected: "'true' or 'false'",
      suggestion: { Self.booleanWords[$0.lowercased()] }, isValid: { Self.booleans[$0] != nil }
    ).flatMap { Self.booleans[$0] }
  }

  /// The YAML core schema's booleans, as written.
  static let booleans = [
    "true": true, "True": true, "TRUE": true, "false": false, "False": false, "FALSE": false,
  ]
  /// Words meant as booleans that YAML 1.2 reads as strings.
  static let booleanWords = [
    "yes": "true", "y": "true", "on": "true", "no": "false", "n": "false", "off": "false",
  ]
}
