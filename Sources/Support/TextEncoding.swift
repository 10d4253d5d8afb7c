/// What a file's bytes say about their encoding, for files that must be UTF-8 (the catalog,
/// templates): where the first byte that is not UTF-8 lies, and whether the file is UTF-16 or
/// UTF-32 instead, so the message can say "save it as UTF-8" rather than show garbage.
package enum TextEncoding {
  /// The byte offset of the first byte that does not belong to a valid UTF-8 sequence, nil
  /// when all of `bytes` is UTF-8.
  package static func firstInvalidUTF8Byte(in bytes: [UInt8]) -> Int? {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded): offset += encoded.count
      case .emptyInput: return nil
      case .error: return offset
      }
    }
  }

  /// `UTF-16` or `UTF-32` when the bytes start with that encoding's byte order mark, or, without
  /// one, with an ASCII character and NUL bytes the way the YAML spec (5.2) detects them.
  package static func wideEncoding(of bytes: [UInt8]) -> String? {
    if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) {
      return "UTF-32"
    }
    if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) { return "UTF-16" }
    guard bytes.count >= 2 else { return nil }
    if bytes.count >= 4, bytes[0] == 0, bytes[1] == 0, bytes[2] == 0, bytes[3] != 0 { return "UTF-32" }
    if bytes.count >= 4, bytes[0] != 0, bytes[1] == 0, bytes[2] == 0, bytes[3] == 0 { return "UTF-32" }
    if (bytes[0] == 0) != (bytes[1] == 0) { return "UTF-16" }
    return nil
  }
}
