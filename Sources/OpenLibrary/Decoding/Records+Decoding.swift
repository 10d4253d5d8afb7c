import Catalog
import Support

extension EditionRecord {
  /// Reads an edition object; nil when its `key` is no edition id. `envelope` gets the keys
  /// that are not the record's (`type`, `location`, error shapes).
  static func read(_ reader: inout JSONReader, envelope: inout Envelope) throws -> EditionRecord? {
    reader.skipSpace()
    let start = reader.position
    var key: String?
    var record = EditionRecord(id: OpenLibraryID("OL0M")!)
    try reader.object("edition") { reader, name in
      if try envelope.read(&reader, name) { return }
      switch name {
      case "key": key = try reader.lenientString("edition.key")
      case "title": record.title = try reader.lenientTrimmed("edition.title")
      case "subtitle": record.subtitle = try reader.lenientTrimmed("edition.subtitle")
      case "authors": record.authors = try reader.lenientIDs("edition.authors", kind: .author)
      case "works": record.works = try reader.lenientIDs("edition.works", kind: .work)
      case "publishers": record.publishers = try reader.lenientTrimmedStrings("edition.publishers")
      case "publish_date": record.publishDate = try reader.lenientTrimmed("edition.publish_date")
      case "number_of_pages":
        record.pageCount = try reader.lenientInt("edition.number_of_pages", in: OpenLibraryRanges.pageCounts)
      case "languages":
        record.languages =
          try reader.lenient("edition.languages") { try $0.keys("edition.languages") }?
          .compactMap(MARCLanguage.code(fromKey:)) ?? []
      case "isbn_13": record.isbn13 = try reader.lenientTrimmedStrings("edition.isbn_13")
      case "isbn_10": record.isbn10 = try reader.lenientTrimmedStrings("edition.isbn_10")
      case "covers":
        record.covers = try reader.lenient("edition.covers") { try $0.coverIDs("edition.covers") } ?? []
      case "description":
        record.description = try reader.lenient("edition.description") { try $0.text("edition.description") }
      case "series": record.series = try reader.lenientTrimmedStrings("edition.series")
      case "subjects": record.subjects = try reader.lenientTrimmedStrings("edition.subjects")
      default: try reader.skipValue()
      }
    }
    envelope.errorKey = key
    guard let key, let id = OpenLibraryID(key, kind: .edition) else { return nil }
    record.id = id
    record.digest = reader.digest(from: start)
    return record
  }

  /// A page of `works/OL…W/editions.json`: `{"links": …, "size": 140, "entries": [...]}`.
  /// Entries without an edition key are left out.
  static func readPage(_ reader: inout JSONReader, envelope: inout Envelope) throws -> ([EditionRecord], Int?)
  {
    var entries: [EditionRecord] = []
    var total: Int?
    try reader.object("editions") { reader, name in
      if try envelope.read(&reader, name) { return }
      switch name {
      case "size":
        total = try reader.lenientInt("editions.size", in: 0...Int(Int32.max))
      // Only an error body has a key here: the one not found.
      case "key": envelope.errorKey = try reader.lenientString("editions.key")
      case "entries":
        try reader.array("editions.entries") { reader, _ in
          var ignored = Envelope()
          if let entry = try reader.lenient(
            "editions.entries[]", { try EditionRecord.read(&$0, envelope: &ignored) })
          {
            entries.append(entry)
          }
        }
      default: try reader.skipValue()
      }
    }
    return (entries, total)
  }
}

extension WorkRecord {
  static func read(_ reader: inout JSONReader, envelope: inout Envelope) throws -> WorkRecord? {
    reader.skipSpace()
    let start = reader.position
    var key: String?
    var record = WorkRecord(id: OpenLibraryID("OL0W")!)
    try reader.object("work") { reader, name in
      if try envelope.read(&reader, name) { return }
      switch name {
      case "key": key = try reader.lenientString("work.key")
      case "title": record.title = try reader.lenientTrimmed("work.title")
      case "subtitle": record.subtitle = try reader.lenientTrimmed("work.subtitle")
      case "authors":
        record.authors = try reader.lenient("work.authors") { try Self.authorKeys(&$0) } ?? []
      case "description":
        record.description = try reader.lenient("work.description") { try $0.text("work.description") }
      case "covers":
        record.covers = try reader.lenient("work.covers") { try $0.coverIDs("work.covers") } ?? []
      case "subjects": record.subjects = try reader.lenientTrimmedStrings("work.subjects")
      case "first_publish_date":
        record.firstPublishDate = try reader.lenientTrimmed("work.first_publish_date")
      default: try reader.skipValue()
      }
    }
    envelope.errorKey = key
    guard let key, let id = OpenLibraryID(key, kind: .work) else { return nil }
    record.id = id
    record.digest = reader.digest(from: start)
    return record
  }

  /// `[{"author": {"key": "/authors/OL1A"}, "type": …}]`; older records write `[{"key": …}]`.
  private static func authorKeys(_ reader: inout JSONReader) throws -> [OpenLibraryID] {
    var ids: [OpenLibraryID] = []
    try reader.array("work.authors") { reader, _ in
      try reader.object("work.authors[]") { reader, name in
        switch name {
        case "author":
          if let key = try reader.key("work.authors[].author"), let id = OpenLibraryID(key, kind: .author) {
            ids.append(id)
          }
        case "key":
          if let key = try reader.string("work.authors[].key"), let id = OpenLibraryID(key, kind: .author) {
            ids.append(id)
          }
        default: try reader.skipValue()
        }
      }
    }
    return ids
  }
}

extension AuthorRecord {
  static func read(_ reader: inout JSONReader, envelope: inout Envelope) throws -> AuthorRecord? {
    reader.skipSpace()
    let start = reader.position
    var key: String?
    var name: String?
    var personalName: String?
    try reader.object("author") { reader, field in
      if try envelope.read(&reader, field) { return }
      switch field {
      case "key": key = try reader.lenientString("author.key")
      case "name": name = try reader.lenientTrimmed("author.name")
      case "personal_name": personalName = try reader.lenientTrimmed("author.personal_name")
      default: try reader.skipValue()
      }
    }
    envelope.errorKey = key
    guard let key, let id = OpenLibraryID(key, kind: .author) else { return nil }
    var record = AuthorRecord(id: id)
    record.name = name ?? personalName
    record.digest = reader.digest(from: start)
    return record
  }
}
