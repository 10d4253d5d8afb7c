import Support

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension OutputFolder {
  /// What `remove` found and removed.
  package struct Removal: Sendable, Equatable {
    /// The output folder was there, and is gone.
    package var output = false
    /// The twin (`.NAME.bookgen-next`, a full copy of the previous build) was there, and is gone.
    package var twin = false
    /// `.NAME.bookgen-replaced` exists: the owner's files `build --force` moved aside, which
    /// bookgen never deletes.
    package var keptReplaced = false
  }

  /// Removes the output (only if bookgen wrote it), its twin and everything else bookgen keeps
  /// beside it (the manifests, an older bookgen's state files, the lock file), through the one removal rule; the
  /// replaced folder stays. What `bookgen clean` does, and what the preview should do with its
  /// temporary folder when it stops. Every path is checked before anything is removed.
  ///
  /// The caller holds the lock (`holdingLock`); the lock file goes last, while still held.
  package func remove(fence: FolderFence, scope: FolderRemoval.Scope) throws(FolderRemoval.Failure) -> Removal
  {
    var removal = Removal()
    removal.output = try FolderRemoval.check(output, fence: fence, scope: scope, isOurs: isOurs)
    // The twin bears bookgen's name, next to an output the caller may remove.
    removal.twin = try FolderRemoval.check(next, fence: fence, scope: scope) { _ in true }
    let hasManifests = try FolderRemoval.check(manifests.folder, fence: fence, scope: scope) { _ in true }
    // Each tree before the manifests that prove it bookgen's, so a removal cut short can be redone.
    if removal.output { try FolderRemoval.removeTree(output, markerLast: OutputManifest.legacyFileName) }
    if removal.twin { try FolderRemoval.removeTree(next, markerLast: OutputManifest.legacyFileName) }
    if hasManifests { try FolderRemoval.removeTree(manifests.folder) }
    for file in leftovers where PathKind.of(file) == .file {
      if unlink(file) != 0, errno != ENOENT { throw .io(path: file, reason: FileSystem.reason()) }
    }
    if PathKind.of(lock) == .file, unlink(lock) != 0, errno != ENOENT {
      throw .io(path: lock, reason: FileSystem.reason())
    }
    removal.keptReplaced = PathKind.of(replaced) != .missing
    return removal
  }
}
