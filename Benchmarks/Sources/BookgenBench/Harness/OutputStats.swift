import Glibc

/// The files under a folder, with what tells a rewritten file from an untouched one.
struct OutputStats {
  struct FileState: Equatable {
    var inode: UInt64
    var modified: Int
    var size: Int
  }

  var files: [String: FileState] = [:]

  var count: Int { files.count }
  var bytes: Int { files.values.reduce(0) { $0 + $1.size } }

  /// Walks `path` with opendir/lstat (much cheaper than FileManager for 100k files).
  static func scan(_ path: String) -> OutputStats {
    var stats = OutputStats()
    stats.walk(path, relative: "")
    return stats
  }

  /// Files that are new in `after`, or were replaced or modified (another inode or mtime).
  static func written(before: OutputStats, after: OutputStats) -> (files: Int, bytes: Int) {
    var files = 0
    var bytes = 0
    for (path, state) in after.files where before.files[path] != state {
      files += 1
      bytes += state.size
    }
    return (files, bytes)
  }

  private mutating func walk(_ path: String, relative: String) {
    guard let directory = opendir(path) else { return }
    defer { closedir(directory) }
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
      }
      if name == "." || name == ".." { continue }
      let full = path + "/" + name
      var info = stat()
      guard lstat(full, &info) == 0 else { continue }
      if (info.st_mode & S_IFMT) == S_IFDIR {
        walk(full, relative: relative + name + "/")
      } else {
        files[relative + name] = FileState(
          inode: UInt64(info.st_ino), modified: info.st_mtim.tv_sec * 1_000_000_000 + info.st_mtim.tv_nsec,
          size: Int(info.st_size))
      }
    }
  }
}
