import Glibc

/// An exclusive `flock` on a lock file, which tells two bookgen processes working on the same
/// folder apart: the second waits until the first is done. The kernel drops the lock when its
/// holder exits, even killed with `kill -9`, so a stale lock file never blocks anyone.
///
/// The holder writes its process id into the file, for the waiter's message. The file itself
/// stays (deleting it could let two processes lock two different files), except that `clean`
/// removes it while holding it: a waiter then sees that the path names another file, and retries.
package final class FileLock: Sendable {
  package let path: String
  private let descriptor: Int32

  private init(path: String, descriptor: Int32) {
    self.path = path
    self.descriptor = descriptor
  }

  deinit { close(descriptor) }

  /// Lets go of the lock (closing the file, when the value goes, would too).
  package func release() {
    flock(descriptor, LOCK_UN)
  }

  package enum Failure: Error, Sendable, Equatable {
    case unusable(path: String, reason: String)
  }

  /// Takes the lock at `path` (created if missing; its folder must exist), waiting as long as it
  /// takes: while another process holds it, `waiting` is called once, with that process's id
  /// when known, and the lock is tried again after each `pause`. Held until `release()` or the
  /// value is gone.
  package static func acquire(
    _ path: String, waiting: (Int32?) -> Void,
    pause: @Sendable () async -> Void = { try? await Task.sleep(nanoseconds: 50_000_000) }
  ) async throws(Failure) -> FileLock {
    var announced = false
    while true {
      let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
      guard descriptor >= 0 else { throw .unusable(path: path, reason: String(cString: strerror(errno))) }
      if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
        guard namesSameFile(path, descriptor) else {
          close(descriptor)
          continue
        }
        let lock = FileLock(path: path, descriptor: descriptor)
        lock.recordHolder()
        return lock
      }
      let failure = errno
      guard failure == EWOULDBLOCK || failure == EINTR else {
        close(descriptor)
        throw .unusable(path: path, reason: String(cString: strerror(failure)))
      }
      if !announced {
        announced = true
        waiting(holder(of: descriptor))
      }
      close(descriptor)
      await pause()
    }
  }

  /// The path still names the file that was locked (it was not removed or replaced meanwhile).
  private static func namesSameFile(_ path: String, _ descriptor: Int32) -> Bool {
    var opened = stat()
    var named = stat()
    guard fstat(descriptor, &opened) == 0, lstat(path, &named) == 0 else { return false }
    return opened.st_dev == named.st_dev && opened.st_ino == named.st_ino
  }

  private func recordHolder() {
    let text = Array("\(getpid())\n".utf8)
    _ = ftruncate(descriptor, 0)
    _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
  }

  private static func holder(of descriptor: Int32) -> Int32? {
    var buffer = [UInt8](repeating: 0, count: 32)
    let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
    guard count > 0 else { return nil }
    let digits = buffer[..<count].prefix { $0 != UInt8(ascii: "\n") }
    return Int32(String(decoding: digits, as: UTF8.self))
  }
}
