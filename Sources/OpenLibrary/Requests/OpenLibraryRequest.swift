import Catalog
import Fetching
import Support

/// One Open Library API request, relative to the API's base URL.
///
/// Its `canonical` form (path, then parameters sorted by name, strictly percent-encoded) names
/// the cache entry, so one cache serves any `open_library.api_url`. Open Library needs no key,
/// so the URL is the canonical form on the base URL, and may be shown as it is.
package struct OpenLibraryRequest: Sendable, Hashable, Comparable, CustomStringConvertible {
  package enum Kind: Sendable, Hashable {
    /// `api/books?bibkeys=ISBN:…,OLID:…&jscmd=data`: many editions at once, with author names.
    case books(bibkeys: [String])
    case edition(OpenLibraryID)
    case work(OpenLibraryID)
    /// `works/OL…W/editions.json`, one page.
    case workEditions(OpenLibraryID, offset: Int, limit: Int)
    case author(OpenLibraryID)
    /// `search.json` with the query's fields, one page.
    case search(fields: [Parameter], offset: Int, limit: Int)
  }

  package typealias Parameter = QueryParameter

  package let kind: Kind
  package let canonical: String

  package init(_ kind: Kind) {
    self.kind = kind
    canonical = Self.canonical(kind)
  }

  /// Most bibkeys one books-API request carries: Open Library's maintainers suggest batches of
  /// about 25 (internetarchive/openlibrary#11406); 20 keeps URLs short.
  package static let batchSize = 20
  /// Results per search page (Open Library's default and the most it recommends).
  package static let searchPageSize = 100
  /// Editions per page of a work's edition list: the first page is enough to pick one.
  package static let editionsPageSize = 50

  /// The search's fields: the book's, so no page needs another request for them.
  static let searchFields =
    "key,title,subtitle,author_name,author_key,first_publish_year,cover_i,cover_edition_key,"
    + "language,subject,publisher,number_of_pages_median"

  package var description: String { canonical }

  package func url(base: String) -> String { base + "/" + canonical }

  /// The bibkeys a books-API request asked for, in its order.
  package var bibkeys: [String] {
    if case .books(let keys) = kind { return keys }
    return []
  }

  private static func canonical(_ kind: Kind) -> String {
    switch kind {
    case .books(let bibkeys):
      return "api/books?"
        + query([
          Parameter("bibkeys", bibkeys.joined(separator: ",")), Parameter("format", "json"),
          Parameter("jscmd", "data"),
        ])
    case .edition(let id), .work(let id), .author(let id):
      return String(id.key.dropFirst()) + ".json"
    case .workEditions(let id, let offset, let limit):
      var parameters = [Parameter("limit", String(limit))]
      if offset > 0 { parameters.append(Parameter("offset", String(offset))) }
      return String(id.key.dropFirst()) + "/editions.json?" + query(parameters)
    case .search(let fields, let offset, let limit):
      var parameters = fields + [Parameter("fields", searchFields), Parameter("limit", String(limit))]
      if offset > 0 { parameters.append(Parameter("offset", String(offset))) }
      return "search.json?" + query(parameters)
    }
  }

  private static func query(_ parameters: [Parameter]) -> String {
    QueryParameter.query(parameters.sorted())
  }

  package static func == (a: OpenLibraryRequest, b: OpenLibraryRequest) -> Bool { a.canonical == b.canonical }
  package func hash(into hasher: inout Hasher) { hasher.combine(canonical) }
  package static func < (a: OpenLibraryRequest, b: OpenLibraryRequest) -> Bool { a.canonical < b.canonical }
}

extension OpenLibraryRequest: CachedRequest {}
