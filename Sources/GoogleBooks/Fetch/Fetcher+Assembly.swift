import Catalog
import Diagnostics
import Fetching
import Foundation

extension Fetcher {
  /// Walks the catalog in order and collects volumes, warnings, failures and missing entries.
  func assemble(_ run: FetchRun<GoogleBooksSource>) throws(FetchError) -> FetchResult {
    var assembly = Assembly(
      collector: FetchCollector(run),
      cache: listsEntries ? ResponseCache(directory: options.cacheDirectory) : nil)
    let planner = run.source.planner
    var collections: [CollectionVolumes] = []
    var standIns = StandIns(keys: self.standIns)
    for (c, collection) in catalog.collections.enumerated() {
      let details = planner.wantsDetails(c)
      var result = CollectionVolumes(
        slug: collection.slug, volumes: [],
        queryVolumes: Array(repeating: [], count: collection.queries.count))
      // Each volume once, first occurrence wins.
      var seen: Set<String> = []
      func add(_ volume: Volume) {
        if seen.insert(volume.id).inserted { result.volumes.append(volume) }
      }
      for q in collection.queries.indices where collection.queries[q].source == .googleBooks {
        var start = 0
        while true {
          let request = planner.searchRequest(collection: c, query: q, start: start)
          let taken = assembly.take(
            request, .page(collection: c, query: q, start: start),
            handled: { failure, _ in searchFallback && result.searchFallbacks.failed(q, failure) },
            handledMissing: { reason in searchFallback && result.searchFallbacks.missing(q, reason) })
          guard let decoded = taken else { break }
          for volume in decoded.volumes {
            let detailed = assembly.detailed(volume, wanted: details)
            add(detailed)
            result.queryVolumes[q].append(detailed)
          }
          let count = Int(request.value(of: "maxResults") ?? "") ?? RequestPlanner.pageSize
          let wanted = collection.queries[q].maxResults
          if decoded.volumes.isEmpty && decoded.skipped.isEmpty || start + count >= wanted { break }
          start += count
        }
      }
      // Another source answers what Google cannot, or Google only enriches another's books:
      // an ISBN without a volume that lists it is then no warning here, and no book.
      let deferred = isbnFallback || planner.enrichingISBNs
      for (i, isbn) in collection.isbns.enumerated() {
        let purpose = planner.isbnPurpose(collection: c, index: i)
        let taken = assembly.take(
          planner.isbnRequest(isbn), purpose,
          handled: { failure, error in
            if standIns.failed([isbn.isbn13], failure) { return true }
            // Another source answers instead of a rate-limited (or quota-spent), down or
            // unreachable Google.
            guard deferred else { return false }
            if failure.isRateLimit {
              result.isbnOutcomes[isbn.isbn13] = .rateLimited(failure)
            } else if failure.isUnavailable {
              result.isbnOutcomes[isbn.isbn13] = .unavailable(failure, error: error)
            } else {
              return false
            }
            return true
          },
          handledMissing: { standIns.missing([isbn.isbn13], $0) })
        guard let decoded = taken else { continue }
        let subject = planner.subject(purpose)
        guard let (volume, matched) = RequestPlanner.choose(decoded.volumes, for: isbn) else {
          result.isbnOutcomes[isbn.isbn13] = .notFound
          if !deferred { assembly.collector.warn("\(subject): Google found no volume for this ISBN") }
          continue
        }
        if !matched, deferred {
          result.isbnOutcomes[isbn.isbn13] = .otherEdition(assembly.detailed(volume, wanted: details))
          continue
        }
        if !matched {
          let title = volume.volumeInfo.title.map { " ('\($0)')" } ?? ""
          assembly.collector.warn(
            "\(subject): no result lists this ISBN; using the first result, volume '\(volume.id)'\(title)")
        }
        let detailed = assembly.detailed(volume, wanted: details)
        result.isbnOutcomes[isbn.isbn13] = matched ? .matched(detailed) : .otherEdition(detailed)
        add(detailed)
      }
      for (i, id) in collection.volumes.enumerated() {
        let purpose = Purpose.volume(collection: c, index: i)
        let taken = assembly.take(
          planner.volumeRequest(id), purpose, handled: { failure, _ in standIns.failed([id], failure) },
          handledMissing: { standIns.missing([id], $0) })
        guard let decoded = taken else { continue }
        if let volume = decoded.volumes.first {
          add(volume)
          result.idVolumes.append(volume)
        }
      }
      result.entries = assembly.taken.sorted()
      assembly.taken = []
      collections.append(result)
      progress?.report(.collectionFetched(slug: collection.slug, volumes: result.volumes.count))
    }
    if let warning = standIns.warning(source: "Google Books", offline: options.offline) {
      assembly.collector.warn(warning)
    }
    let pending = try assembly.collector.finish()
    var statistics = run.statistics
    statistics.volumes = collections.reduce(0) { $0 + $1.volumes.count }
    progress?.report(.finished(statistics, warnings: assembly.collector.warnings.count))
    var result = FetchResult(
      collections: collections, warnings: assembly.collector.warnings, statistics: statistics)
    result.pending = pending
    return result
  }
}

/// The collector, with what Google's answers add: each body's skipped volumes and notes, once.
private struct Assembly {
  var collector: FetchCollector<GoogleBooksSource>
  /// The cache, when the entries the collection is read from are listed; nil: they are not.
  let cache: ResponseCache?
  /// The cache entries of the requests taken for the collection being assembled.
  var taken: Set<String> = []

  /// The request's volumes; the first time, its skipped volumes, notes and unused items are
  /// reported with the subject. A failure `handled` takes care of is not the run's error.
  mutating func take(
    _ request: APIRequest, _ purpose: Purpose,
    handled: (RequestFailure, FetchError) -> Bool = { _, _ in false },
    handledMissing: (FetchError.MissingReason) -> Bool = { _ in false }
  ) -> DecodedResponse? {
    if let cache { taken.insert(cache.relativePath(for: request)) }
    guard
      let (decoded, isFirst) = collector.take(
        request, purpose, handled: handled, handledMissing: handledMissing)
    else { return nil }
    if isFirst {
      let subject = collector.source.subject(of: purpose)
      for skipped in decoded.skipped { collector.warn("\(subject): skipped a malformed volume: \(skipped)") }
      for note in decoded.notes { collector.warn("\(subject): \(note)") }
      if decoded.ignoredItems > 0, let asked = request.maxItems {
        collector.warn(
          "\(subject): the answer holds \(asked + decoded.ignoredItems) items for maxResults=\(asked); "
            + "only the first \(asked) are used")
      }
    }
    return decoded
  }

  /// The full record for `volume` when the collection asked for details and it was fetched.
  mutating func detailed(_ volume: Volume, wanted: Bool) -> Volume {
    guard wanted else { return volume }
    let request = collector.source.planner.volumeRequest(volume.id)
    return take(request, .details(id: volume.id))?.volumes.first ?? volume
  }
}
