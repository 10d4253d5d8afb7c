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
