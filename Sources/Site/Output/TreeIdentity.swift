import Glibc

/// What names a folder through renames, so that its manifest can live outside it: the inode
/// and, where the file system records it, the creation time. A rename (the build's swap) keeps
/// both; a folder deleted and made again in its place gets a new creation time even when it
/// gets the old inode back, and a copy gets new ones.
enum TreeIdentity {
  /// `<inode>-<seconds>.<nanoseconds>` of creation, or `<inode>` where no creation time is kept;
  /// nil when `path` is not a folder (a link is not followed).
  static func key(of path: String) -> String? {
    var info = stat()
    guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return nil }
    let inode = UInt64(info.st_ino)
    guard let birth = birthTime(of: path, info) else { return "\(inode)" }
    return "\(inode)-\(birth.seconds).\(birth.nanoseconds)"
  }

  private static func birthTime(of path: String, _ info: stat) -> (seconds: Int64, nanoseconds: UInt32)? {
    // `struct statx` is 256 bytes: `stx_mask` at 0, `stx_btime` (i64 seconds, u32 ns) at 80.
    guard let statx else { return nil }
    var buffer = [UInt8](repeating: 0, count: 256)
    let found = buffer.withUnsafeMutableBytes { raw in
      statx(AT_FDCWD, path, atSymlinkNoFollow, statxBirthTime, raw.baseAddress!) == 0
    }
    guard found else { return nil }
    let mask = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 0, as: UInt32.self) }
    guard mask & statxBirthTime != 0 else { return nil }
    let seconds = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 80, as: Int64.self) }
    let nanoseconds = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 88, as: UInt32.self) }
    return (seconds, nanoseconds)
  }

  private typealias Statx =
    @convention(c) (Int32, UnsafePointer<CChar>, Int32, UInt32, UnsafeMutableRawPointer) -> Int32
  private static let atSymlinkNoFollow: Int32 = 0x100
  private static let statxBirthTime: UInt32 = 0x800
  /// glibc (2.28+) exports `statx`, but Swift's Glibc module does not import it.
  private static let statx: Statx? = {
    guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "statx") else { return nil }
    return unsafeBitCast(symbol, to: Statx.self)
  }()
}
