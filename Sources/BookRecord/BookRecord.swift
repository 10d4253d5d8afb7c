import Support

/// One book as the site is made from it, whatever source its data came from: each source maps
/// its own shapes into this record at its edge (`GoogleBooks/Volume+Record.swift`), the owner's
/// corrections are applied to it (`overridden(by:)`), and a second source may fill what the
/// first lacks (`enriched(with:)`); `provenance` says where each field came from.
///
/// Values are kept as the source stated them (escaping, trimming and link screening are the
/// site's); every field is optional: sources omit fields freely. Adding a field means: here and
/// in `BookField` (with its two switches in `BookRecord+Fields.swift`), one mapping per source,
/// and the template that shows it.
///
/// The fields live in one shared, copy-on-write box: a record is a pointer wide, so the many
/// arrays and tables that hold the same records (each source's, each collection's, the
/// composer's by ISBN) share one copy of each, and copying one costs a retain, not one per field.
/// Its fields are `Fields`', reached through the box (`record.title`; `self.title` in extensions).
@dynamicMemberLookup
package struct BookRecord: Sendable, Equatable {
  @usableFromInline var storage: CopyOnWrite<Fields>

  /// An empty record of `source`'s record `id`, for a mapping to fill.
  package init(id: String, source: SourceRecord) {
    storage = CopyOnWrite(Fields(id: id, provenance: Provenance(source)))
  }

  /// A record of `source`'s record `id` with the fields `fill` sets, made in one piece: setting
  /// each through the record would pay a uniqueness check per field, for every volume of a build.
  package init(id: String, source: SourceRecord, fill: (inout Fields) -> Void) {
    var fields = Fields(id: id, provenance: Provenance(source))
    fill(&fields)
    storage = CopyOnWrite(fields)
  }

  package static func == (a: BookRecord, b: BookRecord) -> Bool {
    a.storage.isShared(with: b.storage) || a.storage.value == b.storage.value
  }

  /// Each of `Fields`, read and written in place in the shared box (`record.title`).
  @inlinable package subscript<Value>(dynamicMember field: WritableKeyPath<Fields, Value>) -> Value {
    _read { yield storage.value[keyPath: field] }
    _modify { yield &storage.value[keyPath: field] }
  }

  /// The stored fields: a new one goes here, and in `BookField` with its two switches.
  package struct Fields: Sendable, Equatable {
    /// The book's id: its primary record's id at its source (a Google Books volume id), which is
    /// stable across builds and names the book's page.
    package var id: String
    package var title: String?
    package var subtitle: String?
    package var authors: [String]?
    package var publisher: String?
    package var published: BookDate?
    /// The date as the source wrote it, when `published` keeps only part of it (`c1999`, `Spring
    /// 1999` → 1999): pages show this text, structured data and sorting the date.
    package var publishedText: String?
    /// As the source sent it, in `descriptionFormat`; the site sanitizes it.
    package var description: String?
    /// How `description` is written: Google's is plain text or HTML, Open Library's Markdown.
    package var descriptionFormat: TextFormat = .html
    package var pageCount: Int?
    /// A language tag (`en`, `zh-TW`), as the source wrote it.
    package var language: String?
    /// Flat (`Fiction`) or paths (`Fiction / Science Fiction / Alien Contact`).
    package var categories: [String]?
    /// ISBNs and other identifiers, in the source's order.
    package var identifiers: [BookIdentifier]?
    package var covers: CoverLinks?
    /// A page with a preview of the book.
    package var previewLink: String?
    /// A reader for the book itself (whole or in part), preferred over the preview page.
    package var readerLink: String?
    package var rating: Rating?
    package var sale: Sale?
    package var isPublicDomain: Bool?
    /// When the work first came out, in any edition (usually a year); `published` is this edition's.
    package var firstPublished: BookDate?
    /// The owner's Markdown note.
    package var note: String?
    /// The note gives the plot away: pages show it behind a disclosure, search leaves it out.
    package var noteSpoiler = false
    package var tags: [String]?
    package var series: SeriesPosition?
    /// The owner's own data about their reading and their copy; no source has it.
    package var reading: ReadingRecord?
    package var provenance: Provenance
  }
}

/// Shown (in test failures, `String(reflecting:)`) as its fields, not as its box.
extension BookRecord: CustomReflectable {
  package var customMirror: Mirror {
    Mirror(self, children: Mirror(reflecting: storage.value).children, displayStyle: .struct)
  }
}

/// A source's rating of the book: its average on a scale of 0 to 5, and how many rated it.
package struct Rating: Sendable, Equatable {
  package var average: Double
  package var count: Int?

  package init(average: Double, count: Int? = nil) {
    self.average = average
    self.count = count
  }
}

/// How a text field is written, which decides how the site renders and sanitizes it.
package enum TextFormat: Sendable, Equatable {
  /// Plain text or loose HTML (Google's descriptions, the owner's `overrides.description`).
  case html
  /// Markdown, rendered and sanitized as the owner's own Markdown is.
  case markdown
}
