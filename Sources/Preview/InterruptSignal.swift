import Dispatch
import Foundation

/// Catching Ctrl-C (SIGINT), SIGTERM and SIGHUP (the terminal closed) from creation until `wait()` returns.
///
/// Linux's dispatch signal sources only see signals blocked in every thread (they use
/// signalfd), which a library cannot arrange; so a plain handler writes a byte to a pipe
/// (the self-pipe trick: `write` is async-signal-safe) and a dispatch read source wakes us.
// Dispatch sources are thread-safe; nothing here is mutated after init.
final class InterruptSignal: @unchecked Sendable {
  private let signals = [SIGINT, SIGTERM, SIGHUP]
  private let source: any DispatchSourceRead
  private let previousActions: [sighandler_t?]
  private let caught: AsyncStream<Void>

  init() {
    let readEnd = signalPipe.read  // created before any handler can run
    Self.drain(readEnd)
    let (caught, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    self.caught = caught
    source = DispatchSource.makeReadSource(fileDescriptor: readEnd, queue: .global())
    source.setEventHandler {
      Self.drain(readEnd)
      continuation.yield()
    }
    source.resume()
    previousActions = signals.map { signal($0, writeToSignalPipe) }
  }

  /// Returns on the first of those signals, or when the calling task is cancelled (which ends
  /// the stream's iteration); then the signals get their previous actions back.
  func wait() async {
    var iterator = caught.makeAsyncIterator()
    _ = await iterator.next()
    release()
  }

  /// Stops catching the signals.
  func release() {
    for (number, action) in zip(signals, previousActions) { signal(number, action ?? SIG_DFL) }
    source.cancel()
  }

  private static func drain(_ fd: Int32) {
    var bytes = [UInt8](repeating: 0, count: 16)
    while read(fd, &bytes, bytes.count) > 0 {}
  }
}

/// The pipe signal handlers write to; immutable once created, shared by the whole process
/// because a C signal handler cannot carry context.
private let signalPipe: (read: Int32, write: Int32) = {
  var fds: [Int32] = [-1, -1]
  _ = pipe(&fds)
  for fd in fds {
    _ = fcntl(fd, F_SETFL, O_NONBLOCK)
    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
  }
  return (fds[0], fds[1])
}()

private let writeToSignalPipe: @convention(c) (Int32) -> Void = { _ in
  var byte: UInt8 = 1
  _ = write(signalPipe.write, &byte, 1)
}
