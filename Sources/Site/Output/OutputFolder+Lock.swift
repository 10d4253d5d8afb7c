import Foundation
import Support

extension OutputFolder {
  /// Takes the output's lock (`.NAME.bookgen-lock`, next to the output, never in it), so that
  /// two builds, or a build and `clean`, never work on the output at once: the
  /// second waits, and `waiting` is told once, with the holder's process id. Held until
  /// `release()`. Creates the output's parent folder if needed, for the lock file.
  package func acquireLock(waiting: (Int32?) -> Void) async throws(SiteError) -> FileLock {
    let parent = (output as NSString).deletingLastPathComponent
    try FileSystem.makeFolders(parent)
    do {
      return try await FileLock.acquire(lock, waiting: waiting)
    } catch {
      switch error {
      case .unusable(let path, let reason): throw .io(operation: "lock", path: path, reason: reason)
      }
    }
  }

  /// Runs `body` holding the output's lock (`acquireLock`).
  package func holdingLock<Result>(
    waiting: (Int32?) -> Void, _ body: () async throws -> Result
  ) async throws -> Result {
    let held = try await acquireLock(waiting: waiting)
    defer { held.release() }
    return try await body()
  }
}
