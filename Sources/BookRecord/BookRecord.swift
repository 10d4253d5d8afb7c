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
package struct BookRecord: Sendable, Equatable {
  private var storage: CopyOnWrite<Fields>

  /// An empty record of `source`'s record `id`, for a mapping to fill.
  package init(id: String, source: SourceRecord) {
    storage = CopyOnWrite(Fields(id: id, provenance: Provenance(source)))
  }

  /// A record of `source`'s record `id` with the fields a source's data gives, made in one
  /// piece: a mapping that set each through its accessor paid a uniqueness check and an
  /// exclusive access per field, for every volume of every build.
  package init(
    id: String, source: SourceRecord, title: String?, subtitle: String?, authors: [String]?,
    publisher: String?, published: BookDate?, description: String?, pageCount: Int?, language: String?,
    categories: [String]?, identifiers: [BookIdentifier]?, covers: CoverLinks?, previewLink: String?,
    readerLink: String?, rating: Rating?, sale: Sale?, isPublicDomain: Bool?
  ) {
    var fields = Fields(id: id, provenance: Provenance(source))
    fields.title = title
    fields.subtitle = subtitle
    fields.authors = authors
    fields.publisher = publisher
    fields.published = published
    fields.description = description
    fields.pageCount = pageCount
    fields.language = language
    fields.categories = categories
    fields.identifiers = identifiers
    fields.covers = covers
    fields.previewLink = previewLink
    fields.readerLink = readerLink
    fields.rating = rating
    fields.sale = sale
    fields.isPublicDomain = isPublicDomain
    storage = CopyOnWrite(fields)
  }

  package static func == (a: BookRecord, b: BookRecord) -> Bool {
    a.storage.isShared(with: b.storage) || a.storage.value == b.storage.value
  }

  /// The book's id: its primary record's id at its source (a Google Books volume id), which is
  /// stable across builds and names the book's page.
  package var id: String {
    _read { yield storage.value.id }
    _modify { yield &storage.value.id }
  }

  package var title: String? {
    _read { yield storage.value.title }
    _modify { yield &storage.value.title }
  }

  package var subtitle: String? {
    _read { yield storage.value.subtitle }
    _modify { yield &storage.value.subtitle }
  }

  package var authors: [String]? {
    _read { yield storage.value.authors }
    _modify { yield &storage.value.authors }
  }

  package var publisher: String? {
    _read { yield storage.value.publisher }
    _modify { yield &storage.value.publisher }
  }

  package var published: BookDate? {
    _read { yield storage.value.published }
    _modify { yield &storage.value.published }
  }

  /// The date as the source wrote it, when `published` keeps only part of it (`c1999`, `Spring
  /// 1999` → 1999): pages show this text, structured data and sorting the date.
  package var publishedText: String? {
    _read { yield storage.value.publishedText }
    _modify { yield &storage.value.publishedText }
  }

  /// As the source sent it, in `descriptionFormat`; the site sanitizes it.
  package var description: String? {
    _read { yield storage.value.description }
    _modify { yield &storage.value.description }
  }

  /// How `description` is written: Google's is plain text or HTML, Open Library's Markdown.
  package var descriptionFormat: TextFormat {
    _read { yield storage.value.descriptionFormat }
    _modify { yield &storage.value.descriptionFormat }
  }

  package var pageCount: Int? {
    _read { yield storage.value.pageCount }
    _modify { yield &storage.value.pageCount }
  }

  /// A language tag (`en`, `zh-TW`), as the source wrote it.
  package var language: String? {
    _read { yield storage.value.language }
    _modify { yield &storage.value.language }
  }

  /// Flat (`Fiction`) or paths (`Fiction / Science Fiction / Alien Contact`).
  package var categories: [String]? {
    _read { yield storage.value.categories }
    _modify { yield &storage.value.categories }
  }

  /// ISBNs and other identifiers, in the source's order.
  package var identifiers: [BookIdentifier]? {
    _read { yield storage.value.identifiers }
    _modify { yield &storage.value.identifiers }
  }

  package var covers: CoverLinks? {
    _read { yield storage.value.covers }
    _modify { yield &storage.value.covers }
  }

  /// A page with a preview of the book.
  package var previewLink: String? {
    _read { yield storage.value.previewLink }
    _modify { yield &storage.value.previewLink }
  }

  /// A reader for the book itself (whole or in part), preferred over the preview page.
  package var readerLink: String? {
    _read { yield storage.value.readerLink }
    _modify { yield &storage.value.readerLink }
  }

  package var rating: Rating? {
    _read { yield storage.value.rating }
    _modify { yield &storage.value.rating }
  }

  package var sale: Sale? {
    _read { yield storage.value.sale }
    _modify { yield &storage.value.sale }
  }

  package var isPublicDomain: Bool? {
    _read { yield storage.value.isPublicDomain }
    _modify { yield &storage.value.isPublicDomain }
  }

  /// When the work first came out, in any edition (usually a year); `published` is this edition's.
  package var firstPublished: BookDate? {
    _read { yield storage.value.firstPublished }
    _modify { yield &storage.value.firstPublished }
  }

  /// The owner's Markdown note.
  package var note: String? {
    _read { yield storage.value.note }
    _modify { yield &storage.value.note }
  }

  /// The note gives the plot away: pages show it behind a disclosure, search leaves it out.
  package var noteSpoiler: Bool {
    _read { yield storage.value.noteSpoiler }
    _modify { yield &storage.value.noteSpoiler }
  }

  package var tags: [String]? {
    _read { yield storage.value.tags }
    _modify { yield &storage.value.tags }
  }

  package var series: SeriesPosition? {
    _read { yield storage.value.series }
    _modify { yield &storage.value.series }
  }

  /// The owner's own data about their reading and their copy; no source has it.
  package var reading: ReadingRecord? {
    _read { yield storage.value.reading }
    _modify { yield &storage.value.reading }
  }

  package var provenance: Provenance {
    _read { yield storage.value.provenance }
    _modify { yield &storage.value.provenance }
  }

  /// The stored fields, documented above (a new field needs its accessor there too).
  private struct Fields: Equatable {
    var id: String
    var title: String?
    var subtitle: String?
    var authors: [String]?
    var publisher: String?
    var published: BookDate?
    var publishedText: String?
    var description: String?
    var descriptionFormat: TextFormat = .html
    var pageCount: Int?
    var language: String?
    var categories: [String]?
    var identifiers: [BookIdentifier]?
    var covers: CoverLinks?
    var previewLink: String?
    var readerLink: String?
    var rating: Rating?
    var sale: Sale?
    var isPublicDomain: Bool?
    var firstPublished: BookDate?
    var note: String?
    var noteSpoiler = false
    var tags: [String]?
    var series: SeriesPosition?
    var reading: ReadingRecord?
    var provenance: Provenance
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
