import Foundation
import Support

extension ResponseCache {
  /// One line per entry file — relative path, size and modification time in nanoseconds — sorted.
  ///
  /// Any fetch that changes an entry changes its line, so a build can tell that its inputs are
  /// unchanged from `stat` calls alone, without reading or decoding a single entry.
  package func identity() -> [String] {
    var lines: [String] = []
    Self.addEntries(in: directory, prefix: "", to: &lines, depth: 0)
    return lines.sorted()
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
        // Only the folders entries lie in: the others (the processed covers, tens of thousands
        // of files) are not walked.
        guard depth > 0 || isEntryFolder(name) else { continue }
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
