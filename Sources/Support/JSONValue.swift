/// A JSON value with object keys kept in insertion order, so output is deterministic.
package enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  case int(Int)
  /// A number already written as JSON text (`450`, `12.5`).
  case number(String)
  case string(String)
  case array([JSONValue])
  case object([(String, JSONValue)])

  package static func == (a: JSONValue, b: JSONValue) -> Bool { a.rendered() == b.rendered() }

  /// A string, or null when absent.
  package static func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }

  /// Compact JSON. Strings escape `<`, `>`, `&`, U+2028 and U+2029 as `\uXXXX`, so the text is
  /// safe inside an HTML `<script>` element (`</script>` in a title cannot close it).
  package func rendered() -> String {
    var output = ""
    write(to: &output)
    return output
  }

  package func write(to output: inout String) {
    switch self {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .int(let value): output += String(value)
    case .number(let text): output += text
    case .string(let text): JSONValue.writeString(text, to: &output)
    case .array(let items):
      output += "["
      for (index, item) in items.enumerated() {
        if index > 0 { output += "," }
        item.write(to: &output)
      }
      output += "]"
    case .object(let fields):
      output += "{"
      for (index, (key, value)) in fields.enumerated() {
        if index > 0 { output += "," }
        JSONValue.writeString(key, to: &output)
        output += ":"
        value.write(to: &output)
      }
      output += "}"
    }
  }

  static func writeString(_ text: String, to output: inout String) {
    output += "\""
    // Scanned through a pointer (iterating `utf8` goes through its index machinery per byte);
    // runs of plain text are appended whole, between the escapes.
    var scanned = text
    let escapes: [(start: Int, end: Int, escape: String)] = scanned.withUTF8 { bytes in
      var found: [(start: Int, end: Int, escape: String)] = []
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        switch byte {
        case 0x22: found.append((index, index + 1, "\\\""))
        case 0x5C: found.append((index, index + 1, "\\\\"))
        case 0x0A: found.append((index, index + 1, "\\n"))
        case 0x0D: found.append((index, index + 1, "\\r"))
        case 0x09: found.append((index, index + 1, "\\t"))
        case 0x00..<0x20, 0x3C, 0x3E, 0x26:
          found.append((index, index + 1, JSONValue.asciiEscapes[Int(byte)]))
        case 0xE2
        where index + 2 < bytes.count && bytes[index + 1] == 0x80
          && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
          // U+2028 and U+2029 end a line in JavaScript.
          found.append((index, index + 3, bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029"))
          index += 2
        default: break
        }
        index += 1
      }
      return found
    }
    guard !escapes.isEmpty else {
      output += text
      output += "\""
      return
    }
    let utf8 = text.utf8
    var runStart = utf8.startIndex
    for escape in escapes {
      let start = utf8.index(utf8.startIndex, offsetBy: escape.start)
      output += text[runStart..<start]
      output += escape.escape
      runStart = utf8.index(start, offsetBy: escape.end - escape.start)
    }
    output += text[runStart...]
    output += "\""
  }

  /// `\u0000`…`\u007f`, made once.
  private static let asciiEscapes = (0..<0x80).map { unicodeEscape(UInt32($0)) }

  /// `\uXXXX`, lower-case hex.
  private static func unicodeEscape(_ value: UInt32) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var bytes: [UInt8] = [0x5C, UInt8(ascii: "u")]
    for shift in stride(from: 12, through: 0, by: -4) {
      bytes.append(digits[Int((value >> UInt32(shift)) & 0xF)])
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
