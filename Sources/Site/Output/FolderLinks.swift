import Glibc

/// Hard links made by name into one folder of the output being written (`covers/`), from
/// folders opened once: the processed covers are tens of thousands of files in a few folders,
/// and walking both full paths for each was most of its cost. For one task at a time; the
/// folders close with it.
final class FolderLinks {
  /// The folder written (`<staging>/covers`), and the same folder of the current output.
  let folder: String
  let current: String
  private var folders: [String: Int32] = [:]

  init(folder: String, current: String) {
    self.folder = folder
    self.current = current
  }

  deinit {
    for descriptor in folders.values where descriptor >= 0 { close(descriptor) }
  }

  /// Creates `name` in `folder` (which must not hold it) as a hard link to the file `source`,
  /// a full path; false when it cannot (the caller then goes the long way, and reports what
  /// fails there).
  func link(_ source: String, as name: String) -> Bool {
    let to = descriptor(of: folder)
    guard to >= 0 else { return false }
    var source = source
    // The source's folder by its bytes, and its name as the tail of the same C string.
    let split = source.withUTF8 { bytes -> (folder: String, name: Int)? in
      guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")), slash + 1 < bytes.count else { return nil }
      return (String(decoding: bytes[..<slash], as: UTF8.self), slash + 1)
    }
    guard let split else { return false }
    let from = descriptor(of: split.folder)
    return from >= 0 && source.withCString { linkat(from, $0 + split.name, to, name, 0) == 0 }
  }

  /// Creates `name` in `folder` as a hard link to the current output's file of that name.
  func keep(_ name: String) -> Bool {
    let (from, to) = (descriptor(of: current), descriptor(of: folder))
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
