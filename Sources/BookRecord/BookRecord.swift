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
  private var storage: Storage

  /// An empty record of `source`'s record `id`, for a mapping to fill.
  package init(id: String, source: SourceRecord) {
    storage = Storage(Fields(id: id, provenance: Provenance(source)))
  }

  package static func == (a: BookRecord, b: BookRecord) -> Bool {
    a.storage === b.storage || a.storage.fields == b.storage.fields
  }

  /// The box to write to, copied first when another record shares it.
  private mutating func makeUnique() {
    if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
  }

  /// The book's id: its primary record's id at its source (a Google Books volume id), which is
  /// stable across builds and names the book's page.
  package var id: String {
    get { storage.fields.id }
    _modify {
      makeUnique()
      yield &storage.fields.id
    }
  }

  package var title: String? {
    get { storage.fields.title }
    _modify {
      makeUnique()
      yield &storage.fields.title
    }
  }

  package var subtitle: String? {
    get { storage.fields.subtitle }
    _modify {
      makeUnique()
      yield &storage.fields.subtitle
    }
  }

  package var authors: [String]? {
    get { storage.fields.authors }
    _modify {
      makeUnique()
      yield &storage.fields.authors
    }
  }

  package var publisher: String? {
    get { storage.fields.publisher }
    _modify {
      makeUnique()
      yield &storage.fields.publisher
    }
  }

  package var published: BookDate? {
    get { storage.fields.published }
    _modify {
      makeUnique()
      yield &storage.fields.published
    }
  }

  /// The date as the source wrote it, when `published` keeps only part of it (`c1999`, `Spring
  /// 1999` → 1999): pages show this text, structured data and sorting the date.
  package var publishedText: String? {
    get { storage.fields.publishedText }
    _modify {
      makeUnique()
      yield &storage.fields.publishedText
    }
  }

  /// As the source sent it, in `descriptionFormat`; the site sanitizes it.
  package var description: String? {
    get { storage.fields.description }
    _modify {
      makeUnique()
      yield &storage.fields.description
    }
  }

  /// How `description` is written: Google's is plain text or HTML, Open Library's Markdown.
  package var descriptionFormat: TextFormat {
    get { storage.fields.descriptionFormat }
    _modify {
      makeUnique()
      yield &storage.fields.descriptionFormat
    }
  }

  package var pageCount: Int? {
    get { storage.fields.pageCount }
    _modify {
      makeUnique()
      yield &storage.fields.pageCount
    }
  }

  /// A language tag (`en`, `zh-TW`), as the source wrote it.
  package var language: String? {
    get { storage.fields.language }
    _modify {
      makeUnique()
      yield &storage.fields.language
    }
  }

  /// Flat (`Fiction`) or paths (`Fiction / Science Fiction / Alien Contact`).
  package var categories: [String]? {
    get { storage.fields.categories }
    _modify {
      makeUnique()
      yield &storage.fields.categories
    }
  }

  /// ISBNs and other identifiers, in the source's order.
  package var identifiers: [BookIdentifier]? {
    get { storage.fields.identifiers }
    _modify {
      makeUnique()
      yield &storage.fields.identifiers
    }
  }

  package var covers: CoverLinks? {
    get { storage.fields.covers }
    _modify {
      makeUnique()
      yield &storage.fields.covers
    }
  }

  /// A page with a preview of the book.
  package var previewLink: String? {
    get { storage.fields.previewLink }
    _modify {
      makeUnique()
      yield &storage.fields.previewLink
    }
  }

  /// A reader for the book itself (whole or in part), preferred over the preview page.
  package var readerLink: String? {
    get { storage.fields.readerLink }
    _modify {
      makeUnique()
      yield &storage.fields.readerLink
    }
  }

  package var rating: Rating? {
    get { storage.fields.rating }
    _modify {
      makeUnique()
      yield &storage.fields.rating
    }
  }

  package var sale: Sale? {
    get { storage.fields.sale }
    _modify {
      makeUnique()
      yield &storage.fields.sale
    }
  }

  package var isPublicDomain: Bool? {
    get { storage.fields.isPublicDomain }
    _modify {
      makeUnique()
      yield &storage.fields.isPublicDomain
    }
  }

  /// When the work first came out, in any edition (usually a year); `published` is this edition's.
  package var firstPublished: BookDate? {
    get { storage.fields.firstPublished }
    _modify {
      makeUnique()
      yield &storage.fields.firstPublished
    }
  }

  /// The owner's Markdown note.
  package var note: String? {
    get { storage.fields.note }
    _modify {
      makeUnique()
      yield &storage.fields.note
    }
  }

  package var tags: [String]? {
    get { storage.fields.tags }
    _modify {
      makeUnique()
      yield &storage.fields.tags
    }
  }

  package var series: SeriesPosition? {
    get { storage.fields.series }
    _modify {
      makeUnique()
      yield &storage.fields.series
    }
  }

  /// The owner's own data about their reading and their copy; no source has it.
  package var reading: ReadingRecord? {
    get { storage.fields.reading }
    _modify {
      makeUnique()
      yield &storage.fields.reading
    }
  }

  package var provenance: Provenance {
    get { storage.fields.provenance }
    _modify {
      makeUnique()
      yield &storage.fields.provenance
    }
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
    var tags: [String]?
    var series: SeriesPosition?
    var reading: ReadingRecord?
    var provenance: Provenance
  }

  private final class Storage: @unchecked Sendable {
    // Written only through `makeUnique`, by the one record that holds it.
    var fields: Fields

    init(_ fields: Fields) {
      self.fields = fields
    }
  }
}

/// Shown (in test failures, `String(reflecting:)`) as its fields, not as its box.
extension BookRecord: CustomReflectable {
  package var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "id": id as Any,
        "title": title as Any,
        "subtitle": subtitle as Any,
        "authors": authors as Any,
        "publisher": publisher as Any,
        "published": published as Any,
        "publishedText": publishedText as Any,
        "description": description as Any,
        "descriptionFormat": descriptionFormat as Any,
        "pageCount": pageCount as Any,
        "language": language as Any,
        "categories": categories as Any,
        "identifiers": identifiers as Any,
        "covers": covers as Any,
        "previewLink": previewLink as Any,
        "readerLink": readerLink as Any,
        "rating": rating as Any,
        "sale": sale as Any,
        "isPublicDomain": isPublicDomain as Any,
        "firstPublished": firstPublished as Any,
        "note": note as Any,
        "tags": tags as Any,
        "series": series as Any,
        "reading": reading as Any,
        "provenance": provenance as Any,
      ], displayStyle: .struct)
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
