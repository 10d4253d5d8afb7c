/// Hexadecimal digits as the cache, the manifests and URLs write them.
package enum HexText {
  /// `0123456789abcdef`, as bytes.
  static let lowercaseDigits = Array("0123456789abcdef".utf8)
  /// `0123456789ABCDEF`, as bytes: percent-encoding's digits (RFC 3986 prefers upper case).
  static let uppercaseDigits = Array("0123456789ABCDEF".utf8)

  /// Two lower-case digits a byte: a digest's usual spelling.
  package static func lowercase(_ bytes: some Collection<UInt8>) -> String {
    var text: [UInt8] = []
    text.reserveCapacity(bytes.count * 2)
    for byte in bytes {
      text.append(lowercaseDigits[Int(byte >> 4)])
      text.append(lowercaseDigits[Int(byte & 0x0F)])
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// Sixteen lower-case digits, leading zeros kept, so every value has the same width.
  package static func lowercase(_ value: UInt64) -> String {
    var bytes = [UInt8](repeating: 0, count: 16)
    var rest = value
    for index in stride(from: 15, through: 0, by: -1) {
      bytes[index] = lowercaseDigits[Int(rest & 0xF)]
      rest >>= 4
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The value of 1 to 16 hex digits of either case, as the files bookgen writes hold them; nil
  /// for anything else. A concrete type, for the reason `NumberText.value(ofDigits:)` gives.
  package static func value(of digits: UnsafeBufferPointer<UInt8>) -> UInt64? {
    guard !digits.isEmpty, digits.count <= 16 else { return nil }
    var value: UInt64 = 0
    for digit in digits {
      guard let nibble = Self.digit(digit) else { return nil }
      value = value << 4 | UInt64(nibble)
    }
    return value
  }

  /// The value of one hex digit of either case; nil for any other byte.
  package static func digit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
