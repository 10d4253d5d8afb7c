#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A regular file bookgen reads in pieces at given offsets (`pread`), never whole: a state file
/// beside the output that can be larger than what a build should hold at once.
///
/// Opened as `FileReader` opens (no blocking on a FIFO, no controlling terminal) and without
/// following a symbolic link in its place, then `fstat`ed: anything but a regular file outside
/// the kernel's pseudo file systems is refused. The descriptor is closed when the last holder
/// lets go. Reads may come from any thread at once.
package final class PositionalFile: Sendable {
  private let descriptor: Int32
  /// The size `fstat` gave when opened (what a reader takes as the end; the file may change).
  package let size: Int

  /// The regular file at `path` itself; nil when it is missing, a link, not a regular file or
  /// cannot be opened.
  package init?(path: String) {
    let descriptor = open(path, FileReader.openFlags | O_NOFOLLOW)
    guard descriptor >= 0 else { return nil }
    guard let size = try? FileReader.inspect(descriptor: descriptor, path: path, limit: PositionalFile.limit)
    else {
      close(descriptor)
      return nil
    }
    self.descriptor = descriptor
    self.size = size
  }

  deinit { close(descriptor) }

  /// Any size: the file is read in pieces.
  private static let limit = FileLimit(bytes: Int.max, what: "a file read in pieces")

  /// Fills `buffer` with the bytes at `offset`; how many it read (fewer at the end of the
  /// file), nil when a read fails.
  package func read(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) -> Int? {
    var done = 0
    while done < buffer.count {
      let got = pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
      if got < 0 && errno == EINTR { continue }
      if got < 0 { return nil }
      if got == 0 { break }
      done += got
    }
    return done
  }

  /// The `count` bytes at `offset`; nil when a read fails or the file ends before them.
  package func read(at offset: Int, count: Int) -> [UInt8]? {
    guard offset >= 0, count >= 0 else { return nil }
    var complete = false
    let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      let got = read(at: offset, into: UnsafeMutableRawBufferPointer(buffer)) ?? 0
      complete = got == count
      initialized = complete ? count : 0
    }
    return complete ? bytes : nil
  }
}
