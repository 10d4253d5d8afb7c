import Catalog
import Fetching

/// Why an Open Library request is made. The follow-ups of a book (its edition record, its
/// work, its authors) carry what they are for: whether names are still needed, whether the
/// book is optional, and how many redirects led there (one is followed, no more).
package enum OpenLibraryPurpose: FetchPurpose {
  /// One books-API request of the plan's `batches`.
  case lookup(batch: Int, optional: Bool)
  /// One page of the plan's search `query`, from result `offset`.
  case search(query: Int, offset: Int)
  /// The record of the plan's listed work `index`, and its first page of editions.
  case listedWork(index: Int)
  case listedWorkEditions(index: Int)
  /// A book's edition record; `named` when an answer already gave its authors' names.
  case edition(OpenLibraryID, named: Bool, optional: Bool, hops: Int)
  /// A book's work record; `needsAuthors` when no answer named them and its edition listed none.
  case work(OpenLibraryID, needsAuthors: Bool, optional: Bool, hops: Int)
  case author(OpenLibraryID, optional: Bool, hops: Int)

  /// Plan order: lookups, searches page by page, listed works; then the books' records by id.
  package struct Order: Comparable, Sendable {
    var kind: Int
    var index: Int
    var offset: Int
    var id: String

    package static func < (a: Order, b: Order) -> Bool {
      (a.kind, a.index, a.offset, a.id) < (b.kind, b.index, b.offset, b.id)
    }
  }

  package var order: Order {
    switch self {
    case .lookup(let batch, _): Order(kind: 0, index: batch, offset: 0, id: "")
    case .search(let query, let offset): Order(kind: 1, index: query, offset: offset, id: "")
    case .listedWork(let index): Order(kind: 2, index: index, offset: 0, id: "")
    case .listedWorkEditions(let index): Order(kind: 2, index: index, offset: 1, id: "")
    case .edition(let id, _, _, _): Order(kind: 3, index: 0, offset: 0, id: id.description)
    case .work(let id, _, _, _): Order(kind: 4, index: 0, offset: 0, id: id.description)
    case .author(let id, _, _): Order(kind: 5, index: 0, offset: 0, id: id.description)
    }
  }

  /// A book's own records only add to what an answer already gave: their failure is a warning.
  package var fallback: String? {
    switch self {
    case .lookup(_, true): "the books without Open Library's data"
    case .lookup, .search, .listedWork: nil
    case .listedWorkEditions: "the work without an edition"
    case .edition: "what the books API or the search gave"
    case .work: "the edition's own data"
    case .author: "the book without this author's name"
    }
  }

  /// Whether the book it serves may be built without it.
  package var isOptional: Bool {
    switch self {
    case .lookup(_, let optional), .edition(_, _, let optional, _), .work(_, _, let optional, _),
      .author(_, let optional, _):
      optional
    case .search, .listedWork, .listedWorkEditions: false
    }
  }
}
