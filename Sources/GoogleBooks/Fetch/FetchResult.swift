import Diagnostics
import Fetching

/// Everything the fetch stage found, in catalog order.
package struct FetchResult: Sendable {
  /// One per catalog collection, in catalog order.
  package var collections: [CollectionVolumes]
  /// Skipped volumes, unmatched ISBNs, stale fallbacks, corrupt cache entries… in catalog order.
  package var warnings: [Diagnostic]
  package var statistics: FetchStatistics
  /// Entries the request budget did not reach, in catalog order: the site is built without
  /// them, and a later run fetches them (missing entries get the budget first).
  package var pending: [MissingEntry] = []
}

/// The volumes of one collection in API order: queries (page by page), then ISBNs, then volume
/// ids; each volume once (first occurrence wins).
package struct CollectionVolumes: Sendable, Equatable {
  package var slug: String
  package var volumes: [Volume]
  /// The same volumes by where they came from, for whoever combines sources: each query's (by
  /// its index in the collection; none for another source's queries), each ISBN's outcome (by
  /// ISBN-13; absent when its answer could not be had), each volume id's.
  package var queryVolumes: [[Volume]] = []
  package var isbnOutcomes: [String: ISBNOutcome] = [:]
  package var idVolumes: [Volume] = []
  /// With `Fetcher.searchFallback`, the queries Google could not answer or the budget did not
  /// reach, by index in the collection.
  package var searchFallbacks = SearchFallbacks()
  /// The cache entries (relative paths) of every request the collection's volumes were read
  /// from, found or not: a rebuild of `bookgen serve` sources again only the collections whose
  /// entries changed.
  package var entries: [String] = []
}

/// What Google's answer for an ISBN came to.
package enum ISBNOutcome: Sendable, Equatable {
  /// A volume that lists the ISBN.
  case matched(Volume)
  /// Only volumes that do not list it (other editions): the first of them.
  case otherEdition(Volume)
  case notFound
  /// HTTP 429 after the retries (a spent quota among them), when the fetcher was told another
  /// source may answer instead (`Fetcher.isbnFallback`).
  case rateLimited(RequestFailure)
  /// A server error or no connection after the retries, with no cached answer, when another
  /// source may answer instead (`Fetcher.isbnFallback`); `error` is what the run would have
  /// thrown for it, for when none does.
  case unavailable(RequestFailure, error: FetchError)
}
