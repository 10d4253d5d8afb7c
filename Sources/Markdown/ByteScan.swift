import Glibc

/// Finding bytes in descriptions with `memchr`, which reads many bytes per step: the readers
/// look for the few bytes that mean markup (`<`, `&`, NUL) and skip the text between them,
/// instead of testing a byte at a time.
enum ByteScan {
  /// The first index of `byte` in `bytes[range]`, or nil.
  @inline(__always)
  static func firstIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
    guard let base = bytes.baseAddress, !range.isEmpty,
      let found = memchr(base + range.lowerBound, Int32(byte), range.count)
    else { return nil }
    return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
  }

  /// Whether `byte` is in `bytes[range]`.
  @inline(__always)
  static func contains(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
    firstIndex(of: byte, in: bytes, range) != nil
  }
}
