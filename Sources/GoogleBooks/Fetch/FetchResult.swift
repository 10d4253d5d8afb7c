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

  package init(collections: [CollectionVolumes], warnings: [Diagnostic], statistics: FetchStatistics) {
    self.collections = collections
    self.warnings = warnings
    self.statistics = statistics
  }
}

/// The volumes of one collection in API order: queries (page by page), then ISBNs, then volume
/// ids; each volume once (first occurrence wins).
package struct CollectionVolumes: Sendable, Equatable {
  package var slug: String
  package var volumes: [Volume]
  /// ISBN-13 → id of the volume chosen for it (absent when the search found nothing).
  package var isbnMatches: [String: String]

  package init(slug: String, volumes: [Volume], isbnMatches: [String: String] = [:]) {
    self.slug = slug
    self.volumes = volumes
    self.isbnMatches = isbnMatches
  }
}
