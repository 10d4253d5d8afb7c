import Glibc

/// Tells whether a file under the watched paths was added, changed or removed. On Linux it
/// reads inotify's events, one watch per folder, so a check costs the same however many
/// entries the cache holds; elsewhere, or when inotify cannot watch every folder, it compares
/// scans (`FileTreeSnapshot`). Hidden files and editor backups (`.name.swp`, `name~`) are
/// ignored either way.
///
/// Used by one task at a time (the server's watcher).
final class ChangeWatcher: @unchecked Sendable {
  private let paths: [String]
  /// The last scan, when watching by scans.
  private var snapshot: FileTreeSnapshot?
  private var events: InotifyEvents?
  /// A change seen while accepting a build's own writes, reported by the next `changed()`.
  private var pending = false

  /// Starts watching `paths` (files or folders, recursively; missing ones are watched for);
  /// `scanning` compares scans even where inotify is available.
  init(paths: [String], scanning: Bool = false) {
    self.paths = paths
    events = scanning ? nil : InotifyEvents(paths: paths)
    if events == nil { snapshot = FileTreeSnapshot(scanning: paths) }
  }

  /// Whether anything changed since the last call (or since `accept`).
  func changed() -> Bool {
    if let events {
      var changed = pending
      pending = false
      events.read { _ in changed = true }
      return changed
    }
    let current = FileTreeSnapshot(scanning: paths)
    defer { snapshot = current }
    return current != snapshot
  }

  /// Takes what is now under `written` as no change (a build's own writes); changes elsewhere
  /// since the last call are still reported by the next `changed()`.
  func accept(_ written: [String]) {
    guard !written.isEmpty else { return }
    if let events {
      let prefixes = written.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
      events.read { path in
        if let path, written.contains(path) || prefixes.contains(where: path.hasPrefix) { return }
        pending = true
      }
    } else {
      snapshot = snapshot?.rescanning(written)
    }
  }
}

/// An inotify instance watching folders: each watched path's parent (for its name alone), and
/// each watched folder with every folder under it.
private final class InotifyEvents {
  private struct Watch {
    var folder: String
    /// Every child counts (a watched folder or one under it).
    var everything = false
    /// The children that count, in a watched path's parent.
    var names: Set<String> = []
  }

  private let descriptor: Int32
  private var watches: [Int32: Watch] = [:]
  private static let mask = UInt32(
    IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB
      | IN_DELETE_SELF | IN_MOVE_SELF)
  /// Folders are not followed deeper than a scan would.
  private static let maxDepth = 32

  /// Nil when inotify is not available or cannot watch every folder (`max_user_watches`).
  init?(paths: [String]) {
    descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    guard descriptor >= 0 else { return nil }
    for path in paths {
      let (parent, name) = Self.split(path)
      guard add(parent, everything: false, name: name), addTree(path, depth: 0) else {
        close(descriptor)
        return nil
      }
    }
  }

  deinit { close(descriptor) }

  /// Calls `body` with the path of each event that counts since the last call (nil for one
  /// whose path is unknown: the queue overflowed).
  func read(_ body: (String?) -> Void) {
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      guard count > 0 else { return }
      var offset = 0
      while offset + MemoryLayout<inotify_event>.size <= count {
        let (watch, mask, name, length) = buffer.withUnsafeBytes { raw in
          let length = Int(raw.load(fromByteOffset: offset + 12, as: UInt32.self))
          let bytes = raw[(offset + 16)..<min(count, offset + 16 + length)].prefix { $0 != 0 }
          return (
            raw.load(fromByteOffset: offset, as: Int32.self),
            raw.load(fromByteOffset: offset + 4, as: UInt32.self),
            String(decoding: bytes, as: UTF8.self), length
          )
        }
        offset += MemoryLayout<inotify_event>.size + length
        handle(watch, mask, name, body)
      }
    }
  }

  private func handle(_ watch: Int32, _ mask: UInt32, _ name: String, _ body: (String?) -> Void) {
    if mask & UInt32(IN_Q_OVERFLOW) != 0 {
      body(nil)
      return
    }
    guard let found = watches[watch] else { return }
    if mask & UInt32(IN_IGNORED) != 0 {
      watches[watch] = nil
      return
    }
    // The watched folder itself removed or moved.
    if name.isEmpty {
      if found.everything { body(found.folder) }
      return
    }
    guard found.names.contains(name) || found.everything && !name.hasPrefix(".") && !name.hasSuffix("~")
    else { return }
    let path = found.folder + "/" + name
    // A folder come into a watched one: watched too, with what it already holds.
    if mask & UInt32(IN_ISDIR) != 0, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
      if !addTree(path, depth: 1) { body(nil) }
    }
    body(path)
  }

  /// Watches `folder`, when it is one, and every folder under it.
  private func addTree(_ folder: String, depth: Int) -> Bool {
    guard depth < Self.maxDepth, let directory = opendir(folder) else { return true }
    defer { closedir(directory) }
    guard add(folder, everything: true) else { return false }
    while let entry = readdir(directory) {
      // Links below the top are not followed, as a scan does not descend through them.
      let type = entry.pointee.d_type
      guard type == UInt8(DT_DIR) || type == UInt8(DT_UNKNOWN) else { continue }
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name.hasPrefix(".") || name.hasSuffix("~") { continue }
      guard addTree(folder + "/" + name, depth: depth + 1) else { return false }
    }
    return true
  }

  private func add(_ folder: String, everything: Bool, name: String? = nil) -> Bool {
    let watch = inotify_add_watch(descriptor, folder, Self.mask)
    // A parent that does not exist holds nothing to watch; any other failure is no watch.
    guard watch >= 0 else { return errno == ENOENT || errno == ENOTDIR || errno == EACCES }
    var found = watches[watch] ?? Watch(folder: folder)
    found.everything = found.everything || everything
    if let name { found.names.insert(name) }
    watches[watch] = found
    return true
  }

  /// The folder that holds `path`, and its name there.
  private static func split(_ path: String) -> (folder: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let name = String(path[path.index(after: slash)...])
    return (slash == path.startIndex ? "/" : String(path[..<slash]), name)
  }
}
