import Mustache
import Testing

let sectionCases: [SpecCase] = [
  SpecCase(name: "truthy bool", template: "[{{#b}}yes{{/b}}]", data: ["b": true], expected: "[yes]"),
  SpecCase(name: "falsey bool", template: "[{{#b}}yes{{/b}}]", data: ["b": false], expected: "[]"),
  SpecCase(name: "null is falsey", template: "[{{#n}}yes{{/n}}]", data: ["n": nil], expected: "[]"),
  SpecCase(name: "context miss is falsey", template: "[{{#missing}}yes{{/missing}}]", expected: "[]"),
  SpecCase(name: "empty string is falsey", template: "[{{#s}}yes{{/s}}]", data: ["s": ""], expected: "[]"),
  SpecCase(name: "empty list is falsey", template: "[{{#l}}yes{{/l}}]", data: ["l": []], expected: "[]"),
  SpecCase(name: "zero is truthy", template: "[{{#n}}{{.}}{{/n}}]", data: ["n": 0], expected: "[0]"),
  SpecCase(name: "empty map is truthy", template: "[{{#m}}yes{{/m}}]", data: ["m": [:]], expected: "[yes]"),
  SpecCase(
    name: "map pushes context", template: "{{#book}}{{title}} by {{author}}{{/book}}",
    data: ["book": ["title": "Dune", "author": "Herbert"]], expected: "Dune by Herbert"),
  SpecCase(
    name: "parent contexts stay visible", template: "{{#a}}{{one}}{{#b}}{{one}}{{two}}{{/b}}{{/a}}",
    data: ["a": ["one": 1], "b": ["two": 2]], expected: "112"),
  SpecCase(
    name: "inner names shadow outer ones", template: "{{name}}{{#inner}}{{name}}{{/inner}}{{name}}",
    data: ["name": "o", "inner": ["name": "i"]], expected: "oio"),
  SpecCase(
    name: "list iterates", template: "{{#list}}({{item}}){{/list}}",
    data: ["list": [["item": 1], ["item": 2], ["item": 3]]], expected: "(1)(2)(3)"),
  SpecCase(
    name: "implicit iterator over strings", template: "{{#list}}<{{.}}>{{/list}}",
    data: ["list": ["a", "b&c"]], expected: "<a><b&amp;c>"),
  SpecCase(
    name: "implicit iterator over numbers", template: "{{#list}}{{.}},{{/list}}",
    data: ["list": [1, 2.5, 3]], expected: "1,2.5,3,"),
  SpecCase(
    name: "nested lists through the implicit iterator", template: "{{#list}}({{#.}}{{.}}{{/.}}){{/list}}",
    data: ["list": [[1, 2], ["x", "y"]]], expected: "(12)(xy)"),
  SpecCase(
    name: "section over a string pushes it", template: "{{#s}}{{.}} is {{s}}{{/s}}", data: ["s": "bar"],
    expected: "bar is bar"),
  SpecCase(
    name: "doubled sections", template: "{{#b}}1{{/b}}-{{#b}}2{{/b}}", data: ["b": true], expected: "1-2"),
  SpecCase(
    name: "dotted section names", template: "{{#a.b.c}}yes{{/a.b.c}}|{{#a.x.c}}no{{/a.x.c}}",
    data: ["a": ["b": ["c": true]]], expected: "yes|"),
  SpecCase(
    name: "deeply nested contexts",
    template: "{{#a}}{{one}}{{#b}}{{one}}{{two}}{{#c}}{{one}}{{two}}{{three}}{{/c}}{{/b}}{{/a}}",
    data: ["a": ["one": 1], "b": ["two": 2], "c": ["three": 3]], expected: "112123"),
  SpecCase(
    name: "list items see the outer context", template: "{{#list}}{{name}}-{{suffix}} {{/list}}",
    data: ["suffix": "!", "list": [["name": "a"], ["name": "b"]]], expected: "a-! b-! "),
  SpecCase(
    name: "standalone lines are removed", template: "| A\n{{#b}}\n| B\n{{/b}}\n| C\n", data: ["b": true],
    expected: "| A\n| B\n| C\n"),
  SpecCase(
    name: "indented standalone lines are removed", template: "| A\n  {{#b}}\n| B\n  {{/b}}\n| C\n",
    data: ["b": true], expected: "| A\n| B\n| C\n"),
  SpecCase(
    name: "inline sections keep their whitespace", template: " {{#b}}YES{{/b}}\n {{#b}}NO{{/b}}\n",
    data: ["b": true], expected: " YES\n NO\n"),
  SpecCase(
    name: "standalone with CRLF", template: "|\r\n{{#b}}\r\n{{/b}}\r\n|", data: ["b": true],
    expected: "|\r\n|"),
  SpecCase(
    name: "standalone without previous line", template: "  {{#b}}\n#{{/b}}\n/", data: ["b": true],
    expected: "#\n/"),
  SpecCase(
    name: "standalone without newline", template: "#{{#b}}\n/\n  {{/b}}", data: ["b": true],
    expected: "#\n/\n"),
  SpecCase(
    name: "surrounding whitespace is kept", template: " | {{#b}}\t|\t{{/b}} | \n", data: ["b": true],
    expected: " | \t|\t | \n"),
  SpecCase(
    name: "list context: dotted names reach outer list items",
    template:
      "{{#shelves}}{{#rows}}{{shelf.label}}{{row}}.{{#slots}}{{shelf.code}}{{row}}{{slot}}.{{/slots}}{{/rows}}{{/shelves}}",
    data: [
      "shelves": [
        [
          "shelf": ["label": "A", "code": "a"],
          "rows": [["row": "1", "slots": [["slot": "x"], ["slot": "y"]]]],
        ]
      ]
    ],
    expected: "A1.a1x.a1y."),
  SpecCase(
    name: "root-level string with the implicit iterator", template: "Hello, {{.}}!", data: "world",
    expected: "Hello, world!"),
  SpecCase(
    name: "padding whitespace in tags", template: "|{{# b }}={{/ b }}|", data: ["b": true], expected: "|=|"),
]

let invertedCases: [SpecCase] = [
  SpecCase(name: "falsey renders", template: "[{{^b}}no{{/b}}]", data: ["b": false], expected: "[no]"),
  SpecCase(name: "truthy skips", template: "[{{^b}}no{{/b}}]", data: ["b": true], expected: "[]"),
  SpecCase(name: "null renders", template: "[{{^n}}none{{/n}}]", data: ["n": nil], expected: "[none]"),
  SpecCase(name: "context miss renders", template: "[{{^missing}}none{{/missing}}]", expected: "[none]"),
  SpecCase(name: "empty list renders", template: "[{{^l}}empty{{/l}}]", data: ["l": []], expected: "[empty]"),
  SpecCase(name: "list skips", template: "[{{^l}}empty{{/l}}]", data: ["l": [1]], expected: "[]"),
  SpecCase(name: "map skips", template: "[{{^m}}x{{/m}}]", data: ["m": ["a": 1]], expected: "[]"),
  SpecCase(
    name: "does not push context", template: "{{^b}}{{name}}{{/b}}", data: ["b": false, "name": "n"],
    expected: "n"),
  SpecCase(
    name: "with a section on the same name", template: "{{#b}}yes{{/b}}{{^b}}no{{/b}}",
    data: ["b": false], expected: "no"),
  SpecCase(
    name: "dotted names", template: "[{{^a.b.c}}no{{/a.b.c}}][{{^a.x}}miss{{/a.x}}]",
    data: ["a": ["b": ["c": true]]], expected: "[][miss]"),
  SpecCase(
    name: "standalone lines", template: "| A\n  {{^b}}\n| B\n  {{/b}}\n| C\n", data: ["b": false],
    expected: "| A\n| B\n| C\n"),
  SpecCase(
    name: "standalone CRLF", template: "|\r\n{{^b}}\r\n{{/b}}\r\n|", data: ["b": false], expected: "|\r\n|"),
]

let commentCases: [SpecCase] = [
  SpecCase(name: "inline", template: "12345{{! Comment Block! }}67890", expected: "1234567890"),
  SpecCase(
    name: "multiline", template: "12345{{!\n  This is a\n  multi-line comment...\n}}67890\n",
    expected: "1234567890\n"),
  SpecCase(name: "standalone", template: "Begin.\n{{! Comment Block! }}\nEnd.\n", expected: "Begin.\nEnd.\n"),
  SpecCase(
    name: "indented standalone", template: "Begin.\n  {{! Indented }}\nEnd.\n", expected: "Begin.\nEnd.\n"),
  SpecCase(name: "standalone CRLF", template: "|\r\n{{! Standalone }}\r\n|", expected: "|\r\n|"),
  SpecCase(
    name: "standalone without previous line", template: "  {{! I'm Still Standalone }}\n!", expected: "!"),
  SpecCase(name: "standalone without newline", template: "!\n  {{! I'm Still Standalone }}", expected: "!\n"),
  SpecCase(
    name: "multiline standalone", template: "Begin.\n{{!\nSomething\n}}\nEnd.\n", expected: "Begin.\nEnd.\n"),
  SpecCase(
    name: "indented multiline standalone", template: "Begin.\n  {{!\n    Something\n  }}\nEnd.\n",
    expected: "Begin.\nEnd.\n"),
  SpecCase(name: "indented inline", template: "  12 {{! 34 }}\n", expected: "  12 \n"),
  SpecCase(
    name: "surrounding whitespace", template: "12345 {{! Comment Block! }} 67890", expected: "12345  67890"),
  SpecCase(
    name: "variable name collision", template: "comments never render: {{! comment }}",
    data: ["! comment": 1], expected: "comments never render: "),
]

@Test(arguments: sectionCases)
func sections(_ spec: SpecCase) throws {
  #expect(try spec.render() == spec.expected)
}

@Test(arguments: invertedCases)
func invertedSections(_ spec: SpecCase) throws {
  #expect(try spec.render() == spec.expected)
}

@Test(arguments: commentCases)
func comments(_ spec: SpecCase) throws {
  #expect(try spec.render() == spec.expected)
}
