import Support

/// One thing the search finds (a book), described without reference to where its data came
/// from: the texts it is found by, the facet values it is filtered by and what a result shows.
package struct SearchDocument: Sendable, Equatable {
  /// How much a match in a field counts: primary fields (title, subtitle, authors, series) rank
  /// a book above those that match only in the rest (description, notes, ISBNs, categories…).
  package enum Weight: Sendable, Equatable {
    case primary
    case secondary
  }

  package struct Field: Sendable, Equatable {
    package var weight: Weight
    package var text: String

    package init(_ weight: Weight, _ text: String) {
      self.weight = weight
      self.text = text
    }
  }

  /// What a result shows, written to the document's own file and loaded only when shown.
  package struct Display: Sendable, Equatable {
    package var title: String
    package var subtitle: String?
    package var authors: [String]
    /// The page's path relative to the site's root, not percent-encoded (`books/三體-x/`).
    package var url: String
    /// An https cover URL, or nil.
    package var thumbnail: String?
    /// A short line under the authors (the year).
    package var detail: String?
    /// Plain texts an excerpt may quote, in order of preference (description, note); each is
    /// cut at `SearchIndexOptions.excerptSourceLimit` characters.
    package var texts: [String]

    package init(
      title: String, subtitle: String? = nil, authors: [String] = [], url: String, thumbnail: String? = nil,
      detail: String? = nil, texts: [String] = []
    ) {
      self.title = title
      self.subtitle = subtitle
      self.authors = authors
      self.url = url
      self.thumbnail = thumbnail
      self.detail = detail
      self.texts = texts
    }
  }

  /// A stable identity (a volume id): it decides the document's number in the index, so that
  /// adding or editing one document leaves the others' numbers alone.
  package var id: String
  package var fields: [Field]
  /// Facet values by facet id (`SearchFacet.id`); ids the options do not declare are ignored.
  package var facets: [String: [String]]
  package var display: Display

  package init(id: String, fields: [Field], facets: [String: [String]] = [:], display: Display) {
    self.id = id
    self.fields = fields
    self.facets = facets
    self.display = display
  }
}

/// A way to narrow the results (collection, category, language, year; shelves and status once
/// books have them): its id in URLs, its label and how the results page orders its values.
package struct SearchFacet: Sendable, Equatable {
  package enum Order: String, Sendable {
    /// Most results first (collections, categories).
    case count
    /// Highest value first (years).
    case valueDescending = "value-desc"
  }

  package var id: String
  package var label: String
  package var order: Order

  package init(id: String, label: String, order: Order = .count) {
    self.id = id
    self.label = label
    self.order = order
  }
}

/// What the index is written with besides the documents.
package struct SearchIndexOptions: Sendable {
  /// The folder the index goes in, relative to the site's root.
  package var folder = "search"
  package var facets: [SearchFacet] = []
  /// UI texts the browser shows (`{count} results`…), passed through to the manifest.
  package var strings: [String: String] = [:]
  /// A cover URL with `{id}` in it: thumbnails that fill it in are stored as just the id.
  package var thumbnailTemplate: String?
  /// Characters of each display text kept for excerpts: one excerpt's worth (the results page
  /// shows 150, the header box 90), as long as the summary a page's meta description carries;
  /// a match deeper in the text (still found through the term index) shows the stored start.
  /// Storing more would grow every document file for excerpts rarely shown.
  package static let excerptSourceLimit = 160
  /// Bytes a chunk of the term index aims at; nil picks it from the index's size.
  package var chunkTarget: Int?

  package init() {}
}

/// One file of the index: a path relative to the site's root and its bytes.
package struct SearchIndexFile: Sendable, Equatable {
  package let path: String
  package let bytes: [UInt8]
  /// The bytes' XXH64, which content-named files are named by.
  package let hash: UInt64

  package init(path: String, bytes: [UInt8]) {
    self.path = path
    self.bytes = bytes
    hash = XXH64.hash(bytes)
  }
}
