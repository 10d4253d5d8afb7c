import Foundation
import Glibc

/// Keeps a test about FIFOs from hanging the suite: should the code under test block on one
/// (opening it for reading waits for a writer, reading waits for data), a watchdog thread opens
/// each FIFO for writing and closes it again after `seconds`, which hands the stuck reader an
/// end of file. The test then fails on `unblocked` instead of never finishing.
public enum FIFOGuard {
  /// Runs `body`; `unblocked` tells whether the watchdog had to step in.
  public static func run<T>(fifos: [String], seconds: Double = 20, _ body: () async throws -> T)
    async rethrows
    -> (value: T, unblocked: Bool)
  {
    let watchdog = Watchdog(fifos: fifos, seconds: seconds)
    defer { watchdog.finish() }
    let value = try await body()
    return (value, watchdog.finish())
  }

  /// `run` for synchronous code.
  public static func run<T>(fifos: [String], seconds: Double = 20, _ body: () throws -> T) rethrows
    -> (value: T, unblocked: Bool)
  {
    let watchdog = Watchdog(fifos: fifos, seconds: seconds)
    defer { watchdog.finish() }
    let value = try body()
    return (value, watchdog.finish())
  }
}

private final class Watchdog: @unchecked Sendable {
  private let lock = NSLock()
  private var done = false
  private var fired = false

  init(fifos: [String], seconds: Double) {
    let deadline = Date().addingTimeInterval(seconds)
    Thread.detachNewThread { [self] in
      while !isDone, Date() < deadline { usleep(10_000) }
      guard !isDone else { return }
      lock.withLock { fired = true }
      // Until the body returns: a writer that opens and closes gives a blocked reader its EOF.
      while !isDone {
        for path in fifos {
          let descriptor = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
          if descriptor >= 0 { close(descriptor) }
        }
        usleep(20_000)
      }
    }
  }

  private var isDone: Bool { lock.withLock { done } }

  /// Stops the watchdog; returns whether it fired.
  @discardableResult
  func finish() -> Bool {
    lock.withLock {
      done = true
      return fired
    }
  }
}

extension TestSupport {
  /// Makes a FIFO (named pipe) at `path`.
  public static func makeFIFO(_ path: String) throws {
    guard mkfifo(path, 0o644) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
  }

  /// A sparse file of `size` bytes at `path` (no block is written: `ftruncate` only).
  public static func makeSparseFile(_ path: String, size: Int64) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    defer { close(descriptor) }
    guard ftruncate(descriptor, off_t(size)) == 0 else {
      throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
  }
}
