import Mustache
import Testing

/// One case per rule of the spec's optional inheritance module, in the spec's order, with our
/// own data.
let inheritanceRules: [SpecCase] = [
  SpecCase(
    name: "a block nobody overrides shows its default", template: "{{$heading}}Untitled{{/heading}}\n",
    expected: "Untitled\n"),
  SpecCase(
    name: "default content interpolates", template: "{{$heading}}About {{title}}{{/heading}}\n",
    data: ["title": "Dune"], expected: "About Dune\n"),
  SpecCase(
    name: "default content may interpolate raw", template: "{{$heading}}<{{{html}}}>{{/heading}}",
    data: ["html": "<em>x</em>"], expected: "<<em>x</em>>"),
  SpecCase(
    name: "default content may hold sections",
    template: "{{$heading}}by {{#author}}{{name}}{{/author}}{{/heading}}",
    data: ["author": ["name": "Herbert"]], expected: "by Herbert"),
  SpecCase(
    name: "default content may hold inverted sections",
    template: "{{$heading}}{{^author}}anonymous {{label}}{{/author}}{{/heading}}", data: ["label": "work"],
    expected: "anonymous work"),
  SpecCase(
    name: "values in default content are not parsed as templates",
    template: "{{$heading}}{{#author}}{{name}}{{/author}}{{/heading}}",
    data: ["author": ["name": "{{title}}"]],
    expected: "{{title}}"),
  SpecCase(
    name: "a parent tag renders the parent with its defaults", template: "{{<layout}}{{/layout}}\n",
    partials: ["layout": "{{$main}}nothing yet{{/main}}"], expected: "nothing yet"),
  SpecCase(
    name: "a block inside the parent tag replaces the parent's block",
    template: "{{<layout}}{{$main}}my page{{/main}}{{/layout}}",
    partials: ["layout": "<main>{{$main}}nothing yet{{/main}}</main>"], expected: "<main>my page</main>"),
  SpecCase(
    name: "a field of the same name does not replace an override",
    template: "{{<layout}}{{$main}}from the page{{/main}}{{/layout}}", data: ["main": "from data"],
    partials: ["layout": "{{$main}}from the layout{{/main}}"], expected: "from the page"),
  SpecCase(
    name: "a field of the same name does not replace a default", template: "{{<layout}}{{/layout}}",
    data: ["main": "from data"], partials: ["layout": "{{$main}}from the layout{{/main}}"],
    expected: "from the layout"),
  SpecCase(
    name: "text before a parent tag stays", template: "page: {{<layout}}{{$main}}mine{{/main}}{{/layout}}",
    partials: ["layout": "{{$main}}theirs{{/main}}"], expected: "page: mine"),
  SpecCase(
    name: "two parent tags override the same parent differently",
    template: "{{<card}}{{$title}}A{{/title}}{{/card}}+{{<card}}{{$title}}B{{/title}}{{/card}}\n",
    partials: ["card": "({{$title}}?{{/title}}{{$note}} new{{/note}})"], expected: "(A new)+(B new)\n"),
  SpecCase(
    name: "an override may span lines", template: "{{<card}}{{$title}}\nfirst\n\nlast\n{{/title}}{{/card}}",
    partials: ["card": "{{$title}}?{{/title}}"], expected: "first\n\nlast\n"),
  SpecCase(
    name: "an override takes the indentation of the block it replaces",
    template: "{{<card}}{{$title}}replaced{{/title}}{{/card}}",
    partials: ["card": "heading:\n\t{{$title}}original{{/title}}\n"], expected: "heading:\n\treplaced\n"),
  SpecCase(
    name: "blocks not overridden keep their defaults",
    template: "{{<card}}{{$note}}changed{{/note}}{{/card}}",
    partials: ["card": "{{$title}}kept title{{/title}} / {{$note}}kept note{{/note}}"],
    expected: "kept title / changed"),
  SpecCase(
    name: "a parent tag without overrides is a partial tag", template: "{{>card}}+{{<card}}{{/card}}",
    partials: ["card": "{{$title}}t{{/title}}"], expected: "t+t"),
  SpecCase(
    name: "parents including each other end where a block stops the recursion",
    template: "{{<a}}{{$x}}X{{/x}}{{/a}}",
    partials: [
      "a": "{{$x}}a default{{/x}}-{{$y}}{{<b}}{{/b}}{{/y}}",
      "b": "{{$x}}b default{{/x}}-{{<a}}{{$y}}end{{/y}}{{/a}}",
    ],
    expected: "X-X-X-end"),
  SpecCase(
    name: "through several levels of parents the outermost override wins",
    template: "{{<page}}{{$t}}1{{/t}}{{/page}}",
    partials: [
      "page": "{{<section}}{{$t}}2{{/t}}{{/section}}", "section": "{{<base}}{{$t}}3{{/t}}{{/base}}",
      "base": "{{$t}}4{{/t}}",
    ],
    expected: "1"),
  SpecCase(
    name: "without an override of its own the next level's wins", template: "{{<page}}{{/page}}",
    partials: [
      "page": "{{<section}}{{$t}}2{{/t}}{{/section}}", "section": "{{<base}}{{$t}}3{{/t}}{{/base}}",
      "base": "{{$t}}4{{/t}}",
    ],
    expected: "2"),
  SpecCase(
    name: "text inside a parent tag is ignored, blocks are not",
    template: "{{<card}} ignored {{$title}}shown{{/title}} {{x}} ignored too {{/card}}", data: ["x": "X"],
    partials: ["card": "{{$title}}default{{/title}}"], expected: "shown"),
  SpecCase(
    name: "a parent tag holding only text renders the defaults", template: "{{<card}} only text {{/card}}",
    partials: ["card": "{{$title}}default{{/title}}"], expected: "default"),
  SpecCase(
    name: "an override sees the context where the block is, in the parent",
    template: "{{<layout}}{{$line}}{{name}} wrote it{{/line}}{{/layout}}",
    data: ["name": "Outer", "book": ["name": "Inner"]],
    partials: ["layout": "{{#book}}{{$line}}nobody{{/line}}{{/book}}"], expected: "Inner wrote it"),
  SpecCase(
    name: "a parent tag opened and closed on one line is standalone",
    template: "Books:\n\t{{<list}}{{/list}}\n",
    partials: ["list": "a\nb\n"], expected: "Books:\n\ta\n\tb\n"),
  SpecCase(
    name: "a block opened and closed on different lines is standalone",
    template: "{{<list}}{{$items}}\na\nb{{/items}}\n{{/list}}\n",
    partials: ["list": "Books:\n\t{{$items}}{{/items}}\n"], expected: "Books:\n\ta\n\tb\n"),
  SpecCase(
    name: "an override loses its own indentation and takes the block's",
    template: "{{<list}}{{$items}}\n      a\n      b\n{{/items}}{{/list}}\n",
    partials: ["list": "Books:\n\t{{$items}}\n\t{{/items}}\n"], expected: "Books:\n\ta\n\tb\n"),
  SpecCase(
    name: "a standalone block is indented like its default content",
    template: "{{<list}}{{$items}}\na\nb\n{{/items}}{{/list}}\n",
    partials: ["list": "Books:\n{{$items}}\n    none\n{{/items}}\n"], expected: "Books:\n    a\n    b\n"),
  SpecCase(
    name: "a nested block is reindented relative to the block around it",
    template: "{{<page}}{{$inner}}\nz\n{{/inner}}{{/page}}\n",
    partials: [
      "page": "{{<base}}{{$outer}}\n    x\n    {{$inner}}\n      y\n    {{/inner}}\n{{/outer}}{{/base}}\n",
      "base": "{{$outer}}none{{/outer}}",
    ],
    expected: "x\n  z\n"),
]

/// Rules the module's text states without a test of its own, and choices it leaves open.
let inheritanceChoices: [SpecCase] = [
  SpecCase(
    name: "a parent no template provides renders as nothing",
    template: "[{{<gone}}{{$main}}mine{{/main}}{{/gone}}]", expected: "[]"),
  SpecCase(
    name: "delimiters set before a parent tag do not reach the parent",
    template: "{{=<% %>=}}<%<layout%><%$main%>mine<%/main%><%/layout%>",
    partials: ["layout": "[{{$main}}x{{/main}}]"], expected: "[mine]"),
  SpecCase(
    name: "block names live apart from partial names and fields",
    template: "{{<layout}}{{$title}}block{{/title}}{{/layout}}", data: ["title": "field"],
    partials: ["layout": "{{$title}}default{{/title}}|{{title}}|{{>title}}", "title": "partial"],
    expected: "block|field|partial"),
  SpecCase(
    name: "blocks reach into partials of the parent",
    template: "{{<layout}}{{$title}}Mine{{/title}}{{/layout}}",
    partials: ["layout": "<{{>head}}>", "head": "{{$title}}Default{{/title}}"], expected: "<Mine>"),
  SpecCase(
    name: "block inside a partial, overridden by a parent in a partial", template: "{{>page}}",
    partials: ["page": "{{<layout}}{{$x}}page{{/x}}{{/layout}}", "layout": "[{{$x}}layout{{/x}}]"],
    expected: "[page]"),
  SpecCase(
    name: "default content keeps its indentation", template: "{{<p}}{{/p}}", data: ["x": 1],
    partials: ["p": "<body>\n  {{$b}}\n    <p>{{x}}</p>\n  {{/b}}\n</body>\n"],
    expected: "<body>\n    <p>1</p>\n</body>\n"),
  SpecCase(
    name: "layout with a standalone block and partial",
    template: "{{<layout}}\n{{$main}}\n<p>{{t}}</p>\n{{/main}}\n{{/layout}}\n",
    data: ["t": "body"],
    partials: [
      "layout": "<html>\n  {{>head}}\n  <main>\n    {{$main}}{{/main}}\n  </main>\n</html>\n",
      "head": "<head></head>\n",
    ],
    expected: "<html>\n  <head></head>\n  <main>\n    <p>body</p>\n  </main>\n</html>\n"),
]

@Test(arguments: inheritanceRules + inheritanceChoices)
func inheritance(_ spec: SpecCase) throws {
  #expect(try spec.render() == spec.expected)
}
