import BookRecord
import Catalog

extension BookSource {
  /// The owner's `books:` entries in catalog.yml: notes, tags and corrections.
  static let owner = BookSource(
    id: "catalog", name: "catalog.yml",
    fieldNames: [
      .title: "overrides.title", .subtitle: "overrides.subtitle", .authors: "overrides.authors",
      .publisher: "overrides.publisher", .published: "overrides.published_date",
      .description: "overrides.description", .pageCount: "overrides.page_count",
      .language: "overrides.language", .categories: "overrides.categories", .covers: "overrides.cover",
      .note: "note", .tags: "tags",
    ])
}

extension BookEntry {
  /// The owner's entry under `key` as a record of corrections: every field it sets is stated,
  /// also as empty (`subtitle: ""` removes a source's subtitle; a date that is no date, none),
  /// so that `BookRecord.overridden(by:)` puts them in place of every source's.
  func record(forBook id: String, key: String) -> BookRecord {
    var record = BookRecord(id: id, source: SourceRecord(source: .owner, id: key, digest: digest))
    func state<Value>(_ field: BookField, _ path: WritableKeyPath<BookRecord, Value?>, _ value: Value?) {
      guard let value else { return }
      record[keyPath: path] = value
      record.markStated(field)
    }
    state(.title, \.title, overrides.title)
    state(.subtitle, \.subtitle, overrides.subtitle)
    state(.authors, \.authors, overrides.authors)
    state(.publisher, \.publisher, overrides.publisher)
    if let date = overrides.publishedDate {
      // Stated even when it reads as no date (`0000`): the owner's word replaces the source's.
      record.published = BookDate(parsing: date)
      record.markStated(.published)
    }
    state(.description, \.description, overrides.description)
    state(.pageCount, \.pageCount, overrides.pageCount)
    state(.language, \.language, overrides.language)
    state(.categories, \.categories, overrides.categories)
    // The owner's cover is the book's at every size: the page shows it, not a source's larger one.
    state(.covers, \.covers, overrides.cover.map(CoverLinks.init(all:)))
    state(.note, \.note, note)
    state(.tags, \.tags, tags)
    return record
  }

  /// Every field of the entry, hashed: pages showing the book are rendered again when it
  /// changes (the catalog's `books:` lines are left out of the build fingerprint's shared part).
  /// `BookEntry` and `BookOverrides` gaining a field must add it here: a test counts them.
  var digest: UInt64 {
    var key = FieldHasher()
    func add(_ text: String?) {
      if let text { key.add(text) } else { key.add(-1) }
    }
    func add(_ list: [String]?) {
      key.add(list?.count ?? -1)
      for item in list ?? [] { key.add(item) }
    }
    add(note)
    add(tags)
    add(overrides.title)
    add(overrides.subtitle)
    add(overrides.authors)
    add(overrides.publisher)
    add(overrides.publishedDate)
    add(overrides.description)
    key.add(overrides.pageCount ?? Int.min)
    add(overrides.language)
    add(overrides.categories)
    add(overrides.cover)
    key.add(ownerFieldLines.count)
    for line in ownerFieldLines { key.add(line) }
    return key.finish()
  }

  /// How many fields `digest` hashes, of the entry and of its overrides.
  static let digestFieldCounts = (entry: 3 + BookEntry.ownerFieldCount, overrides: 10)
}
