import Glibc

/// Hard links made by name into one folder of the output being written (`covers/`), from
/// folders opened once, where each file has the name it is given in the output: the processed
/// covers are tens of thousands of files in a few folders, and walking both full paths for each
/// would be most of the cost. For one task at a time; the folders close with it.
final class FolderLinks {
  /// The folder written (`<staging>/covers`), and the same folder of the current output.
  let folder: String
  let current: String
  private var folders: [String: Int32] = [:]
  /// `folder`'s descriptor, and the last source folder's: nearly every link comes from the same
  /// folder as the one before (the current output's), so its path is not looked up each time.
  private var target: Int32?
  private var last: (path: String, descriptor: Int32)?

  init(folder: String, current: String) {
    self.folder = folder
    self.current = current
  }

  deinit {
    for descriptor in folders.values where descriptor >= 0 { close(descriptor) }
  }

  /// Creates the file of `path`'s name (`covers/<name>`, relative to the output) in `folder`
  /// (which must not hold it) as a hard link to the file of that name in the folder `source`
  /// (`current` to keep the current output's); false when it cannot (the caller then goes the
  /// long way, and reports what fails there).
  func link(_ path: String, from source: String) -> Bool {
    let to = target ?? descriptor(of: folder)
    target = to
    let from: Int32
    if let last, last.path == source {
      from = last.descriptor
    } else {
      from = descriptor(of: source)
      last = (source, from)
    }
    guard from >= 0, to >= 0 else { return false }
    // The name is the path's end, its own bytes: no string of its own.
    let start = Self.nameStart(of: path)
    return path.withCString { linkat(from, $0 + start, to, $0 + start, 0) == 0 }
  }

  /// The file name `path` ends with.
  func name(of path: String) -> String { String(path.utf8.dropFirst(Self.nameStart(of: path)))! }

  /// Where the last component of `path` starts, in bytes.
  private static func nameStart(of path: String) -> Int {
    path.utf8.lastIndex(of: UInt8(ascii: "/")).map {
      path.utf8.distance(from: path.utf8.startIndex, to: $0) + 1
    } ?? 0
  }

  /// The folder open for `linkat`, opened on first use; -1 when it cannot be opened.
  private func descriptor(of path: String) -> Int32 {
    if let descriptor = folders[path] { return descriptor }
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    folders[path] = descriptor
    return descriptor
  }
}
