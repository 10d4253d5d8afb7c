import Catalog

extension OpenLibraryID {
  /// `/books/OL7353617M`, as Open Library writes keys.
  package var key: String { "/\(kind.folder)/\(description)" }

  /// The record's page: `https://openlibrary.org/books/OL7353617M`.
  package var pageURL: String { OpenLibraryID.site + key }

  /// Where pages link to, whatever `open_library.api_url` says (a mirror or a test server
  /// serves the API, not the pages readers should visit).
  package static let site = "https://openlibrary.org"
}
