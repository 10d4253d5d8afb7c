import Foundation

/// How one fetch run behaves: command-line switches, and everything from the outside world,
/// injected (the cache folder, environment variables, clock, sleep, randomness).
package struct FetchOptions: Sendable {
  /// Never touch the network; serve whatever the cache holds and fail listing what it lacks.
  package var offline: Bool
  /// Ignore `cache.max_age`: every entry is refetched (stale entries stay as fallback).
  package var refresh: Bool
  /// False: an entry older than `cache.max_age` is used as it is, without a request (`serve`,
  /// where editing must cost no quota); missing entries are still fetched.
  package var refreshesExpired: Bool
  /// Most requests in flight at once (`--jobs`).
  package var jobs: Int
  /// Request budget (`--max-requests`); overrides the source's (`google_books.max_requests`).
  package var maxRequests: Int?
  /// Overrides the source's rate cap (`google_books.requests_per_second`).
  package var requestsPerSecond: Double?
  /// The cache folder, resolved once by the caller (`Catalog.cacheDirectory`: `cache.dir`
  /// against the catalog's folder).
  package var cacheDirectory: String
  /// The environment variables a source reads its API key from (`google_books.api_key_env`).
  package var environment: [String: String]
  package var now: @Sendable () -> Date
  /// Waits between retries and for the rate cap; tests pass one that returns at once.
  package var sleep: @Sendable (Double) async -> Void
  /// Uniform in 0..<1, for backoff jitter.
  package var random: @Sendable () -> Double
  /// First retry waits about this long (seconds); each further retry doubles it.
  var retryBaseDelay: Double
  /// Longest wait between attempts, also the cap on `Retry-After`.
  var maxRetryDelay: Double
  /// Store what this run fetches as pinned entries, which never expire: only for recording
  /// fixtures such as the example site's cache (`make example-cache`).
  package var pinEntries = false
  /// How many more files and sockets the process may open; nil asks the system (`ulimit -n`
  /// less those open). The fetch runs fewer jobs at once when `jobs` would not fit.
  package var availableDescriptors: (@Sendable () -> Int?)?
  /// The entries earlier runs read and decoded (`bookgen serve`'s, between rebuilds): an
  /// unchanged file is not read again. Nil: every entry is read.
  package var answers: CachedAnswers?

  package init(
    cacheDirectory: String, offline: Bool = false, refresh: Bool = false, refreshesExpired: Bool = true,
    jobs: Int = 4, maxRequests: Int? = nil, requestsPerSecond: Double? = nil,
    environment: [String: String] = [:],
    now: @escaping @Sendable () -> Date = { Date() },
    sleep: @escaping @Sendable (Double) async -> Void = FetchOptions.taskSleep,
    random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
    retryBaseDelay: Double = 1, maxRetryDelay: Double = 60,
    availableDescriptors: (@Sendable () -> Int?)? = nil
  ) {
    self.offline = offline
    self.refresh = refresh
    self.refreshesExpired = refreshesExpired
    self.jobs = max(1, jobs)
    self.maxRequests = maxRequests
    self.requestsPerSecond = requestsPerSecond
    self.cacheDirectory = cacheDirectory
    self.environment = environment
    self.now = now
    self.sleep = sleep
    self.random = random
    self.retryBaseDelay = retryBaseDelay
    self.maxRetryDelay = maxRetryDelay
    self.availableDescriptors = availableDescriptors
  }

  /// `Task.sleep`; returns early when the task is cancelled.
  package static let taskSleep: @Sendable (Double) async -> Void = { seconds in
    guard seconds > 0 else { return }
    try? await Task.sleep(nanoseconds: nanoseconds(seconds))
  }

  /// `seconds` for `Task.sleep(nanoseconds:)`: the catalog's ranges keep waits short, and a
  /// longer one (or infinity) waits the longest a UInt64 counts instead of trapping.
  static func nanoseconds(_ seconds: Double) -> UInt64 {
    let nanoseconds = max(0, seconds) * 1e9
    return nanoseconds < 1.8e19 ? UInt64(nanoseconds) : UInt64.max
  }
}
