import Foundation
import Glibc
import Testing

@testable import Support

@Suite struct FileLockTests {
  /// `flock` locks belong to each opened file, so two acquisitions in one process meet as two
  /// processes would: the second waits, told once who holds the lock.
  @Test func theSecondHolderWaitsUntilTheFirstLetsGo() async throws {
    let folder = NSTemporaryDirectory() + "bookgen-lock-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/.public.bookgen-lock"
    let first = try await FileLock.acquire(path, waiting: { _ in Issue.record("the lock was free") })
    #expect(isHeld(path))
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "\(getpid())\n")

    let events = Events()
    let second = Task {
      let lock = try await FileLock.acquire(
        path, waiting: { events.add("waiting for \($0.map(String.init) ?? "?")") },
        pause: {
          events.add("pause")
          await Task.yield()
        })
      events.add("holding")
      lock.release()
    }
    while !events.all.contains("pause") { await Task.yield() }
    #expect(!events.all.contains("holding"))
    first.release()
    try await second.value
    #expect(events.all.first == "waiting for \(getpid())")
    #expect(events.all.last == "holding")
    #expect(events.all.filter { $0.hasPrefix("waiting") }.count == 1)
    #expect(!isHeld(path))
  }

  /// `clean` deletes the lock file while holding it; a waiter then locks a fresh file.
  @Test func aLockFileRemovedByItsHolderIsTakenAfresh() async throws {
    let folder = NSTemporaryDirectory() + "bookgen-lock-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/lock"
    let first = try await FileLock.acquire(path, waiting: { _ in })
    let events = Events()
    let second = Task {
      let lock = try await FileLock.acquire(path, waiting: { _ in }, pause: { events.add("pause") })
      #expect(FileManager.default.fileExists(atPath: path))
      events.add("holding")
      lock.release()
    }
    while !events.all.contains("pause") { await Task.yield() }
    unlink(path)
    first.release()
    try await second.value
    #expect(events.all.last == "holding")
  }
}

/// What the waiting task did, in order.
private final class Events: @unchecked Sendable {
  private let lock = NSLock()
  private var events: [String] = []

  var all: [String] {
    lock.lock()
    defer { lock.unlock() }
    return events
  }

  func add(_ event: String) {
    lock.lock()
    events.append(event)
    lock.unlock()
  }
}

/// Whether the lock at `path` is held by some process right now (without taking it).
private func isHeld(_ path: String) -> Bool {
  let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
  guard descriptor >= 0 else { return false }
  defer { close(descriptor) }
  guard flock(descriptor, LOCK_EX | LOCK_NB) != 0 else {
    flock(descriptor, LOCK_UN)
    return false
  }
  return errno == EWOULDBLOCK
}
