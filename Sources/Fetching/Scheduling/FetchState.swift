import Foundation
import Support

/// How a request was resolved.
enum Resolution<Decoded: Sendable>: Sendable {
  case answered(Decoded)
  case failed(RequestFailure)
  /// Not in the cache, or unusable there (`problem` says why), while the network may not be used.
  case missing(FetchError.MissingReason, problem: String?)
}

/// What a cache entry holds: a good answer, decoded, or the API's word that the thing asked for
/// is not there.
enum CachedAnswer<Decoded: Sendable>: Sendable {
  case decoded(Decoded)
  case notFound(RequestFailure.Reason)
}

/// A cache entry past its maximum age, kept as the fallback while a fresher one is fetched.
struct StaleEntry<Decoded: Sendable>: Sendable {
  var answer: CachedAnswer<Decoded>
  var fetchedAt: Date
}

/// What a child task reports back to the scheduler.
enum ChildResult<Source: FetchSource>: Sendable {
  case fresh(Source.Request, CachedAnswer<Source.Decoded>)
  case needsNetwork(Source.Request, stale: StaleEntry<Source.Decoded>?, problem: String?)
  case fetched(Source.Request, SourceClient<Source>.Outcome, storeProblem: String?)
}

/// The scheduler's bookkeeping; owned by `FetchScheduler.run`'s loop alone, so it needs no lock.
struct FetchState<Source: FetchSource>: Sendable {
  typealias Request = Source.Request
  typealias Purpose = Source.Purpose

  let source: Source
  var purposes: [Request: [Purpose]] = [:]
  var resolutions: [Request: Resolution<Source.Decoded>] = [:]
  /// Messages to show with the request's subject, emitted in catalog order at assembly.
  var notes: [Request: [String]] = [:]
  var stale: [Request: StaleEntry<Source.Decoded>] = [:]
  /// Why a request's cache entry could not be used (corrupt, unreadable), until it is answered.
  var problems: [Request: String] = [:]
  /// Why a fetched response could not be stored: the run fails listing them.
  var unwritten: [Request: String] = [:]
  /// Warnings about the run as a whole, shown before the requests' own.
  var warnings: [String] = []
  var lookupQueue: [Request] = []
  var lookupHead = 0
  /// Requests waiting for the network, with their stale entry's fetch time (nil = none cached)
  /// and their place in the catalog, so the budget's choice does not depend on timing.
  var networkQueue: [(request: Request, fetchedAt: Date?, order: Purpose.Order?)] = []
  var networkQueueSorted = true
  var statistics = FetchStatistics()
  /// Expired entries served offline, and for want of budget.
  var staleOffline = 0
  var staleBudget = 0
  /// Expired entries used as they are (`refreshesExpired` off).
  var staleKept = 0
  /// Entries served however old because the API could not be reached.
  var staleUnreachable = 0

  init(source: Source) {
    self.source = source
  }

  /// Registers `purpose` for `request`; a new request is queued for a cache lookup, an answered
  /// one gets the follow-ups of the new purpose at once.
  mutating func add(_ request: Request, _ purpose: Purpose) {
    if let existing = purposes[request] {
      guard !existing.contains(purpose) else { return }
      purposes[request]!.append(purpose)
      if case .answered(let decoded) = resolutions[request] { followUps(request, purpose, decoded) }
      return
    }
    purposes[request] = [purpose]
    lookupQueue.append(request)
    statistics.plannedRequests += 1
  }

  mutating func nextLookup() -> Request? {
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
  /// (entries never fetched count as the stalest). Not `ordered` (offline, where each is
  /// answered without the network and the order changes nothing): the last queued, unsorted.
  mutating func nextNetwork(stalestFirst: Bool, ordered: Bool = true) -> (request: Request, fetchedAt: Date?)?
  {
    guard !networkQueue.isEmpty else { return nil }
    if ordered, !networkQueueSorted {
      // Sorted so the next one is last: newest first, missing entries at the end; ties by plan
      // order (a request with no purpose, which cannot happen, last of all).
      networkQueue.sort { a, b in
        if stalestFirst {
          switch (a.fetchedAt, b.fetchedAt) {
          case (nil, nil): break
          case (nil, _): return false
          case (_, nil): return true
          case (let x?, let y?): if x != y { return x > y }
          }
        }
        switch (a.order, b.order) {
        case (let x?, let y?): return x > y
        case (nil, let y): return y != nil
        case (_, nil): return false
        }
      }
      networkQueueSorted = true
    }
    let next = networkQueue.removeLast()
    return (next.request, next.fetchedAt)
  }

  mutating func handle(_ result: ChildResult<Source>) {
    switch result {
    case .fresh(let request, let cached):
      statistics.cacheHits += 1
      take(request, cached)
    case .needsNetwork(let request, let entry, let problem):
      if let problem {
        statistics.corruptEntries += 1
        problems[request] = problem
      }
      stale[request] = entry
      let order = purposes[request]?.map(\.order).min()
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
        if source.isEmptyAnswer(decoded, for: request) { statistics.notFound += 1 }
        answer(request, decoded)
      case .notFound(let reason, _, _, let attempts, let retries):
        statistics.requests += attempts
        statistics.retries += retries
        stale[request] = nil
        notFound(request, reason, cached: false, attempts: attempts)
      case .failure(let reason, let attempts, let retries):
        statistics.requests += attempts
        statistics.retries += retries
        fail(request, reason, attempts: attempts)
      }
    }
  }

  /// Offline or over budget: serve the stale entry, or record the request as missing.
  mutating func serveWithoutNetwork(_ request: Request, because reason: FetchError.MissingReason) {
    guard let entry = stale.removeValue(forKey: request) else {
      resolutions[request] = .missing(reason, problem: problems.removeValue(forKey: request))
      statistics.resolvedRequests += 1
      return
    }
    statistics.staleServed += 1
    switch reason {
    case .offline: staleOffline += 1
    case .budgetSpent: staleBudget += 1
    case .unreachable: staleUnreachable += 1
    }
    take(request, entry.answer)
  }

  /// An expired entry used without asking the network again.
  mutating func keepExpired(_ request: Request) {
    guard let entry = stale.removeValue(forKey: request) else { return }
    statistics.staleServed += 1
    staleKept += 1
    take(request, entry.answer)
  }

  /// A cached answer used: a good one answers, a not-found one resolves as the API's 404 did.
  private mutating func take(_ request: Request, _ cached: CachedAnswer<Source.Decoded>) {
    switch cached {
    case .decoded(let decoded):
      if source.isEmptyAnswer(decoded, for: request) { statistics.notFound += 1 }
      answer(request, decoded)
    case .notFound(let reason): notFound(request, reason, cached: true, attempts: 0)
    }
  }

  /// The API's word that the request's thing is not there: a failure of the request, as it
  /// always was, marked as an answer (`cached` when it came from the cache, so it is not
  /// warned about again).
  private mutating func notFound(
    _ request: Request, _ reason: RequestFailure.Reason, cached: Bool, attempts: Int
  ) {
    statistics.notFound += 1
    let purpose = purposes[request]![0]
    var failure = RequestFailure(
      subject: source.subject(of: purpose), url: source.displayURL(for: request), reason: reason,
      attempts: attempts, hint: source.hint(for: reason, purpose: purpose))
    failure.isNotFound = true
    failure.isCached = cached
    resolutions[request] = .failed(failure)
    statistics.resolvedRequests += 1
  }

  /// Why requests for the network are answered without it when the API cannot be reached.
  func unreachable(_ error: TransportError) -> FetchError.MissingReason {
    .unreachable(api: source.baseURL, setting: source.settingNames.apiURL, error: error)
  }

  private mutating func fail(_ request: Request, _ reason: RequestFailure.Reason, attempts: Int) {
    if case .transport(let error) = reason, NetworkStatus.meansUnreachable(error) {
      return serveWithoutNetwork(request, because: unreachable(error))
    }
    let purpose = purposes[request]![0]
    // A spent quota is met by every request after the first that saw it, sent or not (which
    // depends on timing): no count of attempts says anything there.
    let attempts = source.spendsQuota(reason) ? 0 : attempts
    // Only transient failures fall back on the stale entry (a spent quota is one, though not
    // retried); a configuration error must be seen.
    if source.isRetryable(reason) || reason.isRateLimit, let entry = stale.removeValue(forKey: request) {
      statistics.staleServed += 1
      notes[request, default: []].append(
        "\(reason)\(RequestFailure.afterAttempts(attempts)); using the cached response from "
          + UTCTime.rfc3339(entry.fetchedAt))
      take(request, entry.answer)
      return
    }
    resolutions[request] = .failed(
      RequestFailure(
        subject: source.subject(of: purpose), url: source.displayURL(for: request), reason: reason,
        attempts: attempts, hint: source.hint(for: reason, purpose: purpose)))
    statistics.resolvedRequests += 1
  }

  private mutating func answer(_ request: Request, _ decoded: Source.Decoded) {
    resolutions[request] = .answered(decoded)
    statistics.resolvedRequests += 1
    for purpose in purposes[request] ?? [] { followUps(request, purpose, decoded) }
  }

  private mutating func followUps(_ request: Request, _ purpose: Purpose, _ decoded: Source.Decoded) {
    for (next, nextPurpose) in source.followUps(of: request, for: purpose, answer: decoded) {
      add(next, nextPurpose)
    }
  }
}
