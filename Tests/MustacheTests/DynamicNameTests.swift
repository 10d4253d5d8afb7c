import Mustache
import Testing

/// One case per rule of the spec's optional dynamic-names module, in the spec's order, with our
/// own data.
let dynamicNameRules: [SpecCase] = [
  SpecCase(
    name: "an asterisk takes the partial's name from the context", template: "<{{>*kind}}>",
    data: ["kind": "ebook"], partials: ["ebook": "E-book"], expected: "<E-book>"),
  SpecCase(
    name: "the asterisk is not part of the name looked up", template: "<{{>*kind}}>",
    data: ["kind": "ebook", "*kind": "print"], partials: ["ebook": "E-book", "print": "Paper"],
    expected: "<E-book>"),
  SpecCase(
    name: "a name missing from the context renders nothing", template: "<{{>*kind}}>",
    partials: ["kind": "not this"], expected: "<>"),
  SpecCase(
    name: "a name naming no template renders nothing", template: "<{{>*kind}}>", data: ["kind": "audio"],
    partials: ["ebook": "E-book"], expected: "<>"),
  SpecCase(
    name: "the partial sees the context stack of its tag", template: "<{{>*kind}}>",
    data: ["kind": "ebook", "size": "2 MB"], partials: ["ebook": "E-book, {{size}}"],
    expected: "<E-book, 2 MB>"),
  SpecCase(
    name: "the name may be dotted", template: "{{>*format.kind.name}}",
    data: ["format": ["kind": ["name": "ebook"]], "size": "2 MB"], partials: ["ebook": "E-book, {{size}}"],
    expected: "E-book, 2 MB"),
  SpecCase(
    name: "a dotted name resolves whole before it names a partial", template: "[{{>*format.kind}}]",
    data: ["format": "audio", "audio": ["kind": "ebook"]], partials: ["ebook": "wrong"], expected: "[]"),
  SpecCase(
    name: "a dotted name does not push the maps it passes through", template: "[{{>*format.kind}}]",
    data: ["format": ["kind": "ebook", "size": "2 MB"]], partials: ["ebook": "({{size}})"], expected: "[()]"),
  SpecCase(
    name: "a dotted name leaves the section's context on top",
    template: "{{#shelf}}{{>*format.kind}}{{/shelf}}",
    data: ["shelf": ["label": "A"], "format": ["kind": "tag", "label": "B"]],
    partials: ["tag": "<{{label}}>"],
    expected: "<A>"),
  SpecCase(
    name: "a dotted name leaves each list item's context on top",
    template: "{{#copies}}{{>*format.kind}}{{/copies}}",
    data: ["label": "top", "copies": [1, 2], "format": ["kind": "tag", "label": "B"]],
    partials: ["tag": "{{label}},"], expected: "top,top,"),
  SpecCase(
    name: "what a dotted name passed through stays out of reach",
    template: "{{#copies}}{{>*format.kind}}{{/copies}}",
    data: ["copies": [1, 2], "format": ["kind": "tag", "label": "B"]], partials: ["tag": "<{{label}}>"],
    expected: "<><>"),
  SpecCase(
    name: "a dynamic partial may include itself", template: "{{>*self}}",
    data: ["self": "tree", "name": "Fiction", "kids": [["name": "SF", "kids": []]]],
    partials: ["tree": "{{name}}[{{#kids}}{{>*self}}{{/kids}}]"], expected: "Fiction[SF[]]"),
  SpecCase(
    name: "a name is dereferenced once, not twice", template: "[{{>**kind}}]",
    data: ["kind": "alias", "alias": "ebook"], partials: ["ebook": "E-book"], expected: "[]"),
  SpecCase(
    name: "an asterisk inside a dotted name is part of that name", template: "[{{>*format.*kind}}]",
    data: ["format": "print", "kind": "ebook", "print": ["ebook": ["x": nil]]], partials: ["ebook": "E-book"],
    expected: "[]"),
  SpecCase(
    name: "whitespace around an inline dynamic partial is kept", template: "[ {{>*kind}} ]",
    data: ["kind": "ebook"], partials: ["ebook": "\tE\t"], expected: "[ \tE\t ]"),
  SpecCase(
    name: "an inline dynamic partial's lines are not indented", template: "\t{{title}} {{>*kind}}\n",
    data: ["kind": "lines", "title": "Dune"], partials: ["lines": "one\ntwo"], expected: "\tDune one\ntwo\n"),
  SpecCase(
    name: "a standalone dynamic partial's line may end in CRLF", template: "a\r\n{{>*kind}}\r\nb",
    data: ["kind": "badge"], partials: ["badge": "*"], expected: "a\r\n*b"),
  SpecCase(
    name: "a standalone dynamic partial may open the template", template: " {{>*kind}}\nz",
    data: ["kind": "lines"], partials: ["lines": "one\ntwo"], expected: " one\n twoz"),
  SpecCase(
    name: "a standalone dynamic partial may end the template", template: "z\n\t{{>*kind}}",
    data: ["kind": "lines"], partials: ["lines": "one\ntwo"], expected: "z\n\tone\n\ttwo"),
  SpecCase(
    name: "a standalone dynamic partial indents its own lines, not a value's",
    template: "<div>\n  {{>*kind}}\n</div>\n", data: ["kind": "text", "body": "first\nsecond"],
    partials: ["text": "<p>\n{{{body}}}\n</p>\n"], expected: "<div>\n  <p>\n  first\nsecond\n  </p>\n</div>\n"
  ),
  SpecCase(
    name: "spaces inside a dynamic partial tag are ignored", template: "[{{>  *  kind  }}]",
    data: ["kind": "badge"], partials: ["badge": "new"], expected: "[new]"),
]

/// Rules the module's text states without a test of its own, and choices it leaves open.
let dynamicNameChoices: [SpecCase] = [
  SpecCase(
    name: "set delimiters do not change how a dynamic name resolves", template: "{{=<% %>=}}<<%>*kind%>>",
    data: ["kind": "ebook"], partials: ["ebook": "E-book"], expected: "<E-book>"),
  SpecCase(
    name: "a parent tag may take a dynamic name", template: "{{<*layout}}{{$body}}mine{{/body}}{{/*layout}}",
    data: ["layout": "base"], partials: ["base": "<{{$body}}default{{/body}}>"], expected: "<mine>"),
  SpecCase(
    name: "a dynamic parent naming no template renders nothing",
    template: "[{{<*layout}}{{$body}}mine{{/body}}{{/*layout}}]", data: ["layout": "gone"],
    partials: ["base": "<{{$body}}{{/body}}>"], expected: "[]"),
  SpecCase(
    name: "the name is the value as interpolation shows it", template: "[{{>*number}}|{{>*none}}{{>*list}}]",
    data: ["number": 7, "none": nil, "list": ["seven"]], partials: ["7": "seven", "seven": "wrong"],
    expected: "[seven|]"),
]

@Test(arguments: dynamicNameRules + dynamicNameChoices)
func dynamicNames(_ spec: SpecCase) throws {
  #expect(try spec.render() == spec.expected)
}
