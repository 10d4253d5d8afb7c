import Mustache
import Testing

/// One case per rule of the spec's sections module, in the spec's order, with our own data.
let sectionRules: [SpecCase] = [
  SpecCase(
    name: "a true section renders", template: "<{{#available}}in stock{{/available}}>",
    data: ["available": true], expected: "<in stock>"),
  SpecCase(
    name: "a false section does not render", template: "<{{#available}}in stock{{/available}}>",
    data: ["available": false], expected: "<>"),
  SpecCase(
    name: "a null section does not render", template: "<{{#available}}in stock{{/available}}>",
    data: ["available": nil], expected: "<>"),
  SpecCase(
    name: "a section over a map pushes it", template: "{{#book}}{{title}} ({{year}}){{/book}}",
    data: ["book": ["title": "Kindred", "year": 1979]], expected: "Kindred (1979)"),
  SpecCase(
    name: "names the pushed map lacks come from below it",
    template: "{{#book}}{{site}}, {{title}}, {{series.name}}{{/book}}",
    data: ["site": "Shelf", "title": "Wrong", "book": ["title": "Right"], "series": ["name": "Xeelee"]],
    expected: "Shelf, Right, Xeelee"),
  SpecCase(
    name: "inside a section its value is both the dot and its name",
    template: "{{#genre}}{{.}} = {{genre}}{{/genre}}",
    data: ["genre": "poetry"], expected: "poetry = poetry"),
  SpecCase(
    name: "inside nested lists every enclosing item stays visible",
    template:
      "{{#shelves}}{{#rows}}{{shelf.code}}{{row}}:{{#books}}{{shelf.label}}{{row}}{{book}};{{/books}}{{/rows}}{{/shelves}}",
    data: [
      "shelves": [
        [
          "shelf": ["code": "s", "label": "S"],
          "rows": [["row": "2", "books": [["book": "p"], ["book": "q"]]]],
        ]
      ]
    ],
    expected: "s2:S2p;S2q;"),
  SpecCase(
    name: "inside nested maps every enclosing map stays visible",
    template:
      "{{#genre}}\n{{g}}\n{{#author}}\n{{g}}{{a}}\n{{#book}}\n{{g}}{{a}}{{b}}\n{{#edition}}\n{{g}}{{a}}{{b}}{{e}}\n"
      + "{{#number}}\n{{g}}{{a}}{{b}}{{e}}{{.}}\n{{/number}}\n{{/edition}}\n{{/book}}\n{{/author}}\n{{/genre}}\n",
    data: [
      "genre": ["g": "G"], "author": ["a": "A"], "book": ["b": "B", "edition": ["e": "E", "number": 2]],
    ],
    expected: "G\nGA\nGAB\nGABE\nGABE2\n"),
  SpecCase(
    name: "a section over a list renders once per item", template: "{{#books}}[{{title}}]{{/books}}",
    data: ["books": [["title": "A"], ["title": "B"], ["title": "C"]]], expected: "[A][B][C]"),
  SpecCase(
    name: "a section over an empty list does not render", template: "<{{#books}}a book{{/books}}>",
    data: ["books": []], expected: "<>"),
  SpecCase(
    name: "a template may hold several sections over one name",
    template: "{{#open}}\n- morning\n{{/open}}\n- {{noon}}\n{{#open}}\n- evening\n{{/open}}\n",
    data: ["open": true, "noon": "lunch"], expected: "- morning\n- lunch\n- evening\n"),
  SpecCase(
    name: "true sections nested in each other render", template: "( 1 {{#on}}2 {{#on}}3{{/on}} 4{{/on}} 5 )",
    data: ["on": true], expected: "( 1 2 3 4 5 )"),
  SpecCase(
    name: "false sections nested in each other do not render",
    template: "( 1 {{#on}}2 {{#on}}3{{/on}} 4{{/on}} 5 )", data: ["on": false], expected: "( 1  5 )"),
  SpecCase(
    name: "a section over a missing name does not render", template: "<{{#isbn}}has an ISBN{{/isbn}}>",
    expected: "<>"),
  SpecCase(
    name: "a dot shows each string of a list", template: "{{#tags}}#{{.}} {{/tags}}",
    data: ["tags": ["sf", "classic"]], expected: "#sf #classic "),
  SpecCase(
    name: "a dot shows each integer of a list", template: "{{#years}}{{.}};{{/years}}",
    data: ["years": [1965, 1969]], expected: "1965;1969;"),
  SpecCase(
    name: "a dot shows each decimal of a list", template: "{{#years}}{{.}};{{/years}}",
    data: ["years": [0.5, 2.75]], expected: "0.5;2.75;"),
  SpecCase(
    name: "a section over a dot iterates a nested list",
    template: "{{#shelves}}<{{#.}}{{.}}{{/.}}>{{/shelves}}",
    data: ["shelves": [["x", "y"], [1, 2, 3]]], expected: "<xy><123>"),
  SpecCase(
    name: "a dot over list items escapes HTML", template: "{{#marks}}{{.}} {{/marks}}",
    data: ["marks": ["<", "&", "\"", ">"]], expected: "&lt; &amp; &quot; &gt; "),
  SpecCase(
    name: "a dot in a triple mustache over list items does not escape",
    template: "{{#marks}}{{{.}}} {{/marks}}",
    data: ["marks": ["<", "&", "\"", ">"]], expected: "< & \" > "),
  SpecCase(
    name: "a dot after an ampersand over list items does not escape", template: "{{#marks}}{{&.}} {{/marks}}",
    data: ["marks": ["<", "&", "\"", ">"]], expected: "< & \" > "),
  SpecCase(
    name: "a section over a dot iterates a list at the root", template: "{{#.}}<{{title}}>{{/.}}",
    data: [["title": "A"], ["title": "B"]], expected: "<A><B>"),
  SpecCase(
    name: "a section may take a dotted name", template: "<{{#book.copy.signed}}signed{{/book.copy.signed}}>",
    data: ["book": ["copy": ["signed": true]]], expected: "<signed>"),
  SpecCase(
    name: "a section over a false dotted name does not render",
    template: "<{{#book.copy.signed}}signed{{/book.copy.signed}}>",
    data: ["book": ["copy": ["signed": false]]],
    expected: "<>"),
  SpecCase(
    name: "a section over a dotted name missing a part does not render",
    template: "<{{#book.copy.signed}}signed{{/book.copy.signed}}>", data: ["book": [:]], expected: "<>"),
  SpecCase(
    name: "whitespace around section tags is kept", template: "\t- {{#on}} ( {{/on}} -\t\n",
    data: ["on": true],
    expected: "\t-  (  -\t\n"),
  SpecCase(
    name: "whitespace inside a section is kept", template: " > {{#on}} {{! keep }}\n {{/on}} <\n",
    data: ["on": true], expected: " >  \n  <\n"),
  SpecCase(
    name: "a section within a line keeps the line's indentation",
    template: "\t{{#on}}A{{/on}}\n  {{#on}}B{{/on}}\n", data: ["on": true], expected: "\tA\n  B\n"),
  SpecCase(
    name: "lines holding only a section tag disappear",
    template: "<ul>\n{{#on}}\n<li>x</li>\n{{/on}}\n</ul>\n",
    data: ["on": true], expected: "<ul>\n<li>x</li>\n</ul>\n"),
  SpecCase(
    name: "indented lines holding only a section tag disappear",
    template: "<ul>\n    {{#on}}\n<li>x</li>\n\t{{/on}}\n</ul>\n", data: ["on": true],
    expected: "<ul>\n<li>x</li>\n</ul>\n"),
  SpecCase(
    name: "a standalone section line may end in CRLF", template: "a\r\n{{#on}}\r\nb\r\n{{/on}}\r\nc",
    data: ["on": true], expected: "a\r\nb\r\nc"),
  SpecCase(
    name: "a standalone section tag may open the template", template: "\t{{#on}}\nx{{/on}}\ny",
    data: ["on": true], expected: "x\ny"),
  SpecCase(
    name: "a standalone section tag may end the template", template: "x{{#on}}\ny\n\t{{/on}}",
    data: ["on": true], expected: "x\ny\n"),
  SpecCase(
    name: "spaces inside section tags are ignored", template: "[{{#  on  }}+{{/  on  }}]", data: ["on": true],
    expected: "[+]"),
]

/// What the spec leaves open, as bookgen's engine does it.
let sectionChoices: [SpecCase] = [
  SpecCase(name: "empty string is falsey", template: "[{{#s}}yes{{/s}}]", data: ["s": ""], expected: "[]"),
  SpecCase(name: "zero is truthy", template: "[{{#n}}{{.}}{{/n}}]", data: ["n": 0], expected: "[0]"),
  SpecCase(name: "empty map is truthy", template: "[{{#m}}yes{{/m}}]", data: ["m": [:]], expected: "[yes]"),
  SpecCase(
    name: "inner names shadow outer ones", template: "{{name}}{{#inner}}{{name}}{{/inner}}{{name}}",
    data: ["name": "o", "inner": ["name": "i"]], expected: "oio"),
  SpecCase(
    name: "list items see the outer context", template: "{{#list}}{{name}}-{{suffix}} {{/list}}",
    data: ["suffix": "!", "list": [["name": "a"], ["name": "b"]]], expected: "a-! b-! "),
]

@Test(arguments: sectionRules + sectionChoices)
func sections(_ spec: SpecCase) throws {
  #expect(try spec.render() == spec.expected)
}
