import Catalog

/// What one run asks Open Library for: lookups by ISBN or edition id (batched into books-API
/// requests), searches, and listed works. Made by whoever combines the sources, which decides
/// which ISBNs Open Library is asked for (the catalog's, the ones another source lacked, the
/// ones of books to enrich).
package struct OpenLibraryPlan: Sendable, Equatable {
  /// An edition to find: by ISBN (`ISBN:9780140328721`) or by id (`OLID:OL7353617M`).
  package struct Lookup: Sendable, Hashable {
    package var bibkey: String
    /// True when nothing is lost without it (it would only enrich a book another source
    /// found): its failure is then a warning and its absence offline no error.
    package var optional: Bool
    /// Whether the edition's and the work's records are asked too (a description, the series,
    /// the first publication): two requests more per book found. The books API's answer alone
    /// has the names, pages, subjects, cover and date.
    package var records = true

    package static func isbn(_ isbn13: String, optional: Bool = false, records: Bool = true) -> Lookup {
      Lookup(bibkey: "ISBN:" + isbn13, optional: optional, records: records)
    }

    package static func edition(_ id: OpenLibraryID) -> Lookup {
      Lookup(bibkey: "OLID:" + id.description, optional: false)
    }
  }

  /// A search, with Open Library's own fields (`title`, `author`, …), and how it is named in
  /// messages (`query 'title=dune' in collection 'sf'`).
  package struct Search: Sendable, Equatable {
    package var fields: [OpenLibraryRequest.Parameter]
    /// Results wanted in all, fetched in pages of 100.
    package var maxResults: Int
    package var subject: String
    /// Whether each result's edition and work records are asked too (two requests per result);
    /// without them a result is its search document alone, as a title match needs it.
    package var withRecords = true
    /// True when another source is searched if this one cannot be answered (a title match on
    /// import): HTTP 429, Open Library unreachable or the budget spent is then no error and no
    /// warning, and `OpenLibraryResult.unanswered` or `.unsearched` lists the search.
    package var mayFallBack = false

    package init(fields: [OpenLibraryRequest.Parameter], maxResults: Int, subject: String) {
      self.fields = fields
      self.maxResults = maxResults
      self.subject = subject
    }
  }

  /// A work the owner listed, and how messages name it (`work OL45804W in collection 'sf'`).
  package struct ListedWork: Sendable, Equatable {
    package var id: OpenLibraryID
    package var subject: String

    package init(id: OpenLibraryID, subject: String) {
      self.id = id
      self.subject = subject
    }
  }

  /// Each bibkey once; a lookup wanted both ways is not optional.
  package private(set) var lookups: [Lookup] = []
  /// Where each bibkey is in `lookups`: a catalog of many books adds one per book.
  private var positions: [String: Int] = [:]
  package var searches: [Search] = []
  package var works: [ListedWork] = []

  package init() {}

  package mutating func add(_ lookup: Lookup) {
    if let index = positions[lookup.bibkey] {
      lookups[index].optional = lookups[index].optional && lookup.optional
      lookups[index].records = lookups[index].records || lookup.records
    } else {
      positions[lookup.bibkey] = lookups.count
      lookups.append(lookup)
    }
  }

  package var isEmpty: Bool { lookups.isEmpty && searches.isEmpty && works.isEmpty }

  /// The bibkeys whose books are taken from the books API's answer alone.
  package var withoutRecords: Set<String> { Set(lookups.filter { !$0.records }.map(\.bibkey)) }

  /// The lookups in books-API batches of `OpenLibraryRequest.batchSize`: the required ones
  /// first, then the optional ones, each group sorted (one request for the same ISBNs whatever
  /// order the catalog lists them in). A batch is optional when all its lookups are: few
  /// requests matter more than keeping the two kinds apart.
  package var batches: [(bibkeys: [String], optional: Bool)] {
    let required = lookups.filter { !$0.optional }.map(\.bibkey).sorted()
    let optional = lookups.filter(\.optional).map(\.bibkey).sorted()
    let keys = required + optional
    var result: [(bibkeys: [String], optional: Bool)] = []
    var start = 0
    while start < keys.count {
      let end = min(keys.count, start + OpenLibraryRequest.batchSize)
      result.append((Array(keys[start..<end]), start >= required.count))
      start = end
    }
    return result
  }
}
