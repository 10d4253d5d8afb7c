import Glibc
import Support

extension OutputManifest {
  /// What an intact output holds, for the report of a build that had nothing to do.
  struct Summary: Sendable, Equatable {
    var files: Int
    var bytes: Int
    var pages: Int
  }

  /// Checks that the manifest file `manifest` describes the folder `folder` as it is (its
  /// identity, `tree`), records `fingerprint`, and that every file it lists is there with its
  /// recorded size; nil otherwise.
  ///
  /// Streams the manifest without building its table (this is the whole of a no-op build, so it
  /// must stay fast at 100,000 books): one `fstatat` per file, relative to the folder so the
  /// kernel does not walk the folder's own path each time, paths assembled in one buffer.
  static func verify(manifest: String, folder: String, tree: String, fingerprint: String) -> Summary? {
    guard let data = FileSystem.read(manifest) else { return nil }
    let root = open(folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard root >= 0 else { return nil }
    defer { close(root) }
    var path: [UInt8] = []
    var summary = Summary(files: 0, bytes: 0, pages: 0)
    var intact = true
    let header = data.withUnsafeBufferPointer { buffer -> Header? in
      // A site built from other inputs is not looked at: its header is read first.
      guard let header = scan(buffer, skippingEntries: true, { _, _ in }), header.tree == tree,
        header.fingerprint == fingerprint
      else { return nil }
      return scan(buffer) { name, entry in
        // A relative path only: an absolute one would be looked up outside the folder.
        guard intact, name.first != UInt8(ascii: "/") else {
          intact = false
          return
        }
        path.removeAll(keepingCapacity: true)
        path.append(contentsOf: name)
        path.append(0)
        var info = stat()
        let found = path.withUnsafeBufferPointer { buffer in
          buffer.withMemoryRebound(to: CChar.self) {
            fstatat(root, $0.baseAddress!, &info, AT_SYMLINK_NOFOLLOW) == 0
          }
        }
        guard found, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) == entry.size else {
          intact = false
          return
        }
        summary.files += 1
        summary.bytes += entry.size
        if name.count >= 5, name.suffix(5).elementsEqual(".html".utf8) { summary.pages += 1 }
      }
    }
    guard intact, let header, header.tree == tree, header.fingerprint == fingerprint,
      header.count == summary.files
    else { return nil }
    return summary
  }

  /// Whether `folder` holds exactly the files this manifest lists, with their sizes, and nothing
  /// else: how a tree whose identity changed (a copied or moved project) is recognised.
  func describesExactly(_ folder: String) -> Bool {
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
}
