/// Scalars written into YAML that bookgen reads back (`bookgen import`'s file, an `include`
/// line): exactly the text given, whatever it holds.
package enum YAMLText {
  /// `text` plain when it is made of characters that cannot mean anything else in YAML
  /// (letters, digits, `-`, `_`, `.`, `/`, `:` inside, not first, and not a word YAML reads as
  /// null or a boolean), double-quoted with escapes otherwise.
  package static func scalar(_ text: String) -> String {
    isPlainSafe(text) ? text : quoted(text)
  }

  /// Always double-quoted: `"` and `\` escaped, control and line-breaking characters as escapes.
  package static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      case "\u{85}": result += "\\N"
      case "\u{2028}": result += "\\L"
      case "\u{2029}": result += "\\P"
      case "\u{FEFF}": result += "\\uFEFF"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value) {
          let hex = String(scalar.value, radix: 16, uppercase: true)
          result += "\\x" + (hex.count < 2 ? "0" : "") + hex
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }

  /// `text` as a literal block (`|-`) indented by `indent` spaces, for multi-line notes; nil
  /// when a block could not hold it exactly (leading white space on its first line, blank
  /// lines of spaces, trailing line breaks, characters YAML 1.1 breaks lines at).
  package static func literalBlock(_ text: String, indent: Int) -> String? {
    guard text.contains("\n"), let first = text.first, !first.isWhitespace, !text.hasSuffix("\n"),
      !text.unicodeScalars.contains(where: {
        ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || $0.value == 0x7F
          || (0x80..<0xA0).contains($0.value) || $0 == "\u{2028}" || $0 == "\u{2029}" || $0 == "\u{FEFF}"
      })
    else { return nil }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard !lines.contains(where: { !$0.isEmpty && $0.allSatisfy(\.isWhitespace) }) else { return nil }
    let padding = String(repeating: " ", count: indent)
    return "|-\n" + lines.map { $0.isEmpty ? "" : padding + $0 }.joined(separator: "\n")
  }

  private static let reservedWords: Set<String> = [
    "null", "Null", "NULL", "~", "true", "True", "TRUE", "false", "False", "FALSE", "yes", "Yes", "YES", "no",
    "No", "NO", "on", "On", "ON", "off", "Off", "OFF", "y", "Y", "n", "N",
  ]

  private static func isPlainSafe(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, !reservedWords.contains(text), text.count <= 200 else {
      return false
    }
    guard first.properties.isAlphabetic || ("0"..."9").contains(first) else { return false }
    if text.hasSuffix(":") { return false }
    return text.unicodeScalars.allSatisfy { scalar in
      ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
        || scalar == "-" || scalar == "_" || scalar == "." || scalar == "/" || scalar == ":"
    }
  }
}
