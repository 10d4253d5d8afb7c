import Catalog
import Covers
import Fetching
import GoogleBooks
import Site
import Sourcing

/// What `bookgen serve` keeps in memory (never on disk) between rebuilds: the cache entries it
/// decoded, their records and the site, so a rebuild redoes only the part an edit touches.
final class PreviewState: @unchecked Sendable {
  /// What a fetch stage read: the catalog but for the owner's entries (those stand in for a
  /// book aside), and the cache's entries by file identity.
  struct FetchInputs: Equatable {
    var catalog: Catalog
    var standIns: Set<String>
    var cache: [String]
    var offline: Bool

    init(catalog: Catalog, cache: ResponseCache, offline: Bool) {
      var fetched = catalog
      standIns = Set(catalog.books.filter { $0.value.imported != nil }.keys)
      fetched.books = [:]
      fetched.places = CatalogPlaces()
      fetched.conflicts = []
      self.catalog = fetched
      self.cache = cache.identity()
      self.offline = offline
    }

    /// The cache entries (relative paths) added, removed or changed since `last`, when nothing
    /// else it was fetched from changed.
    func changedEntries(since last: FetchInputs) -> Set<String>? {
      guard catalog == last.catalog, standIns == last.standIns, offline == last.offline else { return nil }
      let lines = Set(cache).symmetricDifference(last.cache)
      return Set(lines.map { line in String(line.prefix { $0 != " " }) })
    }
  }

  let volumes = VolumeMemo()
  /// The cache entries read so far, decoded: a rebuild reads only the entries that changed.
  let answers = CachedAnswers()
  /// The sources' books mapped into records so far.
  let records = KeptRecords()
  /// The last fetch stage's answers, from which only the collections whose cache entries
  /// changed are sourced again.
  let run = KeptRun()
  let site = SiteSession()
  /// The last fetch stage's books and what they were fetched from; nil after a fetch that left
  /// requests pending (the next rebuild asks again).
  var fetched: (inputs: FetchInputs, books: SourcedBooks)?
  /// The sources' covers the last fetch stage found in the cache (`site.covers: local`), reused
  /// with its books.
  var fetchedCovers: FetchedCovers?
}
