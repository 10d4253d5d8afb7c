#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file as `stat` tells one version of it from another: the device and inode it lives in, its
/// size, and its modification and status-change times in nanoseconds.
///
/// Any change to a file's bytes sets its status-change time (`ctime`) to the moment of the
/// change, and nothing but the clock sets it (`touch -d` and `utimensat` restore the
/// modification time, never the change time); a file renamed into place is another inode. So
/// a file whose identity is the same as when it was read, and whose times were already in the
/// past then (`isSettled`), still holds what was read.
package struct FileIdentity: Hashable, Sendable {
  package var device: UInt64
  package var inode: UInt64
  package var size: Int64
  package var modified: Int64
  package var changed: Int64

  package init(device: UInt64, inode: UInt64, size: Int64, modified: Int64, changed: Int64) {
    self.device = device
    self.inode = inode
    self.size = size
    self.modified = modified
    self.changed = changed
  }

  package init(_ info: stat) {
    #if canImport(Glibc)
      let (modified, changed) = (info.st_mtim, info.st_ctim)
    #else
      let (modified, changed) = (info.st_mtimespec, info.st_ctimespec)
    #endif
    self.init(
      device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino),
      size: Int64(info.st_size), modified: Self.nanoseconds(modified), changed: Self.nanoseconds(changed))
  }

  /// Whether both times lie before `cutoff` (nanoseconds since 1970): a file changed again at
  /// or after the cutoff cannot keep this identity, since its change time would move.
  package func isSettled(before cutoff: Int64) -> Bool { modified < cutoff && changed < cutoff }

  /// How far before the clock's reading a cutoff must lie: file systems stamp times from a
  /// coarse clock (a tick behind) or round them to the second (two seconds on FAT).
  package static let timestampSlack: Int64 = 2_000_000_000

  /// Now by the system's real-time clock, the one file times come from, less `timestampSlack`:
  /// what a file read from now on must have been last changed before to be settled.
  package static func settledCutoff() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return nanoseconds(now) - timestampSlack
  }

  private static func nanoseconds(_ time: timespec) -> Int64 {
    Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
  }
}
