import Catalog
import Diagnostics
import Foundation
import Support

/// The fetch stage: turns a catalog into volumes per collection, through the on-disk cache.
///
/// Cache lookups and requests run as child tasks, at most `jobs` at a time; the loop in `run`
/// alone owns the bookkeeping, and the result is assembled afterwards in catalog order, so
/// nothing in the output depends on timing.
public struct Fetcher: Sendable {
  public let catalog: Catalog
  public let options: FetchOptions
  let transport: any HTTPTransport
  let progress: (any FetchProgress)?

  public init(
    catalog: Catalog, options: FetchOptions, transport: any HTTPTransport = URLSessionTransport(),
    progress: (any FetchProgress)? = nil
  ) {
    self.catalog = catalog
    self.options = options
    self.transport = transport
    self.progress = progress
  }

  /// The cache folder: `--cache-dir`/`options.cacheDirectory` or `cache.dir`, against the catalog's folder.
  public var cacheDirectory: String {
    let dir = options.cacheDirectory ?? catalog.cache.dir
    return dir.hasPrefix("/") ? dir : catalog.directory + "/" + dir
  }

  /// `BOOKGEN_API_URL` or `google_books.api_url`.
  public var apiURL: String {
    let override = options.environment["BOOKGEN_API_URL"] ?? ""
    return APIRequest.trimmedBase(override.isEmpty ? catalog.googleBooks.apiURL : override)
  }

  var apiKey: String? {
    let key = options.environment[catalog.googleBooks.apiKeyEnv] ?? ""
    return key.isEmpty ? nil : key
  }

  public func run() async throws(FetchError) -> FetchResult {
    let settings = catalog.googleBooks
    let budget = RequestBudget(limit: options.maxRequests ?? settings.maxRequests)
    let client = GoogleBooksClient(
      transport: transport, baseURL: apiURL, key: apiKey, timeout: settings.timeout,
      policy: RetryPolicy(
        retries: settings.retries, baseDelay: options.retryBaseDelay, maxDelay: options.maxRetryDelay),
      options: options, budget: budget, network: NetworkStatus(), progress: progress)
    let cache = ResponseCache(directory: cacheDirectory)
    // A fetch that may write marks the folder as bookgen's; if it cannot even create it, each
    // store reports that (as a warning naming the entry), so nothing is lost by going on.
    if !options.offline { try? cache.claimFolder() }
    var state = FetchState(planner: RequestPlanner(catalog: catalog))
    let jobs = try affordableJobs(&state)
    for (request, purpose) in state.planner.initialRequests() { state.add(request, purpose) }
    await schedule(&state, jobs: jobs, client: client, cache: cache, budget: budget)
    return try assemble(state, client: client)
  }

  /// Descriptors one job may hold at once: its connection and the cache entry it reads or writes.
  static let descriptorsPerJob = 2
  /// Descriptors kept free for URLSession, libcurl and libdispatch, which open their own as
  /// connections and threads come and go (libdispatch traps when it gets none).
  static let descriptorReserve = 24

  /// `options.jobs`, or fewer (with a warning) when that many would run out of descriptors;
  /// too few for even one job is an error, never a run that quietly loses entries.
  private func affordableJobs(_ state: inout FetchState) throws(FetchError) -> Int {
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
    _ state: inout FetchState, jobs: Int, client: GoogleBooksClient, cache: ResponseCache,
    budget: RequestBudget
  )
    async
  {
    let interval =
      (options.requestsPerSecond ?? catalog.googleBooks.requestsPerSecond).map { $0 > 0 ? 1 / $0 : 0 } ?? 0
    var nextStart = options.now()
    await withTaskGroup(of: ChildResult.self) { group in
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
          let (request, fetchedAt) = state.nextNetwork(stalestFirst: budget.limit != nil)
        {
          if options.offline {
            state.serveWithoutNetwork(request, because: .offline)
          } else if fetchedAt != nil, !options.refreshesExpired {
            state.keepExpired(request)
          } else if let down = client.network.down {
            state.serveWithoutNetwork(request, because: .unreachable(api: client.baseURL, error: down))
          } else if !budget.take() {
            state.serveWithoutNetwork(request, because: .budgetSpent(limit: budget.limit ?? 0))
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
        if case .fetched(let request, let outcome, _) = result {
          reportFinished(request, outcome, client: client)
        }
        state.handle(result, client: client)
        progress?.report(.update(state.statistics))
      }
    }
  }

  private func reportFinished(
    _ request: APIRequest, _ outcome: GoogleBooksClient.Outcome, client: GoogleBooksClient
  ) {
    switch outcome {
    case .success(_, _, let status, let attempts, _):
      progress?.report(
        .requestFinished(url: client.displayURL(request), result: "HTTP \(status)", attempts: attempts))
    case .failure(let reason, let attempts, _):
      progress?.report(
        .requestFinished(
          url: client.displayURL(request), result: client.scrubbed("\(reason)"), attempts: attempts))
    }
  }

  /// Reads the cache entry: fresh → done; stale → decoded as the fallback; corrupt → refetch
  /// (offline: missing, with the problem).
  private func lookup(_ request: APIRequest, cache: ResponseCache) -> ChildResult {
    let entry: CacheEntry?
    do {
      entry = try cache.load(request)
    } catch {
      return .needsNetwork(request, stale: nil, problem: "\(error)")
    }
    guard let entry, (200..<300).contains(entry.status) else {
      return .needsNetwork(request, stale: nil, problem: nil)
    }
    guard let decoded = try? VolumeDecoder.decode(entry.body, maxItems: request.maxItems) else {
      return .needsNetwork(
        request, stale: nil,
        problem: "cache entry \(cache.path(for: request)) does not decode")
    }
    if !options.refresh && (entry.pinned || entry.age(at: options.now()) < catalog.cache.maxAge) {
      return .fresh(request, decoded)
    }
    return .needsNetwork(
      request, stale: StaleEntry(decoded: decoded, fetchedAt: entry.fetchedAt), problem: nil)
  }

  /// Sends the request and stores a good answer; an error response is never cached.
  private func fetch(_ request: APIRequest, client: GoogleBooksClient, cache: ResponseCache) async
    -> ChildResult
  {
    let outcome = await client.fetch(request)
    guard case .success(_, let body, let status, _, _) = outcome else {
      return .fetched(request, outcome, storeProblem: nil)
    }
    do {
      try cache.store(
        request, body: body, status: status, fetchedAt: options.now(), pinned: options.pinEntries)
      return .fetched(request, outcome, storeProblem: nil)
    } catch {
      return .fetched(request, outcome, storeProblem: "\(error)")
    }
  }
}
