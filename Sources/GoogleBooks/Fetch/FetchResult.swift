import Diagnostics

/// Everything the fetch stage found, in catalog order.
public struct FetchResult: Sendable {
  /// One per catalog collection, in catalog order.
  public var collections: [CollectionVolumes]
  /// Skipped volumes, unmatched ISBNs, stale fallbacks, corrupt cache entries… in catalog order.
  public var warnings: [Diagnostic]
  public var statistics: FetchStatistics
  /// Entries the request budget did not reach, in catalog order: the site is built without
  /// them, and a later run fetches them (missing entries get the budget first).
  public var pending: [MissingEntry] = []

  public init(collections: [CollectionVolumes], warnings: [Diagnostic], statistics: FetchStatistics) {
    self.collections = collections
    self.warnings = warnings
    self.statistics = statistics
  }
}

/// The volumes of one collection in API order: queries (page by page), then ISBNs, then volume
/// ids; each volume once (first occurrence wins).
public struct CollectionVolumes: Sendable, Equatable {
  public var slug: String
  public var volumes: [Volume]
  /// ISBN-13 → id of the volume chosen for it (absent when the search found nothing).
  public var isbnMatches: [String: String]

  public init(slug: String, volumes: [Volume], isbnMatches: [String: String] = [:]) {
    self.slug = slug
    self.volumes = volumes
    self.isbnMatches = isbnMatches
  }
}

/// Counters for the summary line and for tests.
public struct FetchStatistics: Sendable, Equatable {
  /// HTTP requests sent, retries included.
  public var requests = 0
  /// Entries served from cache without a request because they were fresh.
  public var cacheHits = 0
  public var retries = 0
  /// Entries served from an expired cache entry (offline, budget spent or request failed).
  public var staleServed = 0
  /// Damaged cache entries found (and refetched).
  public var corruptEntries = 0
  /// Distinct requests the run needed.
  public var plannedRequests = 0
  /// Distinct requests answered so far (from cache, network, or found missing).
  public var resolvedRequests = 0
  public var volumes = 0

  public init() {}
}
