import Fetching
import GoogleBooks
import Support

extension CommandContext {
  /// The line a build (or `clean`) prints once when another bookgen holds its output's lock.
  func waitingForBuild(on name: String, pid: Int32?) {
    console.status("waiting for another bookgen build on '\(name)'\(pid.map { " (pid \($0))" } ?? "")…")
  }

  /// Runs `body` holding the cache's lock (`.bookgen-lock` inside the cache folder), so that a
  /// fetch never writes entries while another run reads or writes them; the second run waits.
  /// A cache folder that does not exist has nothing to guard yet.
  func holdingCacheLock<Result>(_ cache: ResponseCache, _ body: () async throws -> Result) async throws
    -> Result
  {
    guard PathKind.of(cache.directory) == .folder else { return try await body() }
    let shown = environment.shown(cache.directory)
    let lock: FileLock
    do {
      lock = try await FileLock.acquire(cache.lockPath) { pid in
        console.status(
          "waiting for another bookgen run on the cache '\(shown)'\(pid.map { " (pid \($0))" } ?? "")…")
      }
    } catch .unusable(let path, let reason) {
      throw CommandError.fileSystem(
        operation: "lock", path: environment.shown(path), underlying: SystemReason(reason: reason))
    }
    defer { lock.release() }
    return try await body()
  }
}
