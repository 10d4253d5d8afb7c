import Foundation
import Support

extension ResponseCache {
  /// One line per entry file — relative path, size and modification time in nanoseconds — sorted.
  ///
  /// Any fetch that changes an entry changes its line, so a build can tell that its inputs are
  /// unchanged from `stat` calls alone, without reading or decoding a single entry.
  ///
  /// Only the entry folders' files count (the cache reads no other): the folders are walked on
  /// every core, each sorted alone, and as their names are two hex digits, their lists in name
  /// order are the whole list sorted.
  package func identity() -> [String] {
    let folders = (PathKind.names(in: directory) ?? []).filter(Self.isEntryFolder).sorted()
    return Parallel.map(count: folders.count, minimumChunk: 16) { index in
      var lines: [String] = []
      Self.addEntries(
        in: directory + "/" + folders[index], prefix: folders[index] + "/", to: &lines, depth: 1)
      return lines.sorted()
    }.flatMap { $0 }
  }

  /// Walked with `readdir` and `fstatat` on the folder itself: Foundation's walk costs a
  /// rebuild of `bookgen serve` many times more, at thousands of entries.
  private static func addEntries(in folder: String, prefix: String, to lines: inout [String], depth: Int) {
    guard depth < 8, let directory = opendir(folder) else { return }
    defer { closedir(directory) }
    let descriptor = dirfd(directory)
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name == "." || name == ".." { continue }
      var info = stat()
      guard fstatat(descriptor, name, &info, 0) == 0 else { continue }
      if info.st_mode & S_IFMT == S_IFDIR {
        addEntries(in: folder + "/" + name, prefix: prefix + name + "/", to: &lines, depth: depth + 1)
        continue
      }
      guard name.hasSuffix(".entry") else { continue }
      lines.append("\(prefix)\(name) \(info.st_size) \(FileStamp(info).modified)")
    }
  }

  /// True when the folder holds no entry at all (a site that has never fetched).
  package var isEmpty: Bool {
    let folders = PathKind.names(in: directory) ?? []
    return !folders.filter(Self.isEntryFolder).contains { folder in
      PathKind.names(in: directory + "/" + folder)?.contains { $0.hasSuffix(".entry") } ?? false
    }
  }
}
