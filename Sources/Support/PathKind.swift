import Glibc

/// What is at a path: by default without following a final symbolic link (a link is `.other`);
/// `followingLinks`, what the link leads to (a dangling link is `.missing`).
package enum PathKind: Sendable, Equatable {
  case missing, folder, file, other

  package static func of(_ path: String, followingLinks: Bool = false) -> PathKind {
    var info = stat()
    guard (followingLinks ? stat(path, &info) : lstat(path, &info)) == 0 else { return .missing }
    switch info.st_mode & S_IFMT {
    case S_IFDIR: return .folder
    case S_IFREG: return .file
    default: return .other
    }
  }

  /// The absolute path with every symbolic link resolved; nil when it does not exist.
  package static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// The names in `folder` (without `.` and `..`), unsorted; nil when it cannot be read (then
  /// `errno` says why). A name that is not UTF-8 is decoded with replacement characters.
  package static func names(in folder: String) -> [String]? {
    rawNames(in: folder)?.map { String(decoding: $0, as: UTF8.self) }
  }

  /// The names in `folder` as the file system holds them (bytes, not necessarily UTF-8).
  package static func rawNames(in folder: String) -> [[UInt8]]? {
    guard let handle = opendir(folder) else { return nil }
    defer { closedir(handle) }
    var names: [[UInt8]] = []
    while let entry = readdir(handle) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
      if name != [0x2E] && name != [0x2E, 0x2E] { names.append(name) }
    }
    return names
  }
}
