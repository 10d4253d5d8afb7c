import Mustache
import Testing

/// A value needing every escape the spec defines, and one that needs none.
private let marks: MustacheValue = "Tom & \"Jerry\" <3"
private let escapedMarks = "Tom &amp; &quot;Jerry&quot; &lt;3"

/// One case per rule of the spec's interpolation module, in the spec's order, with our own data.
let interpolationRules: [SpecCase] = [
  SpecCase(
    name: "text without tags renders as written", template: "Shelf {of} books.\n",
    expected: "Shelf {of} books.\n"),
  SpecCase(
    name: "a tag shows its value", template: "Now reading: {{title}}.\n", data: ["title": "Dune"],
    expected: "Now reading: Dune.\n"),
  SpecCase(
    name: "a value is never parsed as a template", template: "{{blurb}} / {{author}}",
    data: ["blurb": "{{author}}", "author": "Le Guin"], expected: "{{author}} / Le Guin"),
  SpecCase(
    name: "a double mustache escapes HTML", template: "<{{t}}>", data: ["t": marks],
    expected: "<\(escapedMarks)>"),
  SpecCase(
    name: "a triple mustache does not escape", template: "<{{{t}}}>", data: ["t": marks],
    expected: "<Tom & \"Jerry\" <3>"),
  SpecCase(
    name: "an ampersand does not escape", template: "<{{&t}}>", data: ["t": marks],
    expected: "<Tom & \"Jerry\" <3>"),
  SpecCase(
    name: "integers show as written", template: "{{pages}} pages", data: ["pages": 412], expected: "412 pages"
  ),
  SpecCase(
    name: "integers show raw alike", template: "{{{pages}}} pages", data: ["pages": 412],
    expected: "412 pages"),
  SpecCase(
    name: "integers show after an ampersand alike", template: "{{&pages}} pages", data: ["pages": 412],
    expected: "412 pages"),
  SpecCase(
    name: "decimals keep their digits", template: "rated {{stars}}", data: ["stars": 4.25],
    expected: "rated 4.25"),
  SpecCase(
    name: "decimals show raw alike", template: "rated {{{stars}}}", data: ["stars": 4.25],
    expected: "rated 4.25"),
  SpecCase(
    name: "decimals show after an ampersand alike", template: "rated {{&stars}}", data: ["stars": 4.25],
    expected: "rated 4.25"),
  SpecCase(
    name: "null shows as nothing", template: "[{{subtitle}}]", data: ["subtitle": nil], expected: "[]"),
  SpecCase(
    name: "null shows raw as nothing", template: "[{{{subtitle}}}]", data: ["subtitle": nil], expected: "[]"),
  SpecCase(
    name: "null after an ampersand shows as nothing", template: "[{{&subtitle}}]", data: ["subtitle": nil],
    expected: "[]"),
  SpecCase(name: "a missing name shows as nothing", template: "[{{isbn}}]", expected: "[]"),
  SpecCase(name: "a missing name shows raw as nothing", template: "[{{{isbn}}}]", expected: "[]"),
  SpecCase(
    name: "a missing name after an ampersand shows as nothing", template: "[{{&isbn}}]", expected: "[]"),
  SpecCase(
    name: "a dotted name is a section in short", template: "{{book.title}}={{#book}}{{title}}{{/book}}",
    data: ["book": ["title": "R&J"]], expected: "R&amp;J=R&amp;J"),
  SpecCase(
    name: "a dotted name is a section in short, raw",
    template: "{{{book.title}}}={{#book}}{{{title}}}{{/book}}",
    data: ["book": ["title": "R&J"]], expected: "R&J=R&J"),
  SpecCase(
    name: "a dotted name is a section in short, after an ampersand",
    template: "{{&book.title}}={{#book}}{{&title}}{{/book}}", data: ["book": ["title": "R&J"]],
    expected: "R&J=R&J"),
  SpecCase(
    name: "dotted names reach any depth", template: "{{shelf.row.box.book.title}}",
    data: ["shelf": ["row": ["box": ["book": ["title": "Emma"]]]]], expected: "Emma"),
  SpecCase(
    name: "a dotted name missing a part shows as nothing", template: "[{{book.author.name}}]",
    data: ["book": [:]], expected: "[]"),
  SpecCase(
    name: "each later part resolves only inside the part before",
    template: "[{{book.series.author.name}}]", data: ["book": ["series": [:]], "author": ["name": "Wrong"]],
    expected: "[]"),
  SpecCase(
    name: "the first part resolves through the context stack",
    template: "{{#shelf}}{{book.author.name}}{{/shelf}}",
    data: ["shelf": ["book": ["author": ["name": "Right"]]], "book": ["author": ["name": "Wrong"]]],
    expected: "Right"),
  SpecCase(
    name: "the first part found decides, even when a later part is missing",
    template: "[{{#shelf}}{{book.title}}{{/shelf}}]",
    data: ["shelf": ["book": [:]], "book": ["title": "Wrong"]],
    expected: "[]"),
  SpecCase(
    name: "a dotted name never matches a key with a dot", template: "[{{book.title}}]",
    data: ["book.title": "Wrong"], expected: "[]"),
  SpecCase(
    name: "a key with a dot does not hide the dotted path", template: "{{book.title}}",
    data: ["book.title": "Wrong", "book": ["title": "Right"]], expected: "Right"),
  SpecCase(
    name: "a dot shows the top of the stack", template: "Welcome, {{.}}.", data: "reader",
    expected: "Welcome, reader."),
  SpecCase(name: "a dot escapes HTML", template: "<{{.}}>", data: marks, expected: "<\(escapedMarks)>"),
  SpecCase(
    name: "a dot in a triple mustache does not escape", template: "<{{{.}}}>", data: marks,
    expected: "<Tom & \"Jerry\" <3>"),
  SpecCase(
    name: "a dot after an ampersand does not escape", template: "<{{&.}}>", data: marks,
    expected: "<Tom & \"Jerry\" <3>"),
  SpecCase(name: "a dot shows an integer", template: "{{.}} books", data: 12, expected: "12 books"),
  SpecCase(
    name: "whitespace around a tag is kept", template: "\t( {{title}} )", data: ["title": "Dune"],
    expected: "\t( Dune )"),
  SpecCase(
    name: "whitespace around a triple mustache is kept", template: "\t( {{{title}}} )",
    data: ["title": "Dune"],
    expected: "\t( Dune )"),
  SpecCase(
    name: "whitespace around an ampersand tag is kept", template: "\t( {{&title}} )", data: ["title": "Dune"],
    expected: "\t( Dune )"),
  SpecCase(
    name: "a tag alone on its line is not standalone", template: "   {{title}}\n", data: ["title": "Dune"],
    expected: "   Dune\n"),
  SpecCase(
    name: "a triple mustache alone on its line is not standalone", template: "   {{{title}}}\n",
    data: ["title": "Dune"], expected: "   Dune\n"),
  SpecCase(
    name: "an ampersand tag alone on its line is not standalone", template: "   {{&title}}\n",
    data: ["title": "Dune"], expected: "   Dune\n"),
  SpecCase(
    name: "spaces inside a tag are ignored", template: "[{{  title  }}]", data: ["title": "Dune"],
    expected: "[Dune]"),
  SpecCase(
    name: "spaces inside a triple mustache are ignored", template: "[{{{ title\t}}}]",
    data: ["title": "Dune"],
    expected: "[Dune]"),
  SpecCase(
    name: "spaces inside an ampersand tag are ignored", template: "[{{&  title }}]", data: ["title": "Dune"],
    expected: "[Dune]"),
]

/// What the spec leaves open, as bookgen's engine does it.
let interpolationChoices: [SpecCase] = [
  SpecCase(
    name: "escaping is exactly the spec's four characters", template: "{{html}}",
    data: ["html": "<a href=\"x\">&'</a>"],
    expected: "&lt;a href=&quot;x&quot;&gt;&amp;'&lt;/a&gt;"),
  SpecCase(name: "integral double drops .0", template: "{{n}}", data: ["n": .number(1200)], expected: "1200"),
  SpecCase(name: "negative integer", template: "{{n}}", data: ["n": -3], expected: "-3"),
  SpecCase(name: "booleans", template: "{{t}}/{{f}}", data: ["t": true, "f": false], expected: "true/false"),
  SpecCase(
    name: "list and map render nothing", template: "[{{l}}{{m}}]", data: ["l": [1], "m": ["a": 1]],
    expected: "[]"),
  SpecCase(
    name: "unicode passes through", template: "{{v}}—ü", data: ["v": "日本 <ß>"], expected: "日本 &lt;ß&gt;—ü"),
]

@Test(arguments: interpolationRules + interpolationChoices)
func interpolation(_ spec: SpecCase) throws {
  #expect(try spec.render() == spec.expected)
}
