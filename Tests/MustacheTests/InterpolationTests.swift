import Mustache
import Testing

let interpolationCases: [SpecCase] = [
  SpecCase(name: "no tags", template: "Plain text\n", expected: "Plain text\n"),
  SpecCase(name: "basic", template: "Hi {{who}}!", data: ["who": "Ada"], expected: "Hi Ada!"),
  SpecCase(
    name: "escaping is spec-exact", template: "{{html}}", data: ["html": "<a href=\"x\">&'</a>"],
    expected: "&lt;a href=&quot;x&quot;&gt;&amp;'&lt;/a&gt;"),
  SpecCase(
    name: "triple mustache is raw", template: "{{{html}}}", data: ["html": "<b>&\"</b>"],
    expected: "<b>&\"</b>"),
  SpecCase(name: "ampersand is raw", template: "{{&html}}", data: ["html": "<b>&</b>"], expected: "<b>&</b>"),
  SpecCase(name: "integer", template: "{{n}} {{{n}}} {{&n}}", data: ["n": 85], expected: "85 85 85"),
  SpecCase(name: "integral double drops .0", template: "{{n}}", data: ["n": .number(1200)], expected: "1200"),
  SpecCase(name: "negative integer", template: "{{n}}", data: ["n": -3], expected: "-3"),
  SpecCase(name: "decimal", template: "{{n}} {{{n}}}", data: ["n": 1.21], expected: "1.21 1.21"),
  SpecCase(name: "booleans", template: "{{t}}/{{f}}", data: ["t": true, "f": false], expected: "true/false"),
  SpecCase(name: "null is empty", template: "[{{n}}|{{{n}}}|{{&n}}]", data: ["n": nil], expected: "[||]"),
  SpecCase(name: "context miss is empty", template: "[{{missing}}|{{{missing}}}]", expected: "[|]"),
  SpecCase(
    name: "list and map render nothing", template: "[{{l}}{{m}}]", data: ["l": [1], "m": ["a": 1]],
    expected: "[]"),
  SpecCase(
    name: "dotted names", template: "{{a.b.c}} {{{a.b.c}}} {{&a.b.c}}",
    data: ["a": ["b": ["c": "<deep>"]]], expected: "&lt;deep&gt; <deep> <deep>"),
  SpecCase(
    name: "dotted names arbitrary depth", template: "{{a.b.c.d.e.f}}",
    data: ["a": ["b": ["c": ["d": ["e": ["f": "bottom"]]]]]], expected: "bottom"),
  SpecCase(name: "dotted names broken chain", template: "[{{a.x.c}}]", data: ["a": ["b": 1]], expected: "[]"),
  SpecCase(
    name: "dotted names broken chain does not fall back", template: "[{{a.b.c}}]",
    data: ["a": ["b": [:]], "c": "wrong"], expected: "[]"),
  SpecCase(
    name: "dotted names initial resolution uses the stack", template: "{{#a}}{{b.c}}{{/a}}",
    data: ["a": ["x": 1], "b": ["c": "outer"]], expected: "outer"),
  SpecCase(
    name: "dotted names context precedence", template: "[{{#a}}{{b.c}}{{/a}}]",
    data: ["a": ["b": [:]], "b": ["c": "wrong"]], expected: "[]"),
  SpecCase(
    name: "dotted names are never single keys", template: "[{{a.b}}]", data: ["a.b": "wrong"], expected: "[]"),
  SpecCase(
    name: "implicit iterator string", template: "{{#s}}({{.}}){{/s}}", data: ["s": "<x>"],
    expected: "(&lt;x&gt;)"),
  SpecCase(
    name: "implicit iterator raw", template: "{{#s}}({{{.}}}){{/s}}", data: ["s": "<x>"], expected: "(<x>)"),
  SpecCase(
    name: "implicit iterator number", template: "{{#n}}{{.}}{{/n}}", data: ["n": 7.5], expected: "7.5"),
  SpecCase(
    name: "padding whitespace", template: "|{{ who }}|{{{ who }}}|{{& who }}|", data: ["who": "x"],
    expected: "|x|x|x|"),
  SpecCase(
    name: "interpolation is never standalone", template: "  {{who}}\n", data: ["who": "x"], expected: "  x\n"),
  SpecCase(
    name: "surrounding whitespace kept", template: "| {{who}} |", data: ["who": "x"], expected: "| x |"),
  SpecCase(
    name: "values are not re-parsed", template: "{{v}}", data: ["v": "{{who}}"], expected: "{{who}}"),
  SpecCase(
    name: "unicode passes through", template: "{{v}}—ü", data: ["v": "日本 <ß>"], expected: "日本 &lt;ß&gt;—ü"),
]

@Test(arguments: interpolationCases)
func interpolation(_ spec: SpecCase) throws {
  #expect(try spec.render() == spec.expected)
}
