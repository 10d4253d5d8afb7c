#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What is at a path, without following a final symbolic link (a link is `.other`).
package enum PathKind: Sendable, Equatable {
  case missing, folder, file, other

  package static func of(_ path: String) -> PathKind {
    var info = stat()
    guard lstat(path, &info) == 0 else { return .missing }
    switch info.st_mode & S_IFMT {
    case S_IFDIR: return .folder
    case S_IFREG: return .file
    default: return .other
    }
  }

  /// The names in `folder` (without `.` and `..`), unsorted; nil when it cannot be read.
  package static func names(in folder: String) -> [String]? {
    guard let handle = opendir(folder) else { return nil }
    defer { closedir(handle) }
    var names: [String] = []
    while let entry = readdir(handle) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }
}
