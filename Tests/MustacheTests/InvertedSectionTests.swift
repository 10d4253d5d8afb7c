import Mustache
import Testing

/// One case per rule of the spec's inverted-sections module, in the spec's order, with our own
/// data.
let invertedRules: [SpecCase] = [
  SpecCase(
    name: "an inverted section over false renders", template: "<{{^available}}sold out{{/available}}>",
    data: ["available": false], expected: "<sold out>"),
  SpecCase(
    name: "an inverted section over true does not render", template: "<{{^available}}sold out{{/available}}>",
    data: ["available": true], expected: "<>"),
  SpecCase(
    name: "an inverted section over null renders", template: "<{{^available}}sold out{{/available}}>",
    data: ["available": nil], expected: "<sold out>"),
  SpecCase(
    name: "an inverted section over a map does not render", template: "<{{^book}}no book {{title}}{{/book}}>",
    data: ["book": ["title": "Emma"]], expected: "<>"),
  SpecCase(
    name: "an inverted section over a list does not render", template: "<{{^books}}{{title}}{{/books}}>",
    data: ["books": [["title": "A"], ["title": "B"]]], expected: "<>"),
  SpecCase(
    name: "an inverted section over an empty list renders", template: "<{{^books}}no books yet{{/books}}>",
    data: ["books": []], expected: "<no books yet>"),
  SpecCase(
    name: "a template may hold several inverted sections over one name",
    template: "{{^closed}}\n- morning\n{{/closed}}\n- {{noon}}\n{{^closed}}\n- evening\n{{/closed}}\n",
    data: ["closed": false, "noon": "lunch"], expected: "- morning\n- lunch\n- evening\n"),
  SpecCase(
    name: "false inverted sections nested in each other render",
    template: "( 1 {{^off}}2 {{^off}}3{{/off}} 4{{/off}} 5 )", data: ["off": false], expected: "( 1 2 3 4 5 )"
  ),
  SpecCase(
    name: "true inverted sections nested in each other do not render",
    template: "( 1 {{^off}}2 {{^off}}3{{/off}} 4{{/off}} 5 )", data: ["off": true], expected: "( 1  5 )"),
  SpecCase(
    name: "an inverted section over a missing name renders", template: "<{{^isbn}}no ISBN{{/isbn}}>",
    expected: "<no ISBN>"),
  SpecCase(
    name: "an inverted section may take a dotted name",
    template: "<{{^book.copy.signed}}unsigned{{/book.copy.signed}}>",
    data: ["book": ["copy": ["signed": true]]], expected: "<>"),
  SpecCase(
    name: "an inverted section over a false dotted name renders",
    template: "<{{^book.copy.signed}}unsigned{{/book.copy.signed}}>",
    data: ["book": ["copy": ["signed": false]]],
    expected: "<unsigned>"),
  SpecCase(
    name: "an inverted section over a dotted name missing a part renders",
    template: "<{{^book.copy.signed}}unsigned{{/book.copy.signed}}>", data: ["book": [:]],
    expected: "<unsigned>"),
  SpecCase(
    name: "whitespace around inverted section tags is kept", template: "\t- {{^off}} ( {{/off}} -\t\n",
    data: ["off": false], expected: "\t-  (  -\t\n"),
  SpecCase(
    name: "whitespace inside an inverted section is kept", template: " > {{^off}} {{! keep }}\n {{/off}} <\n",
    data: ["off": false], expected: " >  \n  <\n"),
  SpecCase(
    name: "an inverted section within a line keeps the line's indentation",
    template: "\t{{^off}}A{{/off}}\n  {{^off}}B{{/off}}\n", data: ["off": false], expected: "\tA\n  B\n"),
  SpecCase(
    name: "lines holding only an inverted section tag disappear",
    template: "<ul>\n{{^off}}\n<li>x</li>\n{{/off}}\n</ul>\n", data: ["off": false],
    expected: "<ul>\n<li>x</li>\n</ul>\n"),
  SpecCase(
    name: "indented lines holding only an inverted section tag disappear",
    template: "<ul>\n    {{^off}}\n<li>x</li>\n\t{{/off}}\n</ul>\n", data: ["off": false],
    expected: "<ul>\n<li>x</li>\n</ul>\n"),
  SpecCase(
    name: "a standalone inverted section line may end in CRLF",
    template: "a\r\n{{^off}}\r\nb\r\n{{/off}}\r\nc",
    data: ["off": false], expected: "a\r\nb\r\nc"),
  SpecCase(
    name: "a standalone inverted section tag may open the template", template: "\t{{^off}}\nx{{/off}}\ny",
    data: ["off": false], expected: "x\ny"),
  SpecCase(
    name: "a standalone inverted section tag may end the template", template: "x{{^off}}\ny\n\t{{/off}}",
    data: ["off": false], expected: "x\ny\n"),
  SpecCase(
    name: "spaces inside inverted section tags are ignored", template: "[{{^  off  }}-{{/  off  }}]",
    data: ["off": false], expected: "[-]"),
]

/// What the spec leaves open, as bookgen's engine does it.
let invertedChoices: [SpecCase] = [
  SpecCase(
    name: "an inverted section does not push context", template: "{{^b}}{{name}}{{/b}}",
    data: ["b": false, "name": "n"], expected: "n"),
  SpecCase(
    name: "an empty string counts as false", template: "[{{^s}}empty{{/s}}]", data: ["s": ""],
    expected: "[empty]"),
  SpecCase(name: "zero counts as true", template: "[{{^n}}zero{{/n}}]", data: ["n": 0], expected: "[]"),
]

@Test(arguments: invertedRules + invertedChoices)
func invertedSections(_ spec: SpecCase) throws {
  #expect(try spec.render() == spec.expected)
}
