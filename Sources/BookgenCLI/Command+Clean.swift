import Fetching
import Foundation
import GoogleBooks
import Site
import Support

extension CommandContext {
  /// `bookgen clean`: removes the output folder if bookgen made it, with what bookgen keeps beside it,
  /// and with `--cache` the cache if bookgen made it; never outside the project without
  /// `--outside-project`. One rule decides every removal (`FolderRemoval`).
  func clean(_ options: CleanCommandOptions) async throws {
    let catalogPath = environment.resolve(options.catalog.path)
    let fence = FolderFence(
      project: (catalogPath as NSString).deletingLastPathComponent, home: environment.variables["HOME"],
      workingDirectory: environment.workingDirectory)
    let scope: FolderRemoval.Scope = options.outsideProject ? .anywhere : .insideProject
    try await removeOutput(options.outputPath, fence: fence, scope: scope)
    guard options.removeCache else { return }
    let cache = ResponseCache(directory: try loadCatalog(options.catalog).cacheDirectory)
    let shown = environment.shown(cache.directory)
    let isOurs = { (_: String) in cache.isOurs() }
    // Checked before its lock file is taken (inside it), and again once it is held.
    guard
      try removing(
        shown, in: fence,
        { () throws(FolderRemoval.Failure) in
          try FolderRemoval.check(cache.directory, fence: fence, scope: scope, isOurs: isOurs)
        })
    else {
      console.status("Nothing to remove: '\(shown)' does not exist")
      return
    }
    _ = try await holdingCacheLock(cache) {
      try removing(shown, in: fence) { () throws(FolderRemoval.Failure) in
        try FolderRemoval.remove(
          cache.directory, fence: fence, scope: scope, markerLast: ResponseCache.markerName, isOurs: isOurs)
      }
    }
    console.status("Removed '\(shown)'")
  }

  private func removeOutput(_ name: String, fence: FolderFence, scope: FolderRemoval.Scope) async throws {
    let path = environment.resolve(name)
    // The root and the like are refused before anything else looks at them.
    _ = try removing(name, in: fence) { () throws(FolderRemoval.Failure) in
      try FolderRemoval.check(path, fence: fence, scope: scope) { _ in true }
    }
    let folder = try OutputFolder(path: path)
    guard PathKind.of(folder.output) != .missing || PathKind.of(folder.staging) != .missing else {
      console.status("Nothing to remove: '\(name)' does not exist")
      return
    }
    let removal = try await folder.holdingLock(
      waiting: { waitingForBuild(on: name, pid: $0) },
      {
        try removing(name, in: fence) { () throws(FolderRemoval.Failure) in
          try folder.remove(fence: fence, scope: scope)
        }
      })
    if removal.output { console.status("Removed '\(name)'") }
    for path in removal.besides { console.status("Removed '\(sibling(of: name, path))'") }
    if removal.keptReplaced {
      console.status(
        "Kept '\(sibling(of: name, folder.replaced))': your files moved aside by 'build --force'")
    }
  }

  /// Runs a removal step, turning a refusal into the command's error for `shown`.
  private func removing<Result>(
    _ shown: String, in fence: FolderFence, _ body: () throws(FolderRemoval.Failure) -> Result
  ) throws -> Result {
    do {
      return try body()
    } catch {
      switch error {
      case .refused(_, let refusal):
        throw CommandError.refusedFolder(
          shown, action: .remove, reason: .init(refusal, project: fence.project))
      case .io(let path, let reason):
        throw CommandError.fileSystem(
          operation: "remove", path: environment.shown(path), underlying: SystemReason(reason: reason))
      }
    }
  }

  /// A path next to the output, shown the way the output was given (`site/.public.bookgen-staging`).
  private func sibling(of shownOutput: String, _ path: String) -> String {
    let parent = (shownOutput as NSString).deletingLastPathComponent
    let name = (path as NSString).lastPathComponent
    return parent.isEmpty ? name : (parent as NSString).appendingPathComponent(name)
  }
}
