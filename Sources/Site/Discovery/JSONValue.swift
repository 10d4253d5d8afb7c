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
    // Escaped byte by byte into one buffer: appending scalar by scalar to a String is slow, and
    // descriptions (quotes, `&`) take this path often.
    var text = text
    let escaped = text.withUTF8 { source in
      var escaped: [UInt8] = []
      escaped.reserveCapacity(source.count + 16)
      var index = 0
      while index < source.count {
        let byte = source[index]
        index += 1
        switch byte {
        case 0x22: escaped.appendEscape(0x22)
        case 0x5C: escaped.appendEscape(0x5C)
        case 0x0A: escaped.appendEscape(UInt8(ascii: "n"))
        case 0x0D: escaped.appendEscape(UInt8(ascii: "r"))
        case 0x09: escaped.appendEscape(UInt8(ascii: "t"))
        case 0x00..<0x20, 0x3C, 0x3E, 0x26:
          appendUnicodeEscape(UInt32(byte), to: &escaped)
        case 0xE2
        where index + 1 < source.count && source[index] == 0x80
          && (source[index + 1] == 0xA8 || source[index + 1] == 0xA9):
          // U+2028 and U+2029 end a line in JavaScript.
          appendUnicodeEscape(source[index + 1] == 0xA8 ? 0x2028 : 0x2029, to: &escaped)
          index += 2
        default: escaped.append(byte)
        }
      }
      return escaped
    }
    output += String(decoding: escaped, as: UTF8.self)
    output += "\""
  }

  /// Bytes that start something `writeString` escapes (0xE2 starts U+2028 and U+2029).
  private static func mayNeedEscaping(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x3C || byte == 0x3E || byte == 0x26
      || byte == 0xE2
  }

  /// `\uXXXX`, lower-case hex.
  private static func appendUnicodeEscape(_ value: UInt32, to output: inout [UInt8]) {
    let digits: StaticString = "0123456789abcdef"
    output.appendEscape(UInt8(ascii: "u"))
    for shift in stride(from: 12, through: 0, by: -4) {
      output.append(digits.utf8Start[Int((value >> UInt32(shift)) & 0xF)])
    }
  }
}

extension [UInt8] {
  /// A backslash and `byte`.
  fileprivate mutating func appendEscape(_ byte: UInt8) {
    append(0x5C)
    append(byte)
  }
}
