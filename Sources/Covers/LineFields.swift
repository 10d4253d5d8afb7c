import Support

/// The space-separated fields of one line, read in order from its bytes: the covers' memo and
/// the processed covers' entries are read field by field, without a string for each.
struct LineFields {
  typealias Bytes = Slice<UnsafeBufferPointer<UInt8>>
  private var bytes: Bytes

  init(_ bytes: Bytes) { self.bytes = bytes }

  var isAtEnd: Bool { bytes.isEmpty }

  /// The next field's bytes (empty between two spaces); nil at the end of the line.
  mutating func next() -> Bytes? {
    guard !bytes.isEmpty else { return nil }
    let end = bytes.firstIndex(of: 0x20) ?? bytes.endIndex
    let field = bytes[bytes.startIndex..<end]
    bytes = bytes[(end == bytes.endIndex ? end : end + 1)...]
    return field
  }

  /// The next field as a decimal number, `-` allowed for a signed type; nil when it is none or
  /// does not fit.
  mutating func decimal<T: FixedWidthInteger>(_: T.Type = T.self) -> T? {
    guard let field = next() else { return nil }
    guard T.isSigned, field.first == UInt8(ascii: "-") else {
      return NumberText.value(ofDigits: UnsafeBufferPointer(rebasing: field)).flatMap(T.init(exactly:))
    }
    return NumberText.value(ofDigits: UnsafeBufferPointer(rebasing: field.dropFirst()))
      .flatMap(T.init(exactly:)).map { 0 - $0 }
  }

  /// The next field as 1 to 16 hex digits.
  mutating func hex() -> UInt64? {
    next().flatMap { HexText.value(of: UnsafeBufferPointer(rebasing: $0)) }
  }

  /// The next field as text; nil when it is empty.
  mutating func word() -> String? {
    guard let field = next(), !field.isEmpty else { return nil }
    return String(decoding: field, as: UTF8.self)
  }

  /// The rest of the line, spaces and all (a path, a reason); nil when nothing is left.
  mutating func rest() -> String? {
    guard !bytes.isEmpty else { return nil }
    defer { bytes = bytes[bytes.endIndex...] }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// A stamp written by `FileStamp.fields`: size, modification and change times, inode, device.
  mutating func stamp() -> FileStamp? {
    guard let size: Int = decimal(), let modified: Int64 = decimal(), let changed: Int64 = decimal(),
      let inode: UInt64 = decimal(), let device: UInt64 = decimal()
    else { return nil }
    return FileStamp(size: size, modified: modified, changed: changed, inode: inode, device: device)
  }

  /// Hands `body` the fields of each non-empty line of `bytes` after the first, which must be
  /// `header`; false when it is not, or when `body` refuses a line.
  static func lines(of bytes: [UInt8], header: String, _ body: (inout LineFields) -> Bool) -> Bool {
    bytes.withUnsafeBufferPointer { buffer in
      var lines = buffer[...].split(separator: 0x0A, omittingEmptySubsequences: true)[...]
      guard let first = lines.popFirst(), first.elementsEqual(header.utf8) else { return false }
      for line in lines {
        var fields = LineFields(line)
        guard body(&fields) else { return false }
      }
      return true
    }
  }
}

extension FileStamp {
  /// `<size> <modified ns> <changed ns> <inode> <device>`, as `LineFields.stamp` reads it.
  var fields: String { "\(size) \(modified) \(changed) \(inode) \(device)" }
}
