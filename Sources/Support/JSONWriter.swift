/// Writes compact JSON straight into UTF-8 bytes, with `JSONValue`'s escaping and the order
/// of the calls, so a caller that knows its shape builds no `JSONValue` tree.
///
/// Strings escape `"`, `\`, control characters, `<`, `>`, `&`, U+2028 and U+2029 exactly as
/// `JSONValue.rendered()` does: the bytes are the same for the same values.
package struct JSONWriter {
  package var bytes: [UInt8]
  /// Whether the next value or key follows another in the same object or array.
  private var needsComma = false

  package init(appendingTo bytes: [UInt8] = []) { self.bytes = bytes }

  package mutating func beginObject() { open(UInt8(ascii: "{")) }
  package mutating func endObject() { close(UInt8(ascii: "}")) }
  package mutating func beginArray() { open(UInt8(ascii: "[")) }
  package mutating func endArray() { close(UInt8(ascii: "]")) }

  private mutating func open(_ bracket: UInt8) {
    separate()
    bytes.append(bracket)
    needsComma = false
  }

  private mutating func close(_ bracket: UInt8) {
    bytes.append(bracket)
    needsComma = true
  }

  /// `"key":`; keys are literals of this program, escaped like any string all the same.
  package mutating func key(_ key: String) {
    separate()
    JSONWriter.appendString(key, to: &bytes)
    bytes.append(UInt8(ascii: ":"))
    needsComma = false
  }

  package mutating func string(_ text: String) {
    separate()
    JSONWriter.appendString(text, to: &bytes)
    needsComma = true
  }

  package mutating func int(_ value: Int) {
    separate()
    bytes.append(contentsOf: String(value).utf8)
    needsComma = true
  }

  /// JSON text written as it is (`null`, `true`, `12.5`).
  package mutating func literal(_ text: String) {
    separate()
    bytes.append(contentsOf: text.utf8)
    needsComma = true
  }

  /// `"key":"text"`.
  package mutating func field(_ key: String, _ text: String) {
    self.key(key)
    string(text)
  }

  @inline(__always)
  private mutating func separate() {
    if needsComma { bytes.append(UInt8(ascii: ",")) }
  }

  /// `text` as a quoted JSON string, runs between escapes copied whole.
  package static func appendString(_ text: String, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { bytes in
      var runStart = 0
      var index = 0
      while true {
        // Plain runs sixteen bytes at a time; the switch below decides on each candidate.
        index = stringBlocks.firstIndex(in: bytes, from: index) { byte in
          byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x3C || byte == 0x3E || byte == 0x26
            || byte == 0xE2
        }
        guard index < bytes.count else { break }
        let byte = bytes[index]
        let escape: StaticString
        var length = 1
        switch byte {
        case 0x22: escape = "\\\""
        case 0x5C: escape = "\\\\"
        case 0x0A: escape = "\\n"
        case 0x0D: escape = "\\r"
        case 0x09: escape = "\\t"
        case 0x00..<0x20, 0x3C, 0x3E, 0x26: escape = ""
        case 0xE2
        where index + 2 < bytes.count && bytes[index + 1] == 0x80
          && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
          // U+2028 and U+2029 end a line in JavaScript.
          escape = bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029"
          length = 3
        default:
          index += 1
          continue
        }
        if runStart < index { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
        if escape.utf8CodeUnitCount > 0 {
          out.append(
            contentsOf: UnsafeBufferPointer(start: escape.utf8Start, count: escape.utf8CodeUnitCount))
        } else {
          appendUnicodeEscape(byte, to: &out)
        }
        index += length
        runStart = index
      }
      if runStart < bytes.count { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...])) }
    }
    out.append(UInt8(ascii: "\""))
  }

  /// The bytes `appendString` may escape: `"`, `\\`, `<`, `>`, `&`, control characters and the
  /// lead byte of U+2028 and U+2029.
  private static let stringBlocks = ByteBlocks(Array("\"\\<>&".utf8) + [0xE2], controls: true)

  /// `\u00XX`, lower-case hex, for an ASCII byte.
  private static func appendUnicodeEscape(_ byte: UInt8, to out: inout [UInt8]) {
    let digits: StaticString = "0123456789abcdef"
    out.append(contentsOf: [
      0x5C, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
      digits.utf8Start[Int(byte >> 4)], digits.utf8Start[Int(byte & 0xF)],
    ])
  }
}
