import Foundation
import Support

/// How a request was answered.
enum Answer: Sendable {
  case volumes(DecodedResponse)
  case failed(RequestFailure)
  /// Not in the cache, or unusable there (`problem` says why), while the network may not be used.
  case missing(FetchError.MissingReason, problem: String?)
}

/// A cache entry past `max_age`, decoded, kept as the fallback while a fresher one is fetched.
struct StaleEntry: Sendable {
  var decoded: DecodedResponse
  var fetchedAt: Date
}

/// What a child task reports back to the scheduler.
enum ChildResult: Sendable {
  case fresh(APIRequest, DecodedResponse)
  case needsNetwork(APIRequest, stale: StaleEntry?, problem: String?)
  case fetched(APIRequest, GoogleBooksClient.Outcome, storeProblem: String?)
}

/// The scheduler's bookkeeping; owned by `Fetcher.run`'s loop alone, so it needs no lock.
struct FetchState {
  let planner: RequestPlanner
  var purposes: [APIRequest: [Purpose]] = [:]
  var answers: [APIRequest: Answer] = [:]
  /// Messages to show with the request's subject, emitted in catalog order at assembly.
  var notes: [APIRequest: [String]] = [:]
  var stale: [APIRequest: StaleEntry] = [:]
  /// Why a request's cache entry could not be used (corrupt, unreadable), until it is answered.
  var problems: [APIRequest: String] = [:]
  /// Why a fetched response could not be stored: the run fails listing them.
  var unwritten: [APIRequest: String] = [:]
  /// Warnings about the run as a whole, shown before the requests' own.
  var warnings: [String] = []
  var lookupQueue: [APIRequest] = []
  var lookupHead = 0
  /// Requests waiting for the network, with their stale entry's fetch time (nil = none cached)
  /// and their place in the catalog, so the budget's choice does not depend on timing.
  var networkQueue: [(request: APIRequest, fetchedAt: Date?, order: Purpose.Order)] = []
  var networkQueueSorted = true
  var statistics = FetchStatistics()
  var staleOffline = 0
  var staleBudget = 0
  /// Expired entries used as they are (`refreshesExpired` off).
  var staleKept = 0
  /// Entries served however old because the API could not be reached.
  var staleUnreachable = 0
  private var order = 0

  init(planner: RequestPlanner) {
    self.planner = planner
  }

  /// Registers `purpose` for `request`; a new request is queued for a cache lookup, an answered
  /// one gets the follow-ups of the new purpose at once.
  mutating func add(_ request: APIRequest, _ purpose: Purpose) {
    if let existing = purposes[request] {
      guard !existing.contains(purpose) else { return }
      purposes[request]!.append(purpose)
      if case .volumes(let decoded) = answers[request] { followUps(request, purpose, decoded) }
      return
    }
    purposes[request] = [purpose]
    lookupQueue.append(request)
    statistics.plannedRequests += 1
  }

  mutating func nextLookup() -> APIRequest? {
    guard lookupHead < lookupQueue.count else { return nil }
    defer {
      lookupHead += 1
      if lookupHead == lookupQueue.count {
        lookupQueue.removeAll(keepingCapacity: true)
        lookupHead = 0
      }
    }
    return lookupQueue[lookupHead]
  }

  var hasLookups: Bool { lookupHead < lookupQueue.count }

  /// The next request for the network: plan order, or stalest first when a budget applies
  /// (entries never fetched count as the stalest).
  mutating func nextNetwork(stalestFirst: Bool) -> (request: APIRequest, fetchedAt: Date?)? {
    guard !networkQueue.isEmpty else { return nil }
    if !networkQueueSorted {
      // Sorted so the next one is last: newest first, missing entries at the end; ties by plan order.
      networkQueue.sort { a, b in
        if stalestFirst {
          switch (a.fetchedAt, b.fetchedAt) {
          case (nil, nil): break
          case (nil, _): return false
          case (_, nil): return true
          case (let x?, let y?): if x != y { return x > y }
          }
        }
        return a.order > b.order
      }
      networkQueueSorted = true
    }
    let next = networkQueue.removeLast()
    return (next.request, next.fetchedAt)
  }

  mutating func handle(_ result: ChildResult, client: GoogleBooksClient) {
    switch result {
    case .fresh(let request, let decoded):
      statistics.cacheHits += 1
      answer(request, decoded)
    case .needsNetwork(let request, let entry, let problem):
      if let problem {
        statistics.corruptEntries += 1
        problems[request] = problem
      }
      stale[request] = entry
      let order = purposes[request]?.map(\.order).min(by: <) ?? Purpose.last
      networkQueue.append((request, entry?.fetchedAt, order))
      networkQueueSorted = false
    case .fetched(let request, let outcome, let storeProblem):
      if let problem = problems.removeValue(forKey: request) {
        notes[request, default: []].append("\(problem); fetching it again")
      }
      if let storeProblem { unwritten[request] = storeProblem }
      switch outcome {
      case .success(let decoded, _, _, let attempts, let retries):
        statistics.requests += attempts
        statistics.retries += retries
        stale[request] = nil
        answer(request, decoded)
      case .failure(let reason, let attempts, let retries):
        statistics.requests += attempts
        statistics.retries += retries
        fail(request, reason, attempts: attempts, client: client)
      }
    }
  }

  /// Offline or over budget: serve the stale entry, or record the request as missing.
  mutating func serveWithoutNetwork(_ request: APIRequest, because reason: FetchError.MissingReason) {
    guard let entry = stale.removeValue(forKey: request) else {
      answers[request] = .missing(reason, problem: problems.removeValue(forKey: request))
      statistics.resolvedRequests += 1
      return
    }
    statistics.staleServed += 1
    switch reason {
    case .offline: staleOffline += 1
    case .budgetSpent: staleBudget += 1
    case .unreachable: staleUnreachable += 1
    }
    answer(request, entry.decoded)
  }

  /// An expired entry used without asking the network again.
  mutating func keepExpired(_ request: APIRequest) {
    guard let entry = stale.removeValue(forKey: request) else { return }
    statistics.staleServed += 1
    staleKept += 1
    answer(request, entry.decoded)
  }

  private mutating func fail(
    _ request: APIRequest, _ reason: RequestFailure.Reason, attempts: Int, client: GoogleBooksClient
  ) {
    if case .transport(let error) = reason, NetworkStatus.meansUnreachable(error) {
      return serveWithoutNetwork(request, because: .unreachable(api: client.baseURL, error: error))
    }
    let purpose = purposes[request]![0]
    let tries = attempts == 1 ? "1 attempt" : "\(attempts) attempts"
    // Only transient failures fall back on the stale entry; a configuration error must be seen.
    if GoogleBooksClient.isRetryable(reason), let entry = stale.removeValue(forKey: request) {
      statistics.staleServed += 1
      notes[request, default: []].append(
        "\(reason) after \(tries); using the cached response from \(UTCTime.rfc3339(entry.fetchedAt))")
      answer(request, entry.decoded)
      return
    }
    let hint = GoogleBooksClient.hint(
      for: reason, purpose: purpose, keyVariable: planner.settings.apiKeyEnv, hasKey: client.key != nil)
    answers[request] = .failed(
      RequestFailure(
        subject: planner.subject(purpose), url: client.displayURL(request), reason: reason,
        attempts: attempts,
        hint: hint))
    statistics.resolvedRequests += 1
  }

  private mutating func answer(_ request: APIRequest, _ decoded: DecodedResponse) {
    answers[request] = .volumes(decoded)
    statistics.resolvedRequests += 1
    for purpose in purposes[request] ?? [] { followUps(request, purpose, decoded) }
  }

  /// Next pages of a query, and full records when the collection wants them.
  private mutating func followUps(_ request: APIRequest, _ purpose: Purpose, _ decoded: DecodedResponse) {
    switch purpose {
    case .page(let c, let q, let start):
      let hasItems = !decoded.volumes.isEmpty || !decoded.skipped.isEmpty
      let count = Int(request.value(of: "maxResults") ?? "") ?? RequestPlanner.pageSize
      let wanted = planner.catalog.collections[c].queries[q].maxResults
      if hasItems && start + count < wanted {
        let next = start + count
        add(
          planner.searchRequest(collection: c, query: q, start: next),
          .page(collection: c, query: q, start: next))
      }
      if planner.wantsDetails(c) {
        for volume in decoded.volumes { add(planner.volumeRequest(volume.id), .details(id: volume.id)) }
      }
    case .isbn(let c, let i):
      if planner.wantsDetails(c),
        let chosen = RequestPlanner.choose(decoded.volumes, for: planner.catalog.collections[c].isbns[i])
      {
        add(planner.volumeRequest(chosen.volume.id), .details(id: chosen.volume.id))
      }
    case .volume, .details:
      break
    }
  }
}
