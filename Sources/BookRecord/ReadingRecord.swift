/// A book's place in a series: `Thursday Next`, `1` (numbers may be `2.5`, or absent for an
/// omnibus).
package struct SeriesPosition: Sendable, Equatable {
  package var name: String
  package var number: Double?
  /// The number as written, shortest form: `1`, `2.5`.
  package var numberText: String?

  package init(name: String, number: Double? = nil, numberText: String? = nil) {
    self.name = name
    self.number = number
    self.numberText = numberText
  }
}

/// What the owner keeps about their reading of a book and their copy of it (catalog.yml's
/// `books:` entries, an import's file): pages show it as theirs, apart from any source's data.
package struct ReadingRecord: Sendable, Equatable {
  /// `read`, `reading`, `to-read`, `abandoned` or a shelf of the owner's.
  package var status: String?
  /// The owner's rating, 0.5 to 5 in halves.
  package var rating: Double?
  package var dateAdded: BookDate?
  package var dateStarted: BookDate?
  /// Each time the book was finished, in the order written.
  package var datesRead: [BookDate] = []
  package var readCount: Int?
  /// `hardcover`, `paperback`, `ebook`, `audiobook`, `other`.
  package var format: String?
  package var owned: Bool?
  /// Named links (library, publisher, review), http(s) only, in the order written.
  package var links: [(name: String, url: String)] = []
  /// Free-form values for templates (`book.extra.NAME`).
  package var extra: [String: String] = [:]

  package init() {}

  package static func == (a: ReadingRecord, b: ReadingRecord) -> Bool {
    a.status == b.status && a.rating == b.rating && a.dateAdded == b.dateAdded
      && a.dateStarted == b.dateStarted
      && a.datesRead == b.datesRead && a.readCount == b.readCount && a.format == b.format
      && a.owned == b.owned
      && a.links.map(\.name) == b.links.map(\.name) && a.links.map(\.url) == b.links.map(\.url)
      && a.extra == b.extra
  }
}
