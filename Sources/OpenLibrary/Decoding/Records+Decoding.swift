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
      case "key": key = try reader.lenient("edition.key") { try $0.string("edition.key") }
      case "title":
        record.title = try reader.lenient("edition.title") { try $0.trimmedString("edition.title") }
      case "subtitle":
        record.subtitle = try reader.lenient("edition.subtitle") { try $0.trimmedString("edition.subtitle") }
      case "authors":
        record.authors =
          try reader.lenient("edition.authors") { try $0.keys("edition.authors") }?
          .compactMap { OpenLibraryID($0, kind: .author) } ?? []
      case "works":
        record.works =
          try reader.lenient("edition.works") { try $0.keys("edition.works") }?
          .compactMap { OpenLibraryID($0, kind: .work) } ?? []
      case "publishers":
        record.publishers =
          try reader.lenient("edition.publishers") { try $0.trimmedStrings("edition.publishers") } ?? []
      case "publish_date":
        record.publishDate = try reader.lenient("edition.publish_date") {
          try $0.trimmedString("edition.publish_date")
        }
      case "number_of_pages":
        record.pageCount = try reader.lenient("edition.number_of_pages") {
          try $0.int("edition.number_of_pages", in: OpenLibraryRanges.pageCounts)
        }
      case "languages":
        record.languages =
          try reader.lenient("edition.languages") { try $0.keys("edition.languages") }?
          .compactMap(MARCLanguage.code(fromKey:)) ?? []
      case "isbn_13":
        record.isbn13 =
          try reader.lenient("edition.isbn_13") { try $0.trimmedStrings("edition.isbn_13") } ?? []
      case "isbn_10":
        record.isbn10 =
          try reader.lenient("edition.isbn_10") { try $0.trimmedStrings("edition.isbn_10") } ?? []
      case "covers":
        record.covers = try reader.lenient("edition.covers") { try $0.coverIDs("edition.covers") } ?? []
      case "description":
        record.description = try reader.lenient("edition.description") { try $0.text("edition.description") }
      case "series":
        record.series = try reader.lenient("edition.series") { try $0.trimmedStrings("edition.series") } ?? []
      case "subjects":
        record.subjects =
          try reader.lenient("edition.subjects") { try $0.trimmedStrings("edition.subjects") } ?? []
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
        total = try reader.lenient("editions.size") { try $0.int("editions.size", in: 0...Int(Int32.max)) }
      // Only an error body has a key here: the one not found.
      case "key": envelope.errorKey = try reader.lenient("editions.key") { try $0.string("editions.key") }
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
      case "key": key = try reader.lenient("work.key") { try $0.string("work.key") }
      case "title": record.title = try reader.lenient("work.title") { try $0.trimmedString("work.title") }
      case "subtitle":
        record.subtitle = try reader.lenient("work.subtitle") { try $0.trimmedString("work.subtitle") }
      case "authors":
        record.authors = try reader.lenient("work.authors") { try Self.authorKeys(&$0) } ?? []
      case "description":
        record.description = try reader.lenient("work.description") { try $0.text("work.description") }
      case "covers":
        record.covers = try reader.lenient("work.covers") { try $0.coverIDs("work.covers") } ?? []
      case "subjects":
        record.subjects = try reader.lenient("work.subjects") { try $0.trimmedStrings("work.subjects") } ?? []
      case "first_publish_date":
        record.firstPublishDate = try reader.lenient("work.first_publish_date") {
          try $0.trimmedString("work.first_publish_date")
        }
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
      case "key": key = try reader.lenient("author.key") { try $0.string("author.key") }
      case "name": name = try reader.lenient("author.name") { try $0.trimmedString("author.name") }
      case "personal_name":
        personalName = try reader.lenient("author.personal_name") {
          try $0.trimmedString("author.personal_name")
        }
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
