import Fetching
import Support

/// Passes the progress of one source's run after another on as one fetch: counters add up
/// across runs, and only the whole fetch reports collections and its end.
package final class ProgressRelay: FetchProgress {
  private let next: any FetchProgress
  /// The finished runs' counters.
  private let base = Locked(FetchStatistics())

  package init(_ next: any FetchProgress) {
    self.next = next
  }

  package func report(_ event: FetchEvent) {
    switch event {
    case .update(let statistics):
      next.report(.update(base.withLock { $0 } + statistics))
    case .requestFinished, .retrying:
      next.report(event)
    case .collectionFetched, .finished:
      break
    }
  }

  /// A run is over: its counters become part of every later update.
  package func finished(_ statistics: FetchStatistics) {
    base.withLock { $0 = $0 + statistics }
  }
}
