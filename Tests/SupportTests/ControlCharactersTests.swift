import Testing

@testable import Support

@Suite struct ControlCharactersTests {
  @Test(arguments: [
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
  ])
  func removesOnlyTheForbiddenCharacters(input: String, expected: String) {
    #expect(ControlCharacters.removingForbidden(input) == expected)
    #expect(ControlCharacters.containsForbidden(input) == (input != expected))
  }
}
