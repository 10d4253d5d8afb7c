#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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

  /// FNV-1a of the file's bytes.
  private static func hash(_ path: String) -> UInt64? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = read(fd, &buffer, buffer.count)
      guard count > 0 else { return count == 0 ? hash : nil }
      for byte in buffer[0..<count] { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    }
  }

  private mutating func addChildren(of folder: String, depth: Int) {
    guard depth < 32, let directory = opendir(folder) else { return }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name.hasPrefix(".") || name.hasSuffix("~") { continue }
      names.append(name)
    }
    for name in names { add(folder + "/" + name, depth: depth + 1) }
  }
}
