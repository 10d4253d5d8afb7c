/// The control characters that must never reach a page or a feed, and the one rule that removes
/// them from text that comes from outside (the catalog, API responses).
///
/// XML 1.0 forbids every C0 control but tab, line feed and carriage return, and HTML calls
/// those, DEL and the C1 controls (U+0080–U+009F) parse errors; the noncharacters U+FFFE and
/// U+FFFF are not XML characters either. Each source removes them once, where its text is
/// decoded, so every later stage can take its strings as clean.
package enum ControlCharacters {
  /// Whether `scalar` is one of the characters removed by `removingForbidden(_:)`.
  @inlinable
  static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09, 0x0A, 0x0D: return false
    case 0x00..<0x20, 0x7F...0x9F, 0xFFFE, 0xFFFF: return true
    default: return false
    }
  }

  /// Whether a UTF-8 byte may begin a forbidden character (C0 but tab, line feed and carriage
  /// return; DEL; `C2` of a C1 control; `EF` of U+FFFE/U+FFFF): a text without any holds none.
  @inlinable package static func mayBeginForbidden(_ byte: UInt8) -> Bool {
    (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || byte == 0x7F || byte == 0xC2
      || byte == 0xEF
  }

  /// Whether the UTF-8 text holds a forbidden character (a byte scan, no decoding).
  package static func containsForbidden(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        if byte < 0x20 {
          if byte != 0x09 && byte != 0x0A && byte != 0x0D { return true }
        } else if byte == 0x7F {
          return true
        } else if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) {
          return true
        } else if byte == 0xEF, index + 2 < bytes.count, bytes[index + 1] == 0xBF,
          bytes[index + 2] == 0xBE || bytes[index + 2] == 0xBF
        {
          return true
        }
        index += 1
      }
      return false
    }
  }

  /// `text` without its forbidden characters; the same string, uncopied, when it has none.
  package static func removingForbidden(_ text: String) -> String {
    guard containsForbidden(text) else { return text }
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars where !isForbidden(scalar) { scalars.append(scalar) }
    return String(scalars)
  }
}
