/// Counters for the summary line and for tests.
package struct FetchStatistics: Sendable, Equatable {
  /// HTTP requests sent, retries included.
  package var requests = 0
  /// Entries served from cache without a request because they were fresh.
  package var cacheHits = 0
  package var retries = 0
  /// Entries served from an expired cache entry (offline, budget spent or request failed).
  package var staleServed = 0
  /// Damaged cache entries found (and refetched).
  var corruptEntries = 0
  /// Distinct requests the run needed.
  package var plannedRequests = 0
  /// Distinct requests answered so far (from cache, network, or found missing).
  package var resolvedRequests = 0
  /// Records the fetch delivered (Google Books volumes).
  package var volumes = 0
  /// Answers that what was asked is not there (a 404 for a record, a search without results),
  /// fetched or cached: each is kept in the cache (`FetchLimits.notFoundMaxAge`).
  package var notFound = 0

  package init() {}
}

extension FetchStatistics {
  /// The counters of two runs together (a fetch that asks several sources, or one twice).
  package static func + (a: FetchStatistics, b: FetchStatistics) -> FetchStatistics {
    var sum = FetchStatistics()
    sum.requests = a.requests + b.requests
    sum.cacheHits = a.cacheHits + b.cacheHits
    sum.retries = a.retries + b.retries
    sum.staleServed = a.staleServed + b.staleServed
    sum.corruptEntries = a.corruptEntries + b.corruptEntries
    sum.plannedRequests = a.plannedRequests + b.plannedRequests
    sum.resolvedRequests = a.resolvedRequests + b.resolvedRequests
    sum.volumes = a.volumes + b.volumes
    sum.notFound = a.notFound + b.notFound
    return sum
  }
}
