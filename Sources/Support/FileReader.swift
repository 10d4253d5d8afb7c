import Glibc

/// Reads a file the owner pointed bookgen at, refusing what is not an ordinary file of sane size.
///
/// The descriptor is opened without blocking (a FIFO would wait for a writer forever) and
/// without becoming a controlling terminal, then `fstat`ed: only a regular file outside the
/// kernel's pseudo file systems is read, and never more than the limit plus one byte, whatever
/// size it claims (files in `/proc` claim 0; a sparse file claims terabytes it would take to read).
/// `FileFence` adds the rule that the file must lie inside a given folder.
package enum FileReader {
  /// Every read opens with these: no descriptor leaks into child processes, no blocking open.
  static let openFlags = O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY

  /// The bytes of the regular file at `path` (a symbolic link to one is followed).
  package static func read(_ path: String, limit: FileLimit) throws(FileReadError) -> [UInt8] {
    let descriptor = open(path, openFlags)
    guard descriptor >= 0 else { throw openError(path: path, errno: errno) }
    defer { close(descriptor) }
    return try read(descriptor: descriptor, path: path, limit: limit)
  }

  /// What a failed `open` of `path` means: a missing file, a broken link, or the system's reason.
  static func openError(path: String, errno code: Int32) -> FileReadError {
    guard code == ENOENT || code == ENOTDIR else {
      return FileReadError(path: path, problem: .system(operation: "open", errno: code))
    }
    var info = stat()
    let isLink = lstat(path, &info) == 0 && FileKind(mode: info.st_mode) == .symbolicLink
    return FileReadError(path: path, problem: isLink ? .brokenLink : .notFound)
  }

  /// Checks the open `descriptor` is an ordinary file within `limit`; returns its `stat`.
  static func status(descriptor: Int32, path: String, limit: FileLimit) throws(FileReadError) -> stat {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      throw FileReadError(path: path, problem: .system(operation: "inspect", errno: errno))
    }
    let kind = FileKind(mode: info.st_mode)
    guard kind == .regular else { throw FileReadError(path: path, problem: .notRegular(kind)) }
    if isKernelFile(descriptor) { throw FileReadError(path: path, problem: .kernelFile) }
    guard Int(info.st_size) <= limit.bytes else {
      throw FileReadError(path: path, problem: .tooLarge(limit: limit.bytes, what: limit.what))
    }
    return info
  }

  /// Checks the open `descriptor` is an ordinary file within `limit`, then reads it whole.
  static func read(descriptor: Int32, path: String, limit: FileLimit) throws(FileReadError) -> [UInt8] {
    let info = try status(descriptor: descriptor, path: path, limit: limit)
    let size = Int(info.st_size)
    let tooLarge = FileReadError(path: path, problem: .tooLarge(limit: limit.bytes, what: limit.what))
    // One byte more than announced: finding it means the size lied (or the file grew), so the
    // rest is read in chunks, still stopping one byte past the limit.
    var failure: Int32 = 0
    var bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, count in
      count = fill(descriptor, buffer, failure: &failure)
    }
    if failure == 0, bytes.count > size {
      var chunk = [UInt8](repeating: 0, count: 1 << 16)
      while bytes.count <= limit.bytes {
        let wanted = min(chunk.count, limit.bytes + 1 - bytes.count)
        let got = chunk.withUnsafeMutableBufferPointer {
          fill(descriptor, UnsafeMutableBufferPointer(rebasing: $0[0..<wanted]), failure: &failure)
        }
        bytes.append(contentsOf: chunk[0..<got])
        if got < wanted { break }
      }
    }
    if failure != 0 { throw FileReadError(path: path, problem: .system(operation: "read", errno: failure)) }
    guard bytes.count <= limit.bytes else { throw tooLarge }
    return bytes
  }

  /// Reads until `buffer` is full or the file ends; returns the bytes read, `failure` the errno.
  private static func fill(
    _ descriptor: Int32, _ buffer: UnsafeMutableBufferPointer<UInt8>, failure: inout Int32
  )
    -> Int
  {
    var offset = 0
    while offset < buffer.count {
      let got = systemRead(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
      if got < 0 && errno == EINTR { continue }
      if got < 0 { failure = errno }
      if got <= 0 { break }
      offset += got
    }
    return offset
  }

  /// Whether the file lives on a kernel pseudo file system (procfs, sysfs and kin), whose
  /// "files" are generated on reading: the environment, memory maps, device state.
  static func isKernelFile(_ descriptor: Int32) -> Bool {
    guard let fstatfs = fstatfs else { return false }
    // `struct statfs` starts with `f_type` (a C long) on every Linux ABI; 256 bytes hold it all.
    var buffer = [Int](repeating: 0, count: 32)
    guard buffer.withUnsafeMutableBytes({ fstatfs(descriptor, $0.baseAddress!) }) == 0 else { return false }
    return kernelFileSystems.contains(Int64(buffer[0]) & 0xFFFF_FFFF)
  }

  private typealias FStatFS = @convention(c) (Int32, UnsafeMutableRawPointer) -> Int32
  /// glibc exports `fstatfs`, but Swift's Glibc module does not import `sys/vfs.h`.
  private static let fstatfs: FStatFS? = {
    guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "fstatfs") else { return nil }
    return unsafeBitCast(symbol, to: FStatFS.self)
  }()

  /// Linux magic numbers (`linux/magic.h`): proc, sysfs, debugfs, tracefs, securityfs, cgroup,
  /// cgroup2, configfs, efivarfs, bpf, pstore.
  private static let kernelFileSystems: Set<Int64> = [
    0x9FA0, 0x6265_6572, 0x6462_6720, 0x7472_6163, 0x7363_6673, 0x27_E0EB, 0x6367_7270, 0x6265_6570,
    0xDE5E_81E4, 0xCAFE_4A11, 0x6165_676C,
  ]
}

private let systemRead = Glibc.read
