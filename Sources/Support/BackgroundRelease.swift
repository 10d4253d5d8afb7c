import Dispatch

/// Lets go of a large value on another thread: freeing thousands of volumes or filings in the
/// middle of a build keeps a core busy for milliseconds that the next step need not wait for.
package enum BackgroundRelease {
  /// Releases `value` (its last reference: the caller holds no other) on a global queue.
  package static func drop<Value: Sendable>(_ value: consuming Value) {
    // Only the box holds the value, so emptying it there frees it there: a value captured
    // directly would be freed by whichever of this thread and the queue lets go of it last.
    let box = Box(value)
    DispatchQueue.global().async { box.value = nil }
  }

  private final class Box<Value>: @unchecked Sendable {
    var value: Value?

    init(_ value: consuming Value) { self.value = value }
  }
}
