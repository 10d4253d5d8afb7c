import Glibc
import Support

extension OutputFolder {
  /// What `remove` found and removed.
  package struct Removal: Sendable, Equatable {
    /// The output folder was there, and is gone.
    package var output = false
    /// Folders bookgen left beside the output that were there, and are gone: an interrupted
    /// build's staging folder, an older bookgen's twin.
    package var besides: [String] = []
    /// `.NAME.bookgen-replaced` exists: the owner's files `build --force` moved aside, which
    /// bookgen never deletes.
    package var keptReplaced = false
  }

  /// Removes the output (only if bookgen wrote it) and everything bookgen keeps beside it (the
  /// manifest, an interrupted build's staging folder, what older bookgens kept there, the lock
  /// file), through the one removal rule; the replaced folder stays. What `bookgen clean` does.
  /// Every path is checked before anything is removed.
  ///
  /// The caller holds the lock (`holdingLock`); the lock file goes last, while still held.
  package func remove(fence: FolderFence, scope: FolderRemoval.Scope) throws(FolderRemoval.Failure) -> Removal
  {
    var removal = Removal()
    removal.output = try FolderRemoval.check(output, fence: fence, scope: scope, isOurs: isOurs)
    // These bear bookgen's names, next to an output the caller may remove.
    var folders: [String] = []
    for folder in [staging, retired, legacyTwin, legacyManifests]
    where try FolderRemoval.check(folder, fence: fence, scope: scope, isOurs: { _ in true }) {
      folders.append(folder)
    }
    // The output before the manifest that proves it bookgen's, so a removal cut short can be redone.
    if removal.output { try FolderRemoval.removeTree(output, markerLast: OutputManifest.legacyFileName) }
    for folder in folders { try FolderRemoval.removeTree(folder, markerLast: OutputManifest.legacyFileName) }
    removal.besides = folders.filter { $0 != legacyManifests }
    for file in [manifest, manifest + ".tmp"] + legacyFiles + [lock] where PathKind.of(file) == .file {
      if unlink(file) != 0, errno != ENOENT { throw .io(path: file, reason: FileSystem.reason()) }
    }
    removal.keptReplaced = PathKind.of(replaced) != .missing
    return removal
  }
}
