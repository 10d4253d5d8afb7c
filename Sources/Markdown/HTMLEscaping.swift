/// Escapes text for HTML by scanning UTF-8 bytes; shared by the sanitizer and the site writers.
public enum HTMLEscaping {
  /// Returns `s` with `&`, `<`, `>`, `"` and `'` replaced by entities; safe in text and quoted attributes.
  ///
  /// Control characters HTML forbids (C0 other than tab, newlines and form feed; DEL; C1) are
  /// dropped so pages stay valid.
  public static func escape(_ s: String) -> String {
    escaped(s, .all)
  }

  /// Returns `s` escaped for a double- or single-quoted attribute value.
  ///
  /// Same as `escape` plus the backtick, which old Internet Explorer treated as an attribute quote.
  public static func escapeAttribute(_ s: String) -> String {
    escaped(s, .attribute)
  }

  /// Which characters to replace.
  enum Characters {
    /// `& < >`: enough for element content, which is all the sanitizer writes text into.
    case text
    /// `& < > " '`.
    case all
    /// `& < > " '` and the backtick.
    case attribute
  }

  private static func escaped(_ s: String, _ characters: Characters) -> String {
    var s = s
    return s.withUTF8 { bytes in
      // Most strings need no escaping: return them without copying.
      guard let first = bytes.firstIndex(where: { needsEscape($0, characters) }) else {
        return nil
      }
      var out: [UInt8] = []
      out.reserveCapacity(bytes.count + 16)
      out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[..<first]))
      append(UnsafeBufferPointer(rebasing: bytes[first...]), to: &out, characters)
      return String(decoding: out, as: UTF8.self)
    } ?? s
  }

  /// Whether `byte` must be replaced or dropped (or, for 0xC2, may start a C1 control).
  @inline(__always)
  static func needsEscape(_ byte: UInt8, _ characters: Characters) -> Bool {
    switch byte {
    case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"):
      return true
    case UInt8(ascii: "\""), UInt8(ascii: "'"):
      return characters != .text
    case UInt8(ascii: "`"):
      return characters == .attribute
    case 0x09, 0x0A, 0x0C, 0x0D:
      return false
    case 0..<0x20, 0x7F, 0xC2:
      return true
    default:
      return false
    }
  }

  /// Appends `bytes` to `out`, escaped; copies unescaped runs in one go. Control characters,
  /// which HTML forbids in documents (all but tab, newlines and form feed), are dropped.
  static func append(
    _ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], _ characters: Characters
  ) {
    var runStart = 0
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      guard needsEscape(byte, characters) else {
        index += 1
        continue
      }
      var skipped = 1
      if byte == 0xC2 {
        // U+0080–U+009F (C1 controls) are C2 80–C2 9F; other C2 sequences are ordinary text.
        guard index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) else {
          index += 1
          continue
        }
        skipped = 2
      }
      if runStart < index {
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
      }
      switch byte {
      case UInt8(ascii: "&"): out.append(contentsOf: ampersand)
      case UInt8(ascii: "<"): out.append(contentsOf: lessThan)
      case UInt8(ascii: ">"): out.append(contentsOf: greaterThan)
      case UInt8(ascii: "\""): out.append(contentsOf: quote)
      case UInt8(ascii: "'"): out.append(contentsOf: apostrophe)
      case UInt8(ascii: "`"): out.append(contentsOf: backtick)
      default: break  // a control character
      }
      index += skipped
      runStart = index
    }
    if runStart < bytes.count {
      out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }
  }

  /// Appends `s` to `out`, escaped.
  static func append(_ s: String, to out: inout [UInt8], _ characters: Characters) {
    var s = s
    s.withUTF8 { append($0, to: &out, characters) }
  }

  private static let ampersand = Array("&amp;".utf8)
  private static let lessThan = Array("&lt;".utf8)
  private static let greaterThan = Array("&gt;".utf8)
  private static let quote = Array("&quot;".utf8)
  private static let apostrophe = Array("&#39;".utf8)
  private static let backtick = Array("&#96;".utf8)
}
