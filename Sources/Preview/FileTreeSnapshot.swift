import Glibc
import Support

/// Sizes and modification times of every file under the watched paths; two snapshots
/// differ exactly when something was added, removed or changed.
struct FileTreeSnapshot: Equatable, Sendable {
  struct Stamp: Equatable, Sendable {
    var size: Int
    var modified: Int
    /// A content hash, only for files modified in the last seconds: file systems with coarse
    /// timestamps give two quick same-size saves the same mtime (git's "racily clean" case).
    var recentContent: UInt64?

    static func == (a: Stamp, b: Stamp) -> Bool {
      guard a.size == b.size, a.modified == b.modified else { return false }
      guard let first = a.recentContent, let second = b.recentContent else { return true }
      return first == second
    }
  }

  private(set) var files: [String: Stamp] = [:]
  private let scanTime: Int

  /// Scans `paths` (files or folders, recursively); missing paths are simply absent.
  /// Hidden files and editor backups (`.name.swp`, `name~`) are ignored.
  init(scanning paths: [String]) {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    scanTime = Int(now.tv_sec) * 1_000_000_000 + Int(now.tv_nsec)
    for path in paths { add(path, depth: 0) }
  }

  /// This snapshot with everything under `paths` scanned anew: what a build wrote itself there
  /// (cache entries it fetched) is then no change.
  func rescanning(_ paths: [String]) -> FileTreeSnapshot {
    guard !paths.isEmpty else { return self }
    var result = self
    result.files = files.filter { path, _ in
      !paths.contains { path == $0 || path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }
    }
    result.files.merge(FileTreeSnapshot(scanning: paths).files) { _, new in new }
    return result
  }

  static func == (a: FileTreeSnapshot, b: FileTreeSnapshot) -> Bool {
    a.files == b.files
  }

  private mutating func add(_ path: String, depth: Int) {
    var status = stat()
    guard lstat(path, &status) == 0 else { return }
    let type = status.st_mode & S_IFMT
    if type == S_IFLNK {
      // Follow the link for its content, but never descend through it (no cycles).
      guard stat(path, &status) == 0 else { return }
      if status.st_mode & S_IFMT == S_IFDIR && depth == 0 { addChildren(of: path, depth: depth) }
    } else if type == S_IFDIR {
      addChildren(of: path, depth: depth)
      return
    }
    if status.st_mode & S_IFMT == S_IFREG {
      let modified = Int(status.st_mtim.tv_sec) * 1_000_000_000 + Int(status.st_mtim.tv_nsec)
      let size = Int(status.st_size)
      let isRecent = scanTime - modified < 3_000_000_000 && size <= 1 << 20
      files[path] = Stamp(size: size, modified: modified, recentContent: isRecent ? Self.hash(path) : nil)
    }
  }

  /// A hash of the file's bytes (files this recent are at most a megabyte).
  private static func hash(_ path: String) -> UInt64? {
    let limit = FileLimit(bytes: 1 << 20, what: "a watched file")
    return (try? FileReader.read(path, limit: limit))?.withUnsafeBufferPointer { XXH64.hash($0) }
  }

  private mutating func addChildren(of folder: String, depth: Int) {
    guard depth < 32, let names = PathKind.names(in: folder) else { return }
    for name in names where !name.hasPrefix(".") && !name.hasSuffix("~") {
      add(folder + "/" + name, depth: depth + 1)
    }
  }
}
