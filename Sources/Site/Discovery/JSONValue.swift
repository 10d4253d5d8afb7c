/// A JSON value with object keys kept in insertion order, so output is deterministic.
enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  case int(Int)
  /// A number already written as JSON text (`450`, `12.5`).
  case number(String)
  case string(String)
  case array([JSONValue])
  case object([(String, JSONValue)])

  static func == (a: JSONValue, b: JSONValue) -> Bool { a.rendered() == b.rendered() }

  /// A string, or null when absent.
  static func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }

  /// Compact JSON. Strings escape `<`, `>`, `&`, U+2028 and U+2029 as `\uXXXX`, so the text is
  /// safe inside an HTML `<script>` element (`</script>` in a title cannot close it).
  func rendered() -> String {
    var output = ""
    write(to: &output)
    return output
  }

  func write(to output: inout String) {
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
    // Most strings need no escaping: one byte scan, then a single append.
    guard text.utf8.contains(where: JSONValue.mayNeedEscaping) else {
      output += text
      output += "\""
      return
    }
    // Runs of plain text are appended whole, between the escapes: appending scalar by scalar,
    // or re-decoding a byte buffer, was a tenth of a book page's cost.
    let utf8 = text.utf8
    var runStart = utf8.startIndex
    var index = utf8.startIndex
    while index != utf8.endIndex {
      let byte = utf8[index]
      var next = utf8.index(after: index)
      let escape: String
      switch byte {
      case 0x22: escape = "\\\""
      case 0x5C: escape = "\\\\"
      case 0x0A: escape = "\\n"
      case 0x0D: escape = "\\r"
      case 0x09: escape = "\\t"
      case 0x00..<0x20, 0x3C, 0x3E, 0x26: escape = JSONValue.asciiEscapes[Int(byte)]
      case 0xE2:
        // U+2028 and U+2029 (E2 80 A8/A9) end a line in JavaScript.
        guard next != utf8.endIndex, utf8[next] == 0x80 else {
          index = next
          continue
        }
        let third = utf8.index(after: next)
        guard third != utf8.endIndex, utf8[third] == 0xA8 || utf8[third] == 0xA9 else {
          index = next
          continue
        }
        escape = unicodeEscape(utf8[third] == 0xA8 ? 0x2028 : 0x2029)
        next = utf8.index(after: third)
      default:
        index = next
        continue
      }
      output += text[runStart..<index]
      output += escape
      index = next
      runStart = next
    }
    output += text[runStart..<utf8.endIndex]
    output += "\""
  }

  /// Bytes that start something `writeString` escapes (0xE2 starts U+2028 and U+2029).
  private static func mayNeedEscaping(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x3C || byte == 0x3E || byte == 0x26
      || byte == 0xE2
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
