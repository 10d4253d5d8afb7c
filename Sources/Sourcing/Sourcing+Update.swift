import Catalog
import Fetching
import GoogleBooks
import OpenLibrary
import Support

/// What one run's sources answered, before its books were composed from them.
struct SourcingRun: Sendable {
  /// Google's first run, one entry per collection.
  var first: FetchResult
  /// What each collection added to Open Library's plan (`libraryPart`).
  var parts: [LibraryPart]
  var plan: LibraryPlan
  var found: OpenLibraryResult
  /// Google's second runs.
  var lookups: SecondLookups
  /// Enrichment lookups Google refused, and those it did not answer.
  var enrichmentRefused = 0
  var enrichmentUnanswered = 0
  /// Whether the books were composed without a warning or a refused lookup (`Composer.isClean`).
  var clean = false

  /// Whether each collection's records come from its own answers alone, so that one is composed
  /// again without the others: no book of Open Library's is combined with another's.
  var composesCollectionsAlone: Bool { !found.hasBooks }
}

/// The last run's answers, kept by `bookgen serve` between rebuilds (in memory only): after some
/// cache entries changed, only the collections that read them are sourced again.
package final class KeptRun: Sendable {
  private let run = Locked<SourcingRun?>(nil)

  package init() {}

  var last: SourcingRun? { run.withLock { $0 } }

  func keep(_ run: SourcingRun) {
    self.run.withLock { $0 = run }
  }

  /// Whether the last run's collections are composed one without the others
  /// (`SourcingRun.composesCollectionsAlone`).
  package var composesCollectionsAlone: Bool { last?.composesCollectionsAlone ?? false }

  /// The collections whose Google Books answers were read from one of the cache entries at
  /// `paths` (relative to the cache folder) in the last run; nil when one of them was read by
  /// no collection's first run (Open Library's, a second run's, or none), or nothing is kept.
  package func collections(reading paths: Set<String>) -> Set<Int>? {
    guard let run = last else { return nil }
    var found: Set<Int> = []
    var unknown = paths
    for (index, collection) in run.first.collections.enumerated() where !collection.entries.isEmpty {
      for path in collection.entries where paths.contains(path) {
        found.insert(index)
        unknown.remove(path)
      }
    }
    let second = Set(run.lookups.entries)
    guard unknown.isEmpty, paths.isDisjoint(with: second) else { return nil }
    return found
  }
}

extension Sourcing {
  /// `last` (this catalog's books, sourced from the cache as it was by the run `keptRun`
  /// holds) with the collections in `changed` sourced again, for `bookgen serve` after some of
  /// their Google Books cache entries changed (`KeptRun.collections(reading:)`). The other
  /// collections' answers, and Open Library's and Google's later runs, are the last run's:
  /// nil, for a whole run, when they may not be — the collections ask Open Library something
  /// else, or a run had warnings (which are the whole run's) or requests left to make.
  package func run(updating last: SourcedBooks, changed: Set<Int>) async -> SourcedBooks? {
    guard var run = keptRun?.last, run.clean, run.first.warnings.isEmpty, last.pending.isEmpty,
      run.first.collections.count == catalog.collections.count,
      last.collections.count == catalog.collections.count
    else { return nil }
    if changed.isEmpty { return last }
    let indices = changed.sorted()
    var part = firstGoogleCatalog
    part.collections = indices.map { part.collections[$0] }
    let google = firstGoogleFetcher(part, quota: SpentQuota(), relay: nil)
    guard let answered = try? await google.run(), answered.warnings.isEmpty, answered.pending.isEmpty else {
      return nil
    }
    var records = keptRecords?.take() ?? RecordMemo()
    defer { keptRecords?.keep(records) }
    records.add(answered)
    for (position, index) in indices.enumerated() {
      run.first.collections[index] = answered.collections[position]
      // The same questions to Open Library, so the same answers: its run and Google's later
      // ones need not be made again.
      guard libraryPart(run.first.collections[index], at: index, records: records) == run.parts[index] else {
        return nil
      }
    }
    let alone = run.composesCollectionsAlone
    guard let (composed, clean) = try? compose(run, records: records, only: alone ? changed : nil), clean
    else {
      return nil
    }
    var books = composed
    if alone {
      books.collections = last.collections
      for index in indices { books.collections[index] = composed.collections[index] }
      books.statistics.volumes = books.collections.reduce(0) { $0 + $1.records.count }
    }
    keptRun?.keep(run)
    return books
  }
}
