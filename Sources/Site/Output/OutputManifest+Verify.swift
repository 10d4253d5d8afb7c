import Support

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension OutputManifest {
  /// What an intact output holds, for the report of a build that had nothing to do.
  struct Summary: Sendable, Equatable {
    var files: Int
    var bytes: Int
    var pages: Int
  }

  /// Checks that the manifest in the file `manifest` is complete, records `fingerprint`, and that
  /// every file it lists exists in `folder` with its recorded size; nil otherwise.
  ///
  /// Streams the manifest without building its table (this is the whole of a no-op build, so it
  /// must stay fast at 100,000 books): one `lstat` per file, paths assembled in one buffer.
  static func verify(manifest: String, folder: String, fingerprint: String) -> Summary? {
    guard let data = FileSystem.read(manifest) else { return nil }
    let expectedStart = Array((header + "\nfingerprint " + fingerprint + "\n").utf8)
    guard data.starts(with: expectedStart) else { return nil }
    var path = Array(folder.utf8) + [UInt8(ascii: "/")]
    let prefixLength = path.count
    var summary = Summary(files: 0, bytes: 0, pages: 0)
    var index = expectedStart.count
    while index < data.count {
      guard let end = data[index...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
      let line = data[index..<end]
      index = end + 1
      if line.starts(with: "end ".utf8) {
        guard index == data.count, parseDecimal(line.dropFirst(4)) == summary.files else { return nil }
        return summary
      }
      // `<16 hex> <size> <16 hex or -> <path>`
      guard line.count > 21, line[line.startIndex + 16] == UInt8(ascii: " "),
        let sizeEnd = line[(line.startIndex + 17)...].firstIndex(of: UInt8(ascii: " ")),
        let size = parseDecimal(line[(line.startIndex + 17)..<sizeEnd]),
        let sourceEnd = line[(sizeEnd + 1)...].firstIndex(of: UInt8(ascii: " ")),
        sourceEnd - sizeEnd == 2 || sourceEnd - sizeEnd == 17
      else { return nil }
      let name = line[(sourceEnd + 1)...]
      guard !name.isEmpty else { return nil }
      path.removeSubrange(prefixLength..<path.count)
      path.append(contentsOf: name)
      path.append(0)
      var info = stat()
      let found = path.withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) { lstat($0.baseAddress!, &info) == 0 }
      }
      guard found, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) == size else { return nil }
      summary.files += 1
      summary.bytes += size
      if name.count >= 5, name.suffix(5).elementsEqual(".html".utf8) { summary.pages += 1 }
    }
    return nil
  }

  /// Whether `folder` holds exactly the files this manifest lists, with their sizes, and nothing
  /// else: how a tree whose identity changed (a copied or moved project) is recognised.
  func describesExactly(_ folder: String) -> Bool {
    guard isComplete else { return false }
    for (path, entry) in entries where FileSystem.size(of: folder + "/" + path) != entry.size {
      return false
    }
    var files = 0
    var pending = [folder]
    while let current = pending.popLast() {
      guard let names = PathKind.names(in: current) else { return false }
      for name in names {
        switch PathKind.of(current + "/" + name) {
        case .folder: pending.append(current + "/" + name)
        case .file: files += 1
        case .missing, .other: return false
        }
      }
    }
    return files == entries.count
  }

  private static func parseDecimal(_ digits: ArraySlice<UInt8>) -> Int? {
    guard !digits.isEmpty, digits.count <= 18 else { return nil }
    var value = 0
    for digit in digits {
      guard digit >= 48, digit <= 57 else { return nil }
      value = value * 10 + Int(digit - 48)
    }
    return value
  }
}
