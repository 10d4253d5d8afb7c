import Foundation

/// Receives progress while a fetch runs; called from several tasks, so implementations lock.
package protocol FetchProgress: Sendable {
  func report(_ event: FetchEvent)
}

package enum FetchEvent: Sendable, Equatable {
  /// Counters changed (a request or cache lookup finished, or more were planned).
  case update(FetchStatistics)
  /// A request was answered by the network (`url` has `key=REDACTED`); `result` is `HTTP 200`
  /// or the failure. For `--verbose` output.
  case requestFinished(url: String, result: String, attempts: Int)
  /// A request failed and will be tried again after `delay` seconds.
  case retrying(request: String, retry: Int, delay: Double, reason: String)
  /// A collection's volumes are complete.
  case collectionFetched(slug: String, volumes: Int)
  case finished(FetchStatistics, warnings: Int)
}

extension FetchStatistics {
  /// `Fetched 120 volumes: 12 requests, 30 cache hits, 2 retries, 1 warning`.
  package func summary(warnings: Int) -> String {
    func count(_ value: Int, _ noun: String) -> String { "\(value) \(noun)\(value == 1 ? "" : "s")" }
    var parts = [
      count(requests, "request"), count(cacheHits, "cache hit"),
      retries == 1 ? "1 retry" : "\(retries) retries",
    ]
    if staleServed > 0 { parts.append("\(staleServed) stale") }
    parts.append(count(warnings, "warning"))
    return "Fetched \(count(volumes, "volume")): " + parts.joined(separator: ", ")
  }
}

/// A live line rewritten in place (`\r`) for terminals, then the summary.
package final class TerminalFetchReporter: FetchProgress, @unchecked Sendable {
  private let write: @Sendable (String) -> Void
  private let minimumInterval: Duration
  private let lock = NSLock()
  private var lastLength = 0
  private var lastDrawn: ContinuousClock.Instant?

  /// Redraws at most every `minimumInterval` seconds: a warm build answers thousands of lookups.
  package init(
    write: @escaping @Sendable (String) -> Void = FetchReporters.writeToStandardError,
    minimumInterval: Double = 0.1
  ) {
    self.write = write
    self.minimumInterval = .milliseconds(Int(minimumInterval * 1000))
  }

  package func report(_ event: FetchEvent) {
    lock.lock()
    defer { lock.unlock() }
    switch event {
    case .update(let statistics):
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
    case .retrying, .collectionFetched, .requestFinished:
      break
    case .finished(let statistics, let warnings):
      let clear = lastLength > 0 ? "\r" + String(repeating: " ", count: lastLength) + "\r" : ""
      lastLength = 0
      write(clear + statistics.summary(warnings: warnings) + "\n")
    }
  }
}

/// One line per collection and the summary: for CI logs, where `\r` makes a mess.
package final class PlainFetchReporter: FetchProgress, @unchecked Sendable {
  private let write: @Sendable (String) -> Void
  private let lock = NSLock()

  package init(write: @escaping @Sendable (String) -> Void = FetchReporters.writeToStandardError) {
    self.write = write
  }

  package func report(_ event: FetchEvent) {
    lock.lock()
    defer { lock.unlock() }
    switch event {
    case .collectionFetched(let slug, let volumes):
      write("fetch: \(slug): \(volumes) volume\(volumes == 1 ? "" : "s")\n")
    case .finished(let statistics, let warnings):
      write(statistics.summary(warnings: warnings) + "\n")
    case .update, .retrying, .requestFinished:
      break
    }
  }
}

package enum FetchReporters {
  /// The live line when stderr is a terminal, else one line per collection (CI logs).
  package static func standardError() -> any FetchProgress {
    isatty(STDERR_FILENO) != 0 ? TerminalFetchReporter() : PlainFetchReporter()
  }

  /// Writes to stderr, unbuffered.
  package static let writeToStandardError: @Sendable (String) -> Void = { text in
    FileHandle.standardError.write(Data(text.utf8))
  }
}
