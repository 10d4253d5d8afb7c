import Glibc

/// The one rule for every folder bookgen deletes (an output, its staging folder, the fetch cache, the
/// preview's temporary folder): never a fenced-off folder, never outside the project unless the
/// caller says why it may, only a real folder (not a link), and only one that is provably
/// bookgen's — what proves it is the caller's `isOurs`, which knows that folder's marker.
package enum FolderRemoval {
  /// Where the folder may be.
  package enum Scope: Sendable, Equatable {
    /// Inside the project folder only (what `clean` removes without `--outside-project`).
    case insideProject
    /// Anywhere not fenced off: the user named the place explicitly, or bookgen made it there
    /// (a build's own staging folder, the preview's temporary folder).
    case anywhere
  }

  /// Why a folder was not removed.
  package enum Refusal: Error, Sendable, Equatable {
    case protected(FolderFence.Protection)
    case outsideProject
    case notAFolder
    case notOurs
  }

  package enum Failure: Error, Sendable, Equatable {
    case refused(path: String, Refusal)
    case io(path: String, reason: String)
  }

  /// Checks that `path` may be removed; false when there is nothing at that path.
  package static func check(
    _ path: String, fence: FolderFence, scope: Scope, isOurs: (String) -> Bool
  ) throws(Failure) -> Bool {
    let kind = PathKind.of(path)
    guard kind != .missing else { return false }
    if let protection = fence.protection(of: path) { throw .refused(path: path, .protected(protection)) }
    guard kind == .folder else { throw .refused(path: path, .notAFolder) }
    if scope == .insideProject, !fence.isInsideProject(path) { throw .refused(path: path, .outsideProject) }
    guard isOurs(path) else { throw .refused(path: path, .notOurs) }
    return true
  }

  /// Removes the folder at `path` if the rule allows it; false when there was nothing to remove.
  /// The entry named `markerLast` (the folder's proof of ownership) is removed after all others,
  /// so a removal cut short leaves a folder that is still recognised as bookgen's.
  @discardableResult
  package static func remove(
    _ path: String, fence: FolderFence, scope: Scope, markerLast: String? = nil, isOurs: (String) -> Bool
  ) throws(Failure) -> Bool {
    guard try check(path, fence: fence, scope: scope, isOurs: isOurs) else { return false }
    try removeTree(path, markerLast: markerLast)
    return true
  }

  /// Deletes a folder and everything below it, never following a symbolic link (a link is
  /// removed, not what it points to); `markerLast` in the top folder goes last. For folders the
  /// caller has already checked with `check` (or made itself).
  package static func removeTree(_ path: String, markerLast: String? = nil) throws(Failure) {
    try removeContents(of: path, keeping: markerLast)
    if let markerLast, unlink(path + "/" + markerLast) != 0, errno != ENOENT {
      throw .io(path: path + "/" + markerLast, reason: reason())
    }
    guard rmdir(path) == 0 || errno == ENOENT else { throw .io(path: path, reason: reason()) }
  }

  private static func removeContents(of folder: String, keeping kept: String?) throws(Failure) {
    let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else {
      if errno == ENOENT { return }
      throw .io(path: folder, reason: reason())
    }
    try removeContents(of: descriptor, path: folder, keeping: kept.map { Array($0.utf8) })
  }

  /// Empties the folder open as `descriptor` (which it closes), entry by entry relative to it:
  /// the names come with their type from `readdir`, so a large tree is removed without a `stat`
  /// or a full path per file. A link is removed, never followed.
  private static func removeContents(of descriptor: Int32, path: String, keeping kept: [UInt8]?)
    throws(Failure)
  {
    guard let handle = fdopendir(descriptor) else {
      close(descriptor)
      throw .io(path: path, reason: reason())
    }
    defer { closedir(handle) }
    var entries: [(name: [CChar], isFolder: Bool)] = []
    while let entry = readdir(handle) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
      if name == [0x2E] || name == [0x2E, 0x2E] || name == kept { continue }
      var isFolder = entry.pointee.d_type == UInt8(DT_DIR)
      if entry.pointee.d_type == UInt8(DT_UNKNOWN) {
        var info = stat()
        let found = (name.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer {
          fstatat(descriptor, $0.baseAddress!, &info, AT_SYMLINK_NOFOLLOW) == 0
        }
        isFolder = found && (info.st_mode & S_IFMT) == S_IFDIR
      }
      entries.append((name.map { CChar(bitPattern: $0) } + [0], isFolder))
    }
    for (name, isFolder) in entries {
      let shown = {
        path + "/" + String(decoding: name.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
      }
      if isFolder {
        let child = name.withUnsafeBufferPointer {
          openat(descriptor, $0.baseAddress!, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        }
        guard child >= 0 else { throw .io(path: shown(), reason: reason()) }
        try removeContents(of: child, path: shown(), keeping: nil)
      }
      let removed = name.withUnsafeBufferPointer {
        unlinkat(descriptor, $0.baseAddress!, isFolder ? AT_REMOVEDIR : 0) == 0
      }
      guard removed || errno == ENOENT else { throw .io(path: shown(), reason: reason()) }
    }
  }

  private static func reason() -> String { String(cString: strerror(errno)) }
}
