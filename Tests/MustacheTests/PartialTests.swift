import Mustache
import Testing

/// One case per rule of the spec's partials module, in the spec's order, with our own data.
let partialRules: [SpecCase] = [
  SpecCase(
    name: "a partial tag renders the named template", template: "<{{>badge}}>", partials: ["badge": "new"],
    expected: "<new>"),
  SpecCase(
    name: "a partial no template provides renders as nothing", template: "<{{>badge}}>", expected: "<>"),
  SpecCase(
    name: "a partial sees the context stack of its tag", template: "<{{>badge}}>", data: ["label": "sale"],
    partials: ["badge": "({{label}})"], expected: "<(sale)>"),
  SpecCase(
    name: "a partial may include itself", template: "{{>tree}}",
    data: ["name": "Fiction", "kids": [["name": "SF", "kids": []], ["name": "Crime", "kids": []]]],
    partials: ["tree": "{{name}}[{{#kids}}{{>tree}}{{/kids}}]"], expected: "Fiction[SF[]Crime[]]"),
  SpecCase(
    name: "a partial may include another partial", template: "{{>card}}",
    data: ["title": "Dune", "author": "Herbert"],
    partials: ["card": "<{{title}}{{>byline}}>", "byline": " by {{author}}"], expected: "<Dune by Herbert>"),
  SpecCase(
    name: "whitespace around an inline partial is kept", template: "[ {{>badge}} ]",
    partials: ["badge": "\t*\t"], expected: "[ \t*\t ]"),
  SpecCase(
    name: "an inline partial's lines are not indented", template: "\t{{title}} {{>lines}}\n",
    data: ["title": "Dune"], partials: ["lines": "one\ntwo"], expected: "\tDune one\ntwo\n"),
  SpecCase(
    name: "a standalone partial's line may end in CRLF", template: "a\r\n{{>badge}}\r\nb",
    partials: ["badge": "*"], expected: "a\r\n*b"),
  SpecCase(
    name: "a standalone partial may open the template", template: " {{>lines}}\nz",
    partials: ["lines": "one\ntwo"], expected: " one\n twoz"),
  SpecCase(
    name: "a standalone partial may end the template", template: "z\n\t{{>lines}}",
    partials: ["lines": "one\ntwo"], expected: "z\n\tone\n\ttwo"),
  SpecCase(
    name: "a standalone partial indents its own lines, not the lines of a value",
    template: "<div>\n  {{>text}}\n</div>\n", data: ["body": "first\nsecond"],
    partials: ["text": "<p>\n{{{body}}}\n</p>\n"], expected: "<div>\n  <p>\n  first\nsecond\n  </p>\n</div>\n"
  ),
  SpecCase(
    name: "spaces inside a partial tag are ignored", template: "[{{>  badge  }}]", partials: ["badge": "new"],
    expected: "[new]"),
]

/// What the spec leaves open or does not test, as bookgen's engine does it.
let partialChoices: [SpecCase] = [
  SpecCase(
    name: "names may contain slashes", template: "[{{>partials/cover}}]", data: ["t": "T"],
    partials: ["partials/cover": "<{{t}}>"], expected: "[<T>]"),
  SpecCase(
    name: "a missing standalone partial removes its line", template: "a\n  {{>missing}}\nb\n",
    expected: "a\nb\n"),
  SpecCase(
    name: "nested standalone partials accumulate indentation", template: "a\n  {{>outer}}\nz\n",
    partials: ["outer": "b\n  {{>inner}}\n", "inner": "c\nd\n"], expected: "a\n  b\n    c\n    d\nz\n"),
  SpecCase(
    name: "indentation inside sections of the partial", template: "  {{>list}}\n",
    data: ["items": ["x", "y"]],
    partials: ["list": "<ul>\n{{#items}}\n  <li>{{.}}</li>\n{{/items}}\n</ul>\n"],
    expected: "  <ul>\n    <li>x</li>\n    <li>y</li>\n  </ul>\n"),
  SpecCase(
    name: "indentation before an inline comment at line start", template: "  {{>p}}\n",
    data: ["v": "V"], partials: ["p": "x\n{{! note }}y\n{{=<% %>=}}<%v%>\n"], expected: "  x\n  y\n  V\n"),
]

@Test(arguments: partialRules + partialChoices)
func partials(_ spec: SpecCase) throws {
  #expect(try spec.render() == spec.expected)
}
