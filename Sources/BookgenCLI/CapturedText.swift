import Foundation

/// Text written through a `TextOutput`, kept for later (a preview build's messages, a test's streams).
final class CapturedText: @unchecked Sendable {
  private let lock = NSLock()
  private var buffer = ""

  var text: String { lock.withLock { buffer } }

  var output: TextOutput {
    TextOutput { [self] text in lock.withLock { buffer += text } }
  }
}
