import Catalog
import Fetching

/// Why a request is made; one request can serve several purposes (the same query in two
/// collections, a volume id listed twice).
enum Purpose: FetchPurpose {
  case page(collection: Int, query: Int, start: Int)
  case isbn(collection: Int, index: Int)
  /// An ISBN asked only to enrich a book another source found: nothing is lost without it.
  case enrichingISBN(collection: Int, index: Int)
  case volume(collection: Int, index: Int)
  /// `details: full`: the single-volume record for a volume found by search.
  case details(id: String)
}

extension Purpose {
  /// Catalog order: collection, then its queries page by page, ISBNs and volume ids; full
  /// records come last, by volume id.
  struct Order: Comparable {
    var collection: Int
    var kind: Int
    var index: Int
    var start: Int
    var id: String

    static func < (a: Order, b: Order) -> Bool {
      (a.collection, a.kind, a.index, a.start, a.id) < (b.collection, b.kind, b.index, b.start, b.id)
    }
  }

  var order: Order {
    switch self {
    case .page(let c, let q, let start): return Order(collection: c, kind: 0, index: q, start: start, id: "")
    case .isbn(let c, let i), .enrichingISBN(let c, let i):
      return Order(collection: c, kind: 1, index: i, start: 0, id: "")
    case .volume(let c, let i): return Order(collection: c, kind: 2, index: i, start: 0, id: "")
    case .details(let id): return Order(collection: .max, kind: 3, index: 0, start: 0, id: id)
    }
  }

  /// A full record that cannot be fetched leaves the search record in its place; an ISBN
  /// asked to enrich a book, the book as the other source has it.
  var fallback: String? {
    switch self {
    case .details: "the search record"
    case .enrichingISBN: "the book without Google's data"
    case .page, .isbn, .volume: nil
    }
  }

  var isOptional: Bool {
    if case .enrichingISBN = self { return true }
    return false
  }
}

/// Turns the catalog into API requests.
struct RequestPlanner: Sendable {
  static let pageSize = 40

  let catalog: Catalog
  /// True when the catalog's ISBNs are asked only to enrich books another source found.
  var enrichingISBNs = false

  var settings: GoogleBooksSettings { catalog.googleBooks }

  /// The purpose of the catalog's ISBN `index` in `collection`.
  func isbnPurpose(collection: Int, index: Int) -> Purpose {
    enrichingISBNs
      ? .enrichingISBN(collection: collection, index: index) : .isbn(collection: collection, index: index)
  }

  func wantsDetails(_ collection: Int) -> Bool {
    (catalog.collections[collection].details ?? settings.details) == .full
  }

  /// Page requests ask for whole pages of 40; only the last asks for the remainder.
  func searchRequest(collection: Int, query: Int, start: Int) -> APIRequest {
    let query = catalog.collections[collection].queries[query]
    return APIRequest.search(
      query.q, startIndex: start, maxResults: min(Self.pageSize, query.maxResults - start),
      options: [
        "country": settings.country, "langRestrict": query.langRestrict ?? settings.langRestrict,
        "printType": query.printType ?? settings.printType, "filter": query.filter ?? settings.filter,
        "orderBy": query.orderBy ?? settings.orderBy, "projection": settings.projection,
      ])
  }

  /// `q=isbn:<isbn13>`; language and type filters are left out so a listed ISBN is always found.
  func isbnRequest(_ isbn: ISBN) -> APIRequest {
    APIRequest.search(
      "isbn:" + isbn.isbn13, startIndex: 0, maxResults: 10,
      options: ["country": settings.country, "projection": settings.projection])
  }

  func volumeRequest(_ id: String) -> APIRequest {
    APIRequest.volume(id, options: ["country": settings.country, "projection": settings.projection])
  }

  /// The requests known before anything is fetched, in catalog order.
  func initialRequests() -> [(APIRequest, Purpose)] {
    var result: [(APIRequest, Purpose)] = []
    for (c, collection) in catalog.collections.enumerated() {
      for q in collection.queries.indices where collection.queries[q].source == .googleBooks {
        result.append(
          (searchRequest(collection: c, query: q, start: 0), .page(collection: c, query: q, start: 0)))
      }
      for (i, isbn) in collection.isbns.enumerated() {
        result.append((isbnRequest(isbn), isbnPurpose(collection: c, index: i)))
      }
      for (i, id) in collection.volumes.enumerated() {
        result.append((volumeRequest(id), .volume(collection: c, index: i)))
      }
    }
    return result
  }

  /// `query 'dune' in collection 'sf'`, `ISBN 9780… in collection 'sf'`, …
  func subject(_ purpose: Purpose) -> String {
    switch purpose {
    case .page(let c, let q, let start):
      let collection = catalog.collections[c]
      let range =
        start == 0
        ? "" : " (results \(start + 1)–\(min(collection.queries[q].maxResults, start + Self.pageSize)))"
      return "query '\(collection.queries[q].q)'\(range) in collection '\(collection.slug)'"
    case .isbn(let c, let i):
      return "ISBN \(catalog.collections[c].isbns[i].isbn13) in collection '\(catalog.collections[c].slug)'"
    case .enrichingISBN(let c, let i):
      return "ISBN \(catalog.collections[c].isbns[i].isbn13) (asked to enrich a book from another source)"
    case .volume(let c, let i):
      return "volume '\(catalog.collections[c].volumes[i])' in collection '\(catalog.collections[c].slug)'"
    case .details(let id):
      return "full record of volume '\(id)'"
    }
  }

  /// The volume for `isbn`: the one whose identifiers hold it (13 or 10 form), else the first.
  static func choose(_ volumes: [Volume], for isbn: ISBN) -> (volume: Volume, matched: Bool)? {
    let forms = Set([isbn.isbn13, isbn.isbn10].compactMap { $0 })
    for volume in volumes
    where volume.volumeInfo.industryIdentifiers.contains(where: { forms.contains(normalized($0.identifier)) })
    {
      return (volume, true)
    }
    return volumes.first.map { ($0, false) }
  }

  private static func normalized(_ identifier: String) -> String {
    String(identifier.filter { $0 != "-" && $0 != " " }.uppercased())
  }
}
