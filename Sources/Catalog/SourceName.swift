/// A source of book data the catalog can name: in `sources:` (the order ISBNs are looked up
/// in) and in a query's `source:`.
package enum SourceName: String, Sendable, Equatable, CaseIterable {
  case googleBooks = "google_books"
  case openLibrary = "open_library"

  /// As messages name it: `Google Books`, `Open Library`.
  package var displayName: String {
    switch self {
    case .googleBooks: "Google Books"
    case .openLibrary: "Open Library"
    }
  }
}

/// An Open Library search: its own fields (`search.json`'s parameters), at least one of `q`,
/// `title`, `author`, `subject` and `publisher`.
package struct OpenLibraryQuery: Sendable, Equatable {
  package var q: String?
  package var title: String?
  package var author: String?
  package var subject: String?
  package var publisher: String?
  /// A MARC code (`eng`, `ger`), as Open Library's search takes it; the catalog may write a
  /// BCP 47 tag (`de`), which is mapped.
  package var language: String?
  /// One of `OpenLibraryQuery.sorts`; nil for relevance.
  package var sort: String?

  /// The orders Open Library's search documents (openlibrary/plugins/worksearch/schemes/works.py).
  package static let sorts = ["new", "old", "editions", "rating", "title", "random"]

  /// The fields as `search.json` parameters, in a fixed order, without the empty ones.
  package var parameters: [(name: String, value: String)] {
    [
      ("q", q), ("title", title), ("author", author), ("subject", subject), ("publisher", publisher),
      ("language", language), ("sort", sort),
    ].compactMap { name, value in value.map { (name, $0) } }
  }

  /// `title=dune, author=herbert`, as messages name the query.
  package var summary: String {
    parameters.map { "\($0.name)=\($0.value)" }.joined(separator: ", ")
  }
}
