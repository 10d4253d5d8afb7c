import Dispatch

/// Lets go of a large value on another thread: freeing thousands of volumes or filings in the
/// middle of a build keeps a core busy for milliseconds that the next step need not wait for.
package enum BackgroundRelease {
  /// Releases `value` (its last reference: the caller holds no other) on a global queue.
  package static func drop(_ value: consuming some Sendable) {
    let dropped = value
    DispatchQueue.global().async { withExtendedLifetime(dropped) {} }
  }
}
