import Fetching
import Foundation

/// Passes the progress of one source's run after another on as one fetch: counters add up
/// across runs, and only the whole fetch reports collections and its end.
package final class ProgressRelay: FetchProgress, @unchecked Sendable {
  private let next: any FetchProgress
  private let lock = NSLock()
  /// The finished runs' counters.
  private var base = FetchStatistics()

  package init(_ next: any FetchProgress) {
    self.next = next
  }

  package func report(_ event: FetchEvent) {
    switch event {
    case .update(let statistics):
      next.report(.update(lock.withLock { base } + statistics))
    case .requestFinished, .retrying:
      next.report(event)
    case .collectionFetched, .finished:
      break
    }
  }

  /// A run is over: its counters become part of every later update.
  package func finished(_ statistics: FetchStatistics) {
    lock.withLock { base = base + statistics }
  }
}
