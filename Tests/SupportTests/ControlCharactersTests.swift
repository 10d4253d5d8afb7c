import Testing

@testable import Support

@Suite struct ControlCharactersTests {
  static let cases = [
    ("plain", "plain"),
    ("tab\tline\nreturn\r", "tab\tline\nreturn\r"),
    ("a\u{0}b", "ab"),
    ("\u{1B}[31mred", "[31mred"),
    ("bell\u{7}", "bell"),
    ("del\u{7F}ete", "delete"),
    ("c1\u{85}\u{9F}", "c1"),
    ("\u{1}\u{2}\u{3}", ""),
    ("non\u{FFFE}char\u{FFFF}", "nonchar"),
    ("三體\u{0}劉慈欣 é ￥", "三體劉慈欣 é ￥"),
    ("\u{A0}\u{FFFD}\u{2028}", "\u{A0}\u{FFFD}\u{2028}"),
    ("Ã©\u{80}Ã¿\u{FFFD}\u{FFFE}", "Ã©Ã¿\u{FFFD}"),
  ]

  @Test(arguments: cases)
  func removesOnlyTheForbiddenCharacters(input: String, expected: String) {
    #expect(ControlCharacters.removingForbidden(input) == expected)
    #expect(ControlCharacters.containsForbidden(input) == (input != expected))
  }

  /// JSON strings lose the same characters whether they are written raw or as `\u` escapes,
  /// with or without another escape before them (the reader's two paths).
  @Test(arguments: cases)
  func jsonStringsLoseTheSameCharacters(input: String, expected: String) throws {
    func escape(_ scalar: Unicode.Scalar) -> String {
      let hex = String(scalar.value, radix: 16)
      return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
    let raw = input.replacingOccurrences(of: "\\", with: "\\\\")
    let escaped = input.unicodeScalars.map { $0.value < 0x20 || $0.value >= 0x7F ? escape($0) : String($0) }
      .joined()
    for (body, result) in [(raw, expected), (escaped, expected), ("\\/" + raw, "/" + expected)] {
      let text = Array(("\"" + body + "\"").utf8)
      let value = try text.withUnsafeBufferPointer { buffer in
        var reader = JSONReader(buffer)
        return try reader.readString()
      }
      #expect(value == result, "\(body)")
    }
  }
}
