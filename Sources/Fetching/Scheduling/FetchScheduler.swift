import Foundation
import Support

/// Fetches a source's requests through the on-disk cache: fresh entries are used, stale ones
/// refreshed (and kept as the fallback), missing ones fetched, within the request budget and
/// the rate cap, offline not at all; each answer's follow-ups are planned as it arrives.
///
/// Cache lookups and requests run as child tasks, at most `jobs` at a time; the loop in `run`
/// alone owns the bookkeeping, and callers read the result in catalog order afterwards, so
/// nothing in the output depends on timing.
package struct FetchScheduler<Source: FetchSource>: Sendable {
  let source: Source
  let limits: FetchLimits
  let options: FetchOptions
  let cache: ResponseCache
  let transport: any HTTPTransport
  let progress: (any FetchProgress)?
  /// What tells the run that the source's quota is spent; shared with the other runs of the
  /// same command that ask the same source (a fresh one: this run's alone).
  package var quota = SpentQuota()

  package init(
    source: Source, limits: FetchLimits, options: FetchOptions, cache: ResponseCache,
    transport: any HTTPTransport, progress: (any FetchProgress)?
  ) {
    self.source = source
    self.limits = limits
    self.options = options
    self.cache = cache
    self.transport = transport
    self.progress = progress
  }

  /// Resolves `initial` and everything it leads to; throws only when not even one request fits
  /// the descriptors the process may open.
  package func run(_ initial: [(Source.Request, Source.Purpose)]) async throws(FetchError) -> FetchRun<Source>
  {
    let budget = RequestBudget(limit: limits.maxRequests)
    let client = SourceClient(
      source: source, transport: transport, timeout: limits.timeout,
      policy: RetryPolicy(
        retries: limits.retries, baseDelay: options.retryBaseDelay, maxDelay: options.maxRetryDelay),
      options: options, budget: budget, network: NetworkStatus(), quota: quota, progress: progress)
    // A fetch that may write marks the folder as bookgen's; if it cannot even create it, each
    // store reports that (as a warning naming the entry), so nothing is lost by going on.
    if !options.offline { try? cache.claimFolder() }
    var state = FetchState(source: source)
    let jobs = try affordableJobs(&state)
    for (request, purpose) in initial { state.add(request, purpose) }
    await schedule(&state, jobs: jobs, client: client, cache: cache, budget: budget)
    return FetchRun(state: state, budgetLimit: budget.limit, networkDown: client.network.down)
  }

  /// Descriptors one job may hold at once: its connection and the cache entry it reads or writes.
  static var descriptorsPerJob: Int { 2 }
  /// Descriptors kept free for URLSession, libcurl and libdispatch, which open their own as
  /// connections and threads come and go (libdispatch traps when it gets none).
  static var descriptorReserve: Int { 24 }

  /// `options.jobs`, or fewer (with a warning) when that many would run out of descriptors;
  /// too few for even one job is an error, never a run that quietly loses entries.
  private func affordableJobs(_ state: inout FetchState<Source>) throws(FetchError) -> Int {
    let available = options.availableDescriptors?() ?? FileDescriptors.available()
    let jobs = FileDescriptors.concurrency(
      requested: options.jobs, available: available, perTask: Self.descriptorsPerJob,
      reserve: Self.descriptorReserve)
    guard let available, jobs < options.jobs else { return options.jobs }
    let needed = Self.descriptorReserve + Self.descriptorsPerJob
    guard jobs > 0 else { throw .tooFewDescriptors(available: available, needed: needed) }
    state.warnings.append(
      "only \(available) more files may be open at once (ulimit -n): fetching \(jobs) at a time "
        + "instead of \(options.jobs)")
    return jobs
  }

  private func schedule(
    _ state: inout FetchState<Source>, jobs: Int, client: SourceClient<Source>, cache: ResponseCache,
    budget: RequestBudget
  ) async {
    let interval = limits.requestsPerSecond.map { $0 > 0 ? 1 / $0 : 0 } ?? 0
    var nextStart = options.now()
    await withTaskGroup(of: ChildResult<Source>.self) { group in
      var running = 0
      var lookups = 0
      while true {
        while running < jobs, let request = state.nextLookup() {
          group.addTask { lookup(request, cache: cache) }
          running += 1
          lookups += 1
        }
        // Requests wait for all pending lookups, so a budget goes to the stalest entries.
        while lookups == 0, running < jobs,
          let (request, fetchedAt) = state.nextNetwork(
            stalestFirst: budget.limit != nil, ordered: !options.offline)
        {
          if options.offline {
            state.serveWithoutNetwork(request, because: .offline)
          } else if fetchedAt != nil, !options.refreshesExpired {
            state.keepExpired(request)
          } else if let down = client.network.down {
            state.serveWithoutNetwork(request, because: state.unreachable(down))
          } else if let spent = client.quota.reason {
            // Not sent: it would meet the same answer. It fails as if it had.
            state.handle(.fetched(request, .failure(spent, attempts: 0, retries: 0), storeProblem: nil))
          } else if !budget.take() {
            state.serveWithoutNetwork(
              request,
              because: .budgetSpent(limit: budget.limit ?? 0, setting: source.settingNames.maxRequests))
          } else {
            let now = options.now()
            let start = max(now, nextStart)
            nextStart = start.addingTimeInterval(interval)
            let wait = start.timeIntervalSince(now)
            group.addTask {
              if wait > 0 { await options.sleep(wait) }
              return await fetch(request, client: client, cache: cache)
            }
            running += 1
          }
        }
        if running == 0 {
          if state.hasLookups || !state.networkQueue.isEmpty { continue }
          break
        }
        guard let result = await group.next() else { break }
        running -= 1
        if case .fetched = result {} else { lookups -= 1 }
        if case .fetched(let request, let outcome, _) = result { reportFinished(request, outcome) }
        state.handle(result)
        progress?.report(.update(state.statistics))
      }
    }
  }

  private func reportFinished(_ request: Source.Request, _ outcome: SourceClient<Source>.Outcome) {
    let url = source.displayURL(for: request)
    switch outcome {
    case .success(_, _, let status, let attempts, _):
      progress?.report(.requestFinished(url: url, result: "HTTP \(status)", attempts: attempts))
    case .failure(let reason, let attempts, _), .notFound(let reason, _, _, let attempts, _):
      progress?.report(.requestFinished(url: url, result: source.scrubbed("\(reason)"), attempts: attempts))
    }
  }

  /// Reads the cache entry: fresh → done; stale → decoded as the fallback; corrupt → refetch
  /// (offline: missing, with the problem).
  private func lookup(_ request: Source.Request, cache: ResponseCache) -> ChildResult<Source> {
    // Taken before reading: a file changed meanwhile is read again next time.
    let path = options.answers == nil ? "" : cache.path(for: request)
    let stamp = options.answers == nil ? nil : FileStamp.of(path)
    if let stamp, let kept = keptAnswer(at: path, stamp: stamp, for: request) { return kept }
    let entry: CacheEntry?
    do {
      entry = try cache.load(request)
    } catch {
      return .needsNetwork(request, stale: nil, problem: "\(error)")
    }
    guard let entry else { return .needsNetwork(request, stale: nil, problem: nil) }
    guard (200..<300).contains(entry.status) else {
      // The API's answer that the thing is not there, stored as it came; any other error
      // response is no answer.
      guard
        case .failure(let reason) = source.interpret(
          TransportResponse(status: entry.status, body: Array(entry.body)), for: request),
        source.isNotFound(reason, for: request)
      else { return .needsNetwork(request, stale: nil, problem: nil) }
      return kept(request, .notFound(reason), entry, path: path, stamp: stamp)
    }
    guard let decoded = source.decodeCached(entry.body, for: request) else {
      return .needsNetwork(
        request, stale: nil, problem: "cache entry \(cache.path(for: request)) does not decode")
    }
    return kept(request, .decoded(decoded), entry, path: path, stamp: stamp)
  }

  /// What `options.answers` holds for the entry at `path` while its file is as `stamp` says,
  /// judged as a lookup judges a read entry.
  private func keptAnswer(at path: String, stamp: FileStamp, for request: Source.Request) -> ChildResult<
    Source
  >? {
    guard let kept = options.answers?.answer(at: path, stamp: stamp),
      let answer = kept.value as? CachedAnswer<Source.Decoded>
    else { return nil }
    return judged(request, answer, pinned: kept.pinned, fetchedAt: kept.fetchedAt)
  }

  /// Whether `answer`, remembered from `request`'s entry while the entry's file is still the one
  /// it was read from, is what `run` would take from the cache: fresh, not to be fetched again.
  /// A caller that keeps its answers between runs (the covers' memo) asks this first and runs
  /// only the rest, so an entry it knows costs no task and no read.
  package func isFresh(_ answer: CachedAnswers.Remembered<Source.Decoded>, for request: Source.Request)
    -> Bool
  where Source.Decoded: Equatable {
    isFresh(.decoded(answer.value), for: request, pinned: answer.pinned, fetchedAt: answer.fetchedAt)
  }

  /// `judged`, after keeping the answer in `options.answers` for the next run.
  private func kept(
    _ request: Source.Request, _ answer: CachedAnswer<Source.Decoded>, _ entry: CacheEntry, path: String,
    stamp: FileStamp?
  ) -> ChildResult<Source> {
    if let stamp {
      options.answers?.store(
        .init(stamp: stamp, value: answer, pinned: entry.pinned, fetchedAt: entry.fetchedAt), at: path)
    }
    return judged(request, answer, pinned: entry.pinned, fetchedAt: entry.fetchedAt)
  }

  /// A cached answer: fresh, or stale (kept as the fallback). An answer that finds nothing is
  /// fresh for `notFoundMaxAge`, any other for `maxAge`.
  private func judged(
    _ request: Source.Request, _ answer: CachedAnswer<Source.Decoded>, pinned: Bool, fetchedAt: Date
  ) -> ChildResult<Source> {
    if isFresh(answer, for: request, pinned: pinned, fetchedAt: fetchedAt) { return .fresh(request, answer) }
    return .needsNetwork(request, stale: StaleEntry(answer: answer, fetchedAt: fetchedAt), problem: nil)
  }

  private func isFresh(
    _ answer: CachedAnswer<Source.Decoded>, for request: Source.Request, pinned: Bool, fetchedAt: Date
  ) -> Bool {
    let maxAge: Double
    switch answer {
    case .notFound: maxAge = limits.notFoundMaxAge
    case .decoded(let decoded):
      maxAge = source.isEmptyAnswer(decoded, for: request) ? limits.notFoundMaxAge : limits.maxAge
    }
    return !options.refresh && (pinned || options.now().timeIntervalSince(fetchedAt) < maxAge)
  }

  /// Sends the request and stores its answer: a good one, or one that the thing is not there;
  /// any other error response is never cached.
  private func fetch(_ request: Source.Request, client: SourceClient<Source>, cache: ResponseCache) async
    -> ChildResult<Source>
  {
    let outcome = await client.fetch(request)
    let (body, status, notFound): ([UInt8], Int, Bool)
    switch outcome {
    case .success(_, let answer, let code, _, _): (body, status, notFound) = (answer, code, false)
    case .notFound(_, let answer, let code, _, _): (body, status, notFound) = (answer, code, true)
    case .failure: return .fetched(request, outcome, storeProblem: nil)
    }
    do {
      try cache.store(
        request, body: body, status: status, fetchedAt: options.now(), pinned: options.pinEntries,
        answersNotFound: notFound)
      return .fetched(request, outcome, storeProblem: nil)
    } catch {
      return .fetched(request, outcome, storeProblem: "\(error)")
    }
  }
}
