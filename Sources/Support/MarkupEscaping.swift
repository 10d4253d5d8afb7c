/// Escapes text for the HTML and XML bookgen writes (pages, the sanitizer's output, feeds, OPDS,
/// sitemaps, the preview's error page) by scanning UTF-8 bytes and copying clean runs whole.
///
/// One rule for both languages: the special characters of the context are replaced by entities,
/// and the characters `ControlCharacters` forbids (C0 controls but tab, line feed and carriage
/// return; DEL; C1; U+FFFE, U+FFFF) are dropped, so the same text gives the same characters in a
/// page and in a feed, and neither can be made invalid. (The Mustache engine keeps the escaping
/// its specification defines.)
package enum MarkupEscaping {
  /// Which characters become entities.
  package enum Characters: Sendable {
    /// `& < >`: HTML element content, all the sanitizer writes text into.
    case htmlText
    /// `& < > " '`: HTML text and quoted attributes alike.
    case html
    /// `& < > " '` and the backtick, which old Internet Explorer took for an attribute quote.
    case htmlAttribute
    /// `& < > "`: XML text and double-quoted attributes.
    case xml
  }

  /// `text` escaped; the same string, uncopied, when nothing needs escaping.
  package static func escape(_ text: String, _ characters: Characters) -> String {
    var text = text
    return text.withUTF8 { bytes in
      let first = nextCandidate(bytes, from: 0, characters)
      guard first < bytes.count else { return nil }
      var out: [UInt8] = []
      out.reserveCapacity(bytes.count + 16)
      out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[..<first]))
      append(UnsafeBufferPointer(rebasing: bytes[first...]), to: &out, characters)
      return String(decoding: out, as: UTF8.self)
    } ?? text
  }

  /// Appends `text` escaped to `output`.
  package static func append(_ text: String, to output: inout String, _ characters: Characters) {
    output += escape(text, characters)
  }

  /// Appends `text` escaped to `out`.
  package static func append(_ text: String, to out: inout [UInt8], _ characters: Characters) {
    var text = text
    text.withUTF8 { append($0, to: &out, characters) }
  }

  /// Appends `bytes` (UTF-8) escaped to `out`, copying the runs between replacements at once.
  package static func append(
    _ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], _ characters: Characters
  ) {
    // The blocks are read once: each read of the static table copies it out of its global.
    let blocks = blocks(characters)
    func nextCandidate(from start: Int) -> Int {
      blocks.firstIndex(in: bytes, from: start) { needsEscape($0, characters) }
    }
    var runStart = 0
    var index = nextCandidate(from: 0)
    while index < bytes.count {
      let byte = bytes[index]
      // 0xC2 and 0xEF only start a forbidden character in some sequences (C1, U+FFFE/U+FFFF).
      let length = forbiddenLength(bytes, at: index)
      if length == 0, byte >= 0x80 {
        index = nextCandidate(from: index + 1)
        continue
      }
      if runStart < index { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
      if length == 0 { out.append(contentsOf: entity(byte)) }
      index += max(1, length)
      runStart = index
      index = nextCandidate(from: index)
    }
    if runStart < bytes.count { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...])) }
  }

  /// The first byte at or after `start` that `needsEscape`, or `bytes.count`.
  @inline(__always)
  private static func nextCandidate(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, _ characters: Characters
  )
    -> Int
  {
    blocks(characters).firstIndex(in: bytes, from: start) { needsEscape($0, characters) }
  }

  private static func blocks(_ characters: Characters) -> ByteBlocks {
    switch characters {
    case .htmlText: htmlTextBlocks
    case .html: htmlBlocks
    case .htmlAttribute: htmlAttributeBlocks
    case .xml: xmlBlocks
    }
  }

  // Every byte `needsEscape` may be true for, by the characters escaped.
  private static let htmlTextBlocks = ByteBlocks(Array("&<>".utf8) + [0x7F, 0xC2, 0xEF], controls: true)
  private static let htmlBlocks = ByteBlocks(Array("&<>\"'".utf8) + [0x7F, 0xC2, 0xEF], controls: true)
  private static let htmlAttributeBlocks = ByteBlocks(
    Array("&<>\"'`".utf8) + [0x7F, 0xC2, 0xEF], controls: true)
  private static let xmlBlocks = ByteBlocks(Array("&<>\"".utf8) + [0x7F, 0xC2, 0xEF], controls: true)

  /// Whether `byte` is replaced or dropped, or (0xC2, 0xEF) may start a forbidden character.
  @inline(__always)
  private static func needsEscape(_ byte: UInt8, _ characters: Characters) -> Bool {
    switch byte {
    case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"): true
    case UInt8(ascii: "\""): characters != .htmlText
    case UInt8(ascii: "'"): characters == .html || characters == .htmlAttribute
    case UInt8(ascii: "`"): characters == .htmlAttribute
    case 0x09, 0x0A, 0x0D: false
    case 0..<0x20, 0x7F, 0xC2, 0xEF: true
    default: false
    }
  }

  /// How many bytes of the forbidden character at `index` to drop; 0 when there is none.
  @inline(__always)
  private static func forbiddenLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
    switch bytes[index] {
    case 0..<0x20, 0x7F:
      return bytes[index] == UInt8(ascii: "\t") || bytes[index] == 0x0A || bytes[index] == 0x0D ? 0 : 1
    case 0xC2:
      return index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1]) ? 2 : 0
    case 0xEF:
      return index + 2 < bytes.count && bytes[index + 1] == 0xBF
        && (bytes[index + 2] == 0xBE || bytes[index + 2] == 0xBF)
        ? 3 : 0
    default:
      return 0
    }
  }

  private static func entity(_ byte: UInt8) -> [UInt8] {
    switch byte {
    case UInt8(ascii: "&"): ampersand
    case UInt8(ascii: "<"): lessThan
    case UInt8(ascii: ">"): greaterThan
    case UInt8(ascii: "\""): quote
    case UInt8(ascii: "'"): apostrophe
    default: backtick
    }
  }

  private static let ampersand = Array("&amp;".utf8)
  private static let lessThan = Array("&lt;".utf8)
  private static let greaterThan = Array("&gt;".utf8)
  private static let quote = Array("&quot;".utf8)
  private static let apostrophe = Array("&#39;".utf8)
  private static let backtick = Array("&#96;".utf8)
}
