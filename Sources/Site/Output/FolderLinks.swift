import Glibc

/// Hard links made by name into one folder of the output being written (`covers/`), from
/// folders opened once, where each file has the name it is given in the output: the processed
/// covers are tens of thousands of files in a few folders, and walking both full paths for each
/// was most of its cost. For one task at a time; the
/// folders close with it.
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

  /// Creates `name` in `folder` (which must not hold it) as a hard link to the file of that name
  /// in the folder `source` (`current` to keep the current output's); false when it cannot (the caller then goes the long way, and reports what
  /// fails there).
  func link(_ name: String, from source: String) -> Bool {
    let to = target ?? descriptor(of: folder)
    target = to
    let from: Int32
    if let last, last.path == source {
      from = last.descriptor
    } else {
      from = descriptor(of: source)
      last = (source, from)
    }
    return from >= 0 && to >= 0 && linkat(from, name, to, name, 0) == 0
  }

  /// The folder open for `linkat`, opened on first use; -1 when it cannot be opened.
  private func descriptor(of path: String) -> Int32 {
    if let descriptor = folders[path] { return descriptor }
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    folders[path] = descriptor
    return descriptor
  }
}
