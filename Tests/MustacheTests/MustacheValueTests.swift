import Mustache
import Testing

@Test(arguments: [
  (MustacheValue.number(3), "3"), (.number(-12), "-12"), (.number(0.5), "0.5"), (.number(1.21), "1.21"),
  (.number(4_503_599_627_370_496), "4503599627370496"), (.number(1e20), "1e+20"), (.bool(true), "true"),
  (.bool(false), "false"), (.string("s"), "s"), (.null, ""), (.list(["a"]), ""), (.map(["a": 1]), ""),
])
func valueText(_ value: MustacheValue, _ expected: String) {
  #expect(value.text == expected)
}

@Test func literalsBuildValues() {
  let value: MustacheValue = ["s": "x", "i": 2, "d": 2.5, "b": true, "n": nil, "l": [1, "a"]]
  #expect(
    value
      == .map([
        "s": .string("x"), "i": .number(2), "d": .number(2.5), "b": .bool(true), "n": .null,
        "l": .list([.number(1), .string("a")]),
      ]))
  #expect(MustacheValue(nil as String?) == .null)
  #expect(MustacheValue(Optional(7) as Int?) == .number(7))
  #expect(value["s"] == "x")
  #expect(value["missing"] == nil)
}

@Test func truthiness() {
  let falsey: [MustacheValue] = [.null, false, "", []]
  let truthy: [MustacheValue] = [true, 0, "0", [0], [:]]
  #expect(falsey.allSatisfy { !$0.isTruthy })
  #expect(truthy.allSatisfy { $0.isTruthy })
}

@Test func rootLevelListWithTheImplicitIterator() throws {
  #expect(try render("{{#.}}({{value}}){{/.}}", [["value": "a"], ["value": "b"]]) == "(a)(b)")
}

@Test func escapeHelperMatchesTheRenderer() {
  #expect(HTMLEscape.escape("a < b && \"c\" > 'd'") == "a &lt; b &amp;&amp; &quot;c&quot; &gt; 'd'")
}

/// Text given as UTF-8 bytes (a page's head tags) renders, tests and compares like the same
/// text as a string.
@Test func utf8BytesRenderLikeTheSameString() throws {
  let text = "<a href=\"x\">三體 & co</a>"
  let bytes = MustacheValue.utf8(Array(text.utf8))
  #expect(
    try render("{{v}}|{{{v}}}|{{&v}}", ["v": bytes]) == render("{{v}}|{{{v}}}|{{&v}}", ["v": .string(text)]))
  #expect(try render("{{#v}}yes{{/v}}{{^e}}empty{{/e}}", ["v": bytes, "e": .utf8([])]) == "yesempty")
  #expect(bytes == .string(text))
  #expect(MustacheValue.string(text) == bytes)
  #expect(bytes != .string("other"))
  #expect(bytes.text == text)
}
