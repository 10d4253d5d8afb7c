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
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x22: output += "\\\""
      case 0x5C: output += "\\\\"
      case 0x0A: output += "\\n"
      case 0x0D: output += "\\r"
      case 0x09: output += "\\t"
      case 0x00..<0x20, 0x3C, 0x3E, 0x26, 0x2028, 0x2029:
        output += "\\u" + hex4(scalar.value)
      default: output.unicodeScalars.append(scalar)
      }
    }
    output += "\""
  }

  /// Bytes that start something `writeString` escapes (0xE2 starts U+2028 and U+2029).
  private static func mayNeedEscaping(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x3C || byte == 0x3E || byte == 0x26
      || byte == 0xE2
  }

  private static func hex4(_ value: UInt32) -> String {
    let digits = Array("0123456789abcdef".unicodeScalars)
    var text = ""
    for shift in stride(from: 12, through: 0, by: -4) {
      text.unicodeScalars.append(digits[Int((value >> UInt32(shift)) & 0xF)])
    }
    return text
  }
}
