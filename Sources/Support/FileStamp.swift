import Glibc

/// What tells a file's bytes apart without reading them: its size, modification and change
/// times and its inode. Writing a file gives it a new change time even when its size and
/// modification time are set back, and replacing it by a rename gives it a new inode.
package struct FileStamp: Sendable, Hashable {
  package var size: Int
  /// Nanoseconds since 1970.
  package var modified: Int64
  package var changed: Int64
  package var inode: UInt64
  package var device: UInt64

  package init(size: Int, modified: Int64, changed: Int64, inode: UInt64, device: UInt64) {
    self.size = size
    self.modified = modified
    self.changed = changed
    self.inode = inode
    self.device = device
  }

  package init(_ info: stat) {
    let (modified, changed) = (info.st_mtim, info.st_ctim)
    self.init(
      size: Int(info.st_size), modified: Int64(modified.tv_sec) * 1_000_000_000 + Int64(modified.tv_nsec),
      changed: Int64(changed.tv_sec) * 1_000_000_000 + Int64(changed.tv_nsec), inode: UInt64(info.st_ino),
      device: UInt64(info.st_dev))
  }

  /// The stamp of the file at `path` (a link followed), relative to the open folder `folder` if
  /// given (for many files of one folder, whose path the kernel then walks once); nil if none.
  package static func of(_ path: String, in folder: Int32 = AT_FDCWD) -> FileStamp? {
    var info = stat()
    guard fstatat(folder, path, &info, 0) == 0 else { return nil }
    return FileStamp(info)
  }
}
