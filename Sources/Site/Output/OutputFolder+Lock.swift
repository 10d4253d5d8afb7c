import Foundation
import Support

extension OutputFolder {
  /// Runs `body` holding the output's lock (`.NAME.bookgen-lock`, next to the output, never in
  /// it), so that two builds, or a build and `clean`, never work on the output and its twin at
  /// once: the second waits, and `waiting` is told once, with the holder's process id.
  /// Creates the output's parent folder if needed, for the lock file.
  package func holdingLock<Result>(
    waiting: (Int32?) -> Void, _ body: () async throws -> Result
  ) async throws -> Result {
    let parent = (output as NSString).deletingLastPathComponent
    if PathKind.of(parent) == .missing {
      do {
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
      } catch {
        throw SiteError.io(operation: "create folder", path: parent, reason: error.localizedDescription)
      }
    }
    do {
      return try await FileLock.holding(lock, waiting: waiting, body)
    } catch let failure as FileLock.Failure {
      guard case .unusable(let path, let reason) = failure else { throw failure }
      throw SiteError.io(operation: "lock", path: path, reason: reason)
    }
  }
}
