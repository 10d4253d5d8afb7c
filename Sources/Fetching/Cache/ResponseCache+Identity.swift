import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension ResponseCache {
  /// One line per entry file — relative path, size and modification time in nanoseconds — sorted.
  ///
  /// Any fetch that changes an entry changes its line, so a build can tell that its inputs are
  /// unchanged from `stat` calls alone, without reading or decoding a single entry.
  package func identity() -> [String] {
    guard let names = FileManager.default.subpaths(atPath: directory) else { return [] }
    var lines: [String] = []
    lines.reserveCapacity(names.count)
    for name in names where name.hasSuffix(".entry") {
      var info = stat()
      guard stat(directory + "/" + name, &info) == 0 else { continue }
      #if canImport(Glibc)
        let time = info.st_mtim
      #else
        let time = info.st_mtimespec
      #endif
      let modified = Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
      lines.append("\(name) \(info.st_size) \(modified)")
    }
    return lines.sorted()
  }
}
