import Fetching
import Foundation

/// The fetch stage's progress on the command line (stderr, injected), then the summary: `live`
/// (a terminal), one line rewritten in place (`\r`); otherwise one line per collection, for CI
/// logs, where `\r` makes a mess.
final class FetchReporter: FetchProgress, @unchecked Sendable {
  private let write: @Sendable (String) -> Void
  private let live: Bool
  private let minimumInterval: Duration
  private let lock = NSLock()
  private var lastLength = 0
  private var lastDrawn: ContinuousClock.Instant?

  /// Redraws at most every `minimumInterval` seconds: a warm build answers thousands of lookups.
  init(write: @escaping @Sendable (String) -> Void, live: Bool, minimumInterval: Double = 0.1) {
    self.write = write
    self.live = live
    self.minimumInterval = .milliseconds(Int(minimumInterval * 1000))
  }

  func report(_ event: FetchEvent) {
    lock.lock()
    defer { lock.unlock() }
    switch event {
    case .update(let statistics) where live:
      let now = ContinuousClock.now
      if let lastDrawn, now - lastDrawn < minimumInterval { return }
      lastDrawn = now
      let done = statistics.requests - statistics.retries
      let line =
        "fetch: \(done)/\(statistics.plannedRequests - statistics.cacheHits) requests, "
        + "\(statistics.cacheHits) cache hits, \(statistics.retries) retries"
      let padding = String(repeating: " ", count: max(0, lastLength - line.count))
      lastLength = line.count
      write("\r" + line + padding)
    case .collectionFetched(let slug, let volumes) where !live:
      write("fetch: \(slug): \(volumes) volume\(volumes == 1 ? "" : "s")\n")
    case .finished(let statistics, let warnings):
      let clear = lastLength > 0 ? "\r" + String(repeating: " ", count: lastLength) + "\r" : ""
      lastLength = 0
      write(clear + statistics.summary(warnings: warnings) + "\n")
    case .update, .collectionFetched, .retrying, .requestFinished:
      break
    }
  }
}

extension FetchStatistics {
  /// `Fetched 120 volumes: 12 requests, 30 cache hits, 2 retries, 1 warning`.
  func summary(warnings: Int) -> String {
    func count(_ value: Int, _ noun: String) -> String { "\(value) \(noun)\(value == 1 ? "" : "s")" }
    var parts = [
      count(requests, "request"), count(cacheHits, "cache hit"),
      retries == 1 ? "1 retry" : "\(retries) retries",
    ]
    if staleServed > 0 { parts.append("\(staleServed) stale") }
    if notFound > 0 { parts.append("\(notFound) not found, cached") }
    parts.append(count(warnings, "warning"))
    return "Fetched \(count(volumes, "volume")): " + parts.joined(separator: ", ")
  }
}
