import Foundation

/// Receives progress while a fetch runs; called from several tasks, so implementations lock.
public protocol FetchProgress: Sendable {
  func report(_ event: FetchEvent)
}

public enum FetchEvent: Sendable, Equatable {
  /// Counters changed (a request or cache lookup finished, or more were planned).
  case update(FetchStatistics)
  /// A request failed and will be tried again after `delay` seconds.
  case retrying(request: String, retry: Int, delay: Double, reason: String)
  /// A collection's volumes are complete.
  case collectionFetched(slug: String, volumes: Int)
  case finished(FetchStatistics, warnings: Int)
}

extension FetchStatistics {
  /// `Fetched 120 volumes: 12 requests, 30 cache hits, 2 retries, 1 warning`.
  public func summary(warnings: Int) -> String {
    func count(_ value: Int, _ noun: String) -> String { "\(value) \(noun)\(value == 1 ? "" : "s")" }
    var parts = [count(requests, "request"), count(cacheHits, "cache hit"), retries == 1 ? "1 retry" : "\(retries) retries"]
    if staleServed > 0 { parts.append("\(staleServed) stale") }
    parts.append(count(warnings, "warning"))
    return "Fetched \(count(volumes, "volume")): " + parts.joined(separator: ", ")
  }
}

/// A live line rewritten in place (`\r`) for terminals, then the summary.
public final class TerminalFetchReporter: FetchProgress, @unchecked Sendable {
  private let write: @Sendable (String) -> Void
  private let lock = NSLock()
  private var lastLength = 0

  public init(write: @escaping @Sendable (String) -> Void = standardError) {
    self.write = write
  }

  public func report(_ event: FetchEvent) {
    lock.lock()
    defer { lock.unlock() }
    switch event {
    case .update(let statistics):
      let done = statistics.requests - statistics.retries
      let line =
        "fetch: \(done)/\(statistics.plannedRequests - statistics.cacheHits) requests, "
        + "\(statistics.cacheHits) cache hits, \(statistics.retries) retries"
      let padding = String(repeating: " ", count: max(0, lastLength - line.count))
      lastLength = line.count
      write("\r" + line + padding)
    case .retrying, .collectionFetched:
      break
    case .finished(let statistics, let warnings):
      let clear = lastLength > 0 ? "\r" + String(repeating: " ", count: lastLength) + "\r" : ""
      lastLength = 0
      write(clear + statistics.summary(warnings: warnings) + "\n")
    }
  }
}

/// One line per collection and the summary: for CI logs, where `\r` makes a mess.
public final class PlainFetchReporter: FetchProgress, @unchecked Sendable {
  private let write: @Sendable (String) -> Void
  private let lock = NSLock()

  public init(write: @escaping @Sendable (String) -> Void = standardError) {
    self.write = write
  }

  public func report(_ event: FetchEvent) {
    lock.lock()
    defer { lock.unlock() }
    switch event {
    case .collectionFetched(let slug, let volumes):
      write("fetch: \(slug): \(volumes) volume\(volumes == 1 ? "" : "s")\n")
    case .finished(let statistics, let warnings):
      write(statistics.summary(warnings: warnings) + "\n")
    case .update, .retrying:
      break
    }
  }
}

/// Writes to stderr, unbuffered.
public let standardError: @Sendable (String) -> Void = { text in
  FileHandle.standardError.write(Data(text.utf8))
}
