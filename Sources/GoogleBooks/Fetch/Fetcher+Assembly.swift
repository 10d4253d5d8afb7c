import Catalog
import Diagnostics
import Foundation

extension Fetcher {
  /// Walks the catalog in order and collects volumes, warnings, failures and missing entries.
  func assemble(_ state: FetchState, client: GoogleBooksClient) throws(FetchError) -> FetchResult {
    var assembly = Assembly(state: state, client: client)
    for warning in state.warnings { assembly.warn(warning) }
    var collections: [CollectionVolumes] = []
    for (c, collection) in catalog.collections.enumerated() {
      var volumes = CollectionBuilder(details: state.planner.wantsDetails(c))
      for q in collection.queries.indices {
        var start = 0
        while true {
          let request = state.planner.searchRequest(collection: c, query: q, start: start)
          guard let decoded = assembly.take(request, .page(collection: c, query: q, start: start)) else {
            break
          }
          for volume in decoded.volumes { volumes.append(assembly.detailed(volume, wanted: volumes.details)) }
          let count = Int(request.value(of: "maxResults") ?? "") ?? RequestPlanner.pageSize
          let wanted = collection.queries[q].maxResults
          if decoded.volumes.isEmpty && decoded.skipped.isEmpty || start + count >= wanted { break }
          start += count
        }
      }
      for (i, isbn) in collection.isbns.enumerated() {
        let purpose = Purpose.isbn(collection: c, index: i)
        guard let decoded = assembly.take(state.planner.isbnRequest(isbn), purpose) else { continue }
        let subject = state.planner.subject(purpose)
        guard let (volume, matched) = RequestPlanner.choose(decoded.volumes, for: isbn) else {
          assembly.warn("\(subject): Google found no volume for this ISBN")
          continue
        }
        if !matched {
          let title = volume.volumeInfo.title.map { " ('\($0)')" } ?? ""
          assembly.warn(
            "\(subject): no result lists this ISBN; using the first result, volume '\(volume.id)'\(title)")
        }
        volumes.isbnMatches[isbn.isbn13] = volume.id
        volumes.append(assembly.detailed(volume, wanted: volumes.details))
      }
      for (i, id) in collection.volumes.enumerated() {
        let purpose = Purpose.volume(collection: c, index: i)
        guard let decoded = assembly.take(state.planner.volumeRequest(id), purpose) else { continue }
        if let volume = decoded.volumes.first { volumes.append(volume) }
      }
      collections.append(
        CollectionVolumes(slug: collection.slug, volumes: volumes.volumes, isbnMatches: volumes.isbnMatches))
      progress?.report(.collectionFetched(slug: collection.slug, volumes: volumes.volumes.count))
    }
    if state.staleOffline > 0 {
      assembly.warn(
        "offline: \(entries(state.staleOffline)) older than cache.max_age; run without --offline to refresh")
    }
    if state.staleKept > 0 {
      let count = state.staleKept
      assembly.warn(
        "\(entries(count)) older than cache.max_age and \(count == 1 ? "was" : "were") used as "
          + "\(count == 1 ? "it is" : "they are"); 'bookgen build' or 'bookgen fetch' refreshes "
          + (count == 1 ? "it" : "them"))
    }
    if !assembly.pending.isEmpty {
      assembly.warn(
        "the request budget of \(client.budget.limit ?? 0) is spent with "
          + assembly.pendingBooks(planner: state.planner) + "; this run builds with what is cached and the "
          + "next one fetches more (or raise --max-requests / google_books.max_requests)")
    }
    if state.staleBudget > 0 {
      assembly.warn(
        "the request budget of \(client.budget.limit ?? 0) is spent: \(entries(state.staleBudget)) served from "
          + "expired cache entries; the stalest are refreshed first on the next run")
    }
    if state.staleUnreachable > 0, let down = client.network.down {
      assembly.warn(
        "cannot reach \(client.baseURL) (\(down)): \(entries(state.staleUnreachable)) older than "
          + "cache.max_age and used as they are; no further requests were sent")
    }
    var statistics = state.statistics
    statistics.volumes = collections.reduce(0) { $0 + $1.volumes.count }
    if !assembly.failures.isEmpty { throw .requestsFailed(assembly.failures) }
    if let reason = assembly.missing.first?.reason {
      throw .missingEntries(assembly.missing.map(\.entry), reason: reason)
    }
    if !assembly.unwritten.isEmpty { throw .unwrittenEntries(assembly.unwritten) }
    progress?.report(.finished(statistics, warnings: assembly.warnings.count))
    var result = FetchResult(collections: collections, warnings: assembly.warnings, statistics: statistics)
    result.pending = assembly.pending.map(\.entry)
    return result
  }

  private func entries(_ count: Int) -> String {
    count == 1 ? "1 cache entry is" : "\(count) cache entries are"
  }
}

/// The volumes of one collection, each id once.
private struct CollectionBuilder {
  let details: Bool
  var volumes: [Volume] = []
  var seen: Set<String> = []
  var isbnMatches: [String: String] = [:]

  init(details: Bool) {
    self.details = details
  }

  mutating func append(_ volume: Volume) {
    if seen.insert(volume.id).inserted { volumes.append(volume) }
  }
}

/// Collects warnings and errors in catalog order; each request's notes are emitted once.
private struct Assembly {
  let state: FetchState
  let client: GoogleBooksClient
  var warnings: [Diagnostic] = []
  var failures: [RequestFailure] = []
  var missing: [(entry: MissingEntry, reason: FetchError.MissingReason)] = []
  var unwritten: [UnwrittenEntry] = []
  /// Missing entries the budget did not reach: left for a later run, not an error.
  var pending: [(entry: MissingEntry, purpose: Purpose)] = []
  var visited: Set<APIRequest> = []
  var failed: Set<APIRequest> = []

  init(state: FetchState, client: GoogleBooksClient) {
    self.state = state
    self.client = client
  }

  /// The request's volumes, recording its notes, failure or absence the first time it is met.
  mutating func take(_ request: APIRequest, _ purpose: Purpose) -> DecodedResponse? {
    let first = visited.insert(request).inserted
    let subject = state.planner.subject(purpose)
    if first {
      for note in state.notes[request] ?? [] { warn("\(subject): \(note)") }
      if let problem = state.unwritten[request] {
        unwritten.append(UnwrittenEntry(subject: subject, problem: scrubbed(problem)))
      }
    }
    switch state.answers[request] {
    case .volumes(let decoded):
      if first {
        for skipped in decoded.skipped { warn("\(subject): skipped a malformed volume: \(skipped)") }
        for note in decoded.notes { warn("\(subject): \(note)") }
        if decoded.ignoredItems > 0, let asked = request.maxItems {
          warn(
            "\(subject): the answer holds \(asked + decoded.ignoredItems) items for maxResults=\(asked); "
              + "only the first \(asked) are used")
        }
      }
      return decoded
    case .failed(var failure):
      failure.subject = subject
      if case .details = purpose {
        if first { warn("\(subject): \(failure.reason); keeping the search record") }
      } else if failed.insert(request).inserted {
        failures.append(scrubbed(failure))
      }
      return nil
    case .missing(let reason, let problem):
      guard first else { return nil }
      let entry = MissingEntry(subject: subject, request: request.canonical, problem: problem.map(scrubbed))
      if case .budgetSpent = reason {
        pending.append((entry, purpose))
      } else {
        missing.append((entry, reason))
      }
      return nil
    case nil:
      return nil
    }
  }

  /// `3 books still to fetch (3 requests)`; a page of search results counts as up to its size,
  /// a full record as its book.
  func pendingBooks(planner: RequestPlanner) -> String {
    var books = 0
    var searched = false
    for (_, purpose) in pending {
      switch purpose {
      case .page(let c, let q, let start):
        books += min(RequestPlanner.pageSize, planner.catalog.collections[c].queries[q].maxResults - start)
        searched = true
      case .isbn, .volume, .details:
        books += 1
      }
    }
    let requests = pending.count == 1 ? "1 request" : "\(pending.count) requests"
    return (searched ? "up to " : "") + (books == 1 ? "1 book" : "\(books) books")
      + " still to fetch (\(requests))"
  }

  /// The full record for `volume` when the collection asked for details and it was fetched.
  mutating func detailed(_ volume: Volume, wanted: Bool) -> Volume {
    guard wanted else { return volume }
    let request = state.planner.volumeRequest(volume.id)
    return take(request, .details(id: volume.id))?.volumes.first ?? volume
  }

  mutating func warn(_ message: String) {
    warnings.append(.warning(scrubbed(message)))
  }

  /// Belt and braces: the key never reaches a message even if a server echoes it.
  private func scrubbed(_ text: String) -> String { client.scrubbed(text) }

  private func scrubbed(_ failure: RequestFailure) -> RequestFailure {
    var failure = failure
    failure.subject = scrubbed(failure.subject)
    failure.url = scrubbed(failure.url)
    failure.hint = failure.hint.map(scrubbed)
    if case .http(let status, var error?) = failure.reason {
      error.message = error.message.map(scrubbed)
      error.detailMessages = error.detailMessages.map(scrubbed)
      failure.reason = .http(status: status, error: error)
    }
    if case .transport(.redirectedElsewhere(let host)) = failure.reason {
      failure.reason = .transport(.redirectedElsewhere(host: scrubbed(host)))
    }
    return failure
  }
}
