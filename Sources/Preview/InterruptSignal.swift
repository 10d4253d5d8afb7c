import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Waiting for Ctrl-C (SIGINT) or SIGTERM without a signal handler touching Swift state.
enum InterruptSignal {
  /// Returns on the first SIGINT or SIGTERM, or when the calling task is cancelled.
  static func wait() async {
    let once = ResumeOnce()
    let signals = [SIGINT, SIGTERM]
    // Dispatch sources only see signals whose default action is disabled.
    for number in signals { signal(number, SIG_IGN) }
    let sources = signals.map { DispatchSource.makeSignalSource(signal: $0, queue: .global()) }
    for source in sources {
      source.setEventHandler { once.resume() }
      source.resume()
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { once.attach($0) }
    } onCancel: {
      once.resume()
    }
    for source in sources { source.cancel() }
    for number in signals { signal(number, SIG_DFL) }
  }
}

/// A continuation resumed exactly once, whether the resume comes before or after it is attached.
private final class ResumeOnce: @unchecked Sendable {
  private let lock = NSLock()
  private var continuation: CheckedContinuation<Void, Never>?
  private var fired = false

  func attach(_ continuation: CheckedContinuation<Void, Never>) {
    let resumeNow = lock.withLock {
      if fired { return true }
      self.continuation = continuation
      return false
    }
    if resumeNow { continuation.resume() }
  }

  func resume() {
    let waiting = lock.withLock { () -> CheckedContinuation<Void, Never>? in
      fired = true
      defer { continuation = nil }
      return continuation
    }
    waiting?.resume()
  }
}
