import Dispatch

/// Lets go of a large value on a background queue instead of on the caller's path. Freeing a
/// build's model (every book, its record, the indexes, both manifests) takes tens of
/// milliseconds that a command printing its summary and exiting need not wait for; a process
/// that lives on (serve) frees it a moment later.
package enum LateRelease {
  private static let queue = DispatchQueue(label: "bookgen.late-release", qos: .utility)

  /// Frees `value` (its last reference) on the background queue.
  package static func release<Value: Sendable>(_ value: consuming Value) {
    let held = value
    queue.async { withExtendedLifetime(held) {} }
  }
}
