/// A source of book data, as pages credit it: Google Books, the owner's catalog, …
package struct BookSource: Sendable, Hashable {
  /// Stable and unique among sources: `google-books`.
  package let id: String
  /// As pages name it: `Google Books`.
  package let name: String

  package init(id: String, name: String) {
    self.id = id
    self.name = name
  }

  package static func == (a: BookSource, b: BookSource) -> Bool { a.id == b.id }
  package func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// One source's record of a book: the source, the record's id there, its page, and a digest of
/// the data it was made from (two copies of one book with the same digests are the same data).
package struct SourceRecord: Sendable, Equatable {
  package var source: BookSource
  package var id: String
  /// The book's page at the source (`sameAs` links, credits); nil when it has none.
  package var url: String?
  /// Identifies every input the record was mapped from; nil for one made in code or from the
  /// owner's entry.
  package var digest: UInt64?

  package init(source: BookSource, id: String, url: String? = nil, digest: UInt64? = nil) {
    self.source = source
    self.id = id
    self.url = url
    self.digest = digest
  }
}

/// The source records a book was made from, and which of them stated each field.
///
/// A record made by one source states exactly the fields it has a value for, and keeps no
/// table (most books); merging records (the owner's corrections, a second source) records a
/// position per field. A source may also state that a field is empty (the owner clearing a
/// wrong subtitle): the field has an origin and no value.
package struct Provenance: Sendable, Equatable {
  /// The primary record first (its id names the book), then those merged into it.
  package private(set) var records: [SourceRecord]
  /// Per field (`BookField.rawValue`), the position in `records` of the record that stated
  /// it, or `Self.unstated`; nil while the single record states just the fields with a value.
  private var origins: [UInt8]?

  private static let unstated = UInt8.max

  init(_ record: SourceRecord) {
    records = [record]
  }

  /// Which record stated `field` in `book` (whose provenance this is); nil when none did.
  func position(of field: BookField, in book: BookRecord) -> Int? {
    guard let origins else { return book.hasValue(field) ? 0 : nil }
    let position = origins[field.rawValue]
    return position == Self.unstated ? nil : Int(position)
  }

  var isExplicit: Bool { origins != nil }

  /// Makes the table explicit: the first record stated the fields `present` marks (in
  /// `BookField` order), so single fields can change hands.
  mutating func makeExplicit(present: [Bool]) {
    guard origins == nil else { return }
    origins = present.map { $0 ? 0 : Self.unstated }
  }

  mutating func setPosition(_ position: Int?, of field: BookField) {
    origins?[field.rawValue] = position.map { UInt8($0) } ?? Self.unstated
  }

  /// Appends `other`'s records; returns the position the first of them takes.
  mutating func append(_ other: Provenance) -> Int {
    let start = records.count
    records += other.records
    return start
  }
}

extension BookRecord {
  /// The source record that stated `field`; nil when none did.
  package func origin(of field: BookField) -> SourceRecord? {
    provenance.position(of: field, in: self).map { provenance.records[$0] }
  }

  /// Whether a source stated `field`, with a value or as empty.
  package func states(_ field: BookField) -> Bool { provenance.position(of: field, in: self) != nil }

  /// Records that this record's own source states `field` as it now is, also when it is empty:
  /// the owner's `subtitle: ""` clears a source's subtitle instead of letting it through.
  package mutating func markStated(_ field: BookField) {
    if !provenance.isExplicit { provenance.makeExplicit(present: presentFields) }
    provenance.setPosition(0, of: field)
  }

  /// Whether each field (in `BookField` order) holds a value.
  var presentFields: [Bool] { BookField.allCases.map(hasValue) }
}
