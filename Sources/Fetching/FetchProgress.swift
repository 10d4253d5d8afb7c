import Foundation

/// Receives progress while a fetch runs; called from several tasks, so implementations lock.
/// The command line draws it (BookgenCLI's reporters); tests record it.
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
