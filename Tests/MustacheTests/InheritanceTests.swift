import Mustache
import Testing

let inheritanceCases: [SpecCase] = [
  SpecCase(
    name: "default content", template: "{{$title}}Default title{{/title}}\n", expected: "Default title\n"),
  SpecCase(
    name: "default content renders tags",
    template: "{{$b}}<{{x}}|{{{x}}}|{{#s}}{{y}}{{/s}}|{{^n}}none{{/n}}>{{/b}}",
    data: ["x": "&", "s": ["y": "Y"]], expected: "<&amp;|&|Y|none>"),
  SpecCase(
    name: "data is not parsed as a template", template: "{{$b}}{{#s}}{{v}}{{/s}}{{/b}}",
    data: ["s": ["v": "{{x}}"]], expected: "{{x}}"),
  SpecCase(
    name: "inherit", template: "{{<include}}{{/include}}", partials: ["include": "{{$foo}}default{{/foo}}"],
    expected: "default"),
  SpecCase(
    name: "overridden content", template: "{{<super}}{{$title}}sub title{{/title}}{{/super}}",
    partials: ["super": "...{{$title}}Default{{/title}}..."], expected: "...sub title..."),
  SpecCase(
    name: "data does not override a block", template: "{{<include}}{{$var}}from template{{/var}}{{/include}}",
    data: ["var": "from data"], partials: ["include": "{{$var}}from include{{/var}}"],
    expected: "from template"),
  SpecCase(
    name: "data does not override a block default", template: "{{<include}}{{/include}}",
    data: ["var": "from data"],
    partials: ["include": "{{$var}}from include{{/var}}"], expected: "from include"),
  SpecCase(
    name: "two parents, different overrides",
    template: "a {{<p}}{{$s}}one{{/s}}{{/p}} {{<p}}{{$s}}two{{/s}}{{/p}}\n",
    partials: ["p": "|{{$s}}...{{/s}}{{$d}} default{{/d}}|"], expected: "a |one default| |two default|\n"),
  SpecCase(
    name: "override with newlines", template: "{{<p}}{{$b}}\nline\n\n:)\n{{/b}}{{/p}}",
    partials: ["p": "{{$b}}default{{/b}}"], expected: "line\n\n:)\n"),
  SpecCase(
    name: "inherit indentation", template: "{{<p}}{{$b}}new text{{/b}}{{/p}}",
    partials: ["p": "head:\n  {{$b}}old text{{/b}}\n"], expected: "head:\n  new text\n"),
  SpecCase(
    name: "only one override", template: "{{<p}}{{$two}}override{{/two}}{{/p}}",
    partials: ["p": "{{$one}}default one{{/one}}, {{$two}}default two{{/two}}"],
    expected: "default one, override"),
  SpecCase(
    name: "a parent without overrides is a partial", template: "{{>p}}|{{<p}}{{/p}}",
    partials: ["p": "{{$b}}default{{/b}}"], expected: "default|default"),
  SpecCase(
    name: "recursion through parents terminates", template: "{{<parent}}{{$foo}}override{{/foo}}{{/parent}}",
    partials: [
      "parent": "{{$foo}}default content{{/foo}} {{$bar}}{{<parent2}}{{/parent2}}{{/bar}}",
      "parent2": "{{$foo}}parent2 default content{{/foo}} {{<parent}}{{$bar}}stop{{/bar}}{{/parent}}",
    ],
    expected: "override override override stop"),
  SpecCase(
    name: "multi-level: the outermost override wins", template: "{{<parent}}{{$a}}c{{/a}}{{/parent}}",
    partials: [
      "parent": "{{<older}}{{$a}}p{{/a}}{{/older}}", "older": "{{<grand}}{{$a}}o{{/a}}{{/grand}}",
      "grand": "{{$a}}g{{/a}}",
    ],
    expected: "c"),
  SpecCase(
    name: "multi-level without an override of its own", template: "{{<parent}}{{/parent}}",
    partials: [
      "parent": "{{<older}}{{$a}}p{{/a}}{{/older}}", "older": "{{<grand}}{{$a}}o{{/a}}{{/grand}}",
      "grand": "{{$a}}g{{/a}}",
    ],
    expected: "p"),
  SpecCase(
    name: "text inside a parent is ignored", template: "{{<p}} junk {{$b}}kept{{/b}} {{x}} junk {{/p}}",
    data: ["x": "X"], partials: ["p": "{{$b}}default{{/b}}"], expected: "kept"),
  SpecCase(
    name: "text-only parent body", template: "{{<p}} junk junk {{/p}}",
    partials: ["p": "{{$b}}default{{/b}}"],
    expected: "default"),
  SpecCase(
    name: "block scope is where the block is used", template: "{{<p}}{{$b}}I say {{fruit}}.{{/b}}{{/p}}",
    data: ["fruit": "apples", "nested": ["fruit": "bananas"]],
    partials: ["p": "{{#nested}}{{$b}}You say {{fruit}}.{{/b}}{{/nested}}"], expected: "I say bananas."),
  SpecCase(
    name: "standalone parent", template: "Hi,\n  {{<p}}{{/p}}\n", partials: ["p": "one\ntwo\n"],
    expected: "Hi,\n  one\n  two\n"),
  SpecCase(
    name: "standalone block", template: "{{<p}}{{$b}}\none\ntwo{{/b}}\n{{/p}}\n",
    partials: ["p": "Hi,\n  {{$b}}{{/b}}\n"], expected: "Hi,\n  one\n  two\n"),
  SpecCase(
    name: "block reindentation", template: "{{<p}}{{$b}}\n    one\n    two\n{{/b}}{{/p}}\n",
    partials: ["p": "Hi,\n  {{$b}}\n  {{/b}}\n"], expected: "Hi,\n  one\n  two\n"),
  SpecCase(
    name: "intrinsic indentation", template: "{{<p}}{{$b}}\none\ntwo\n{{/b}}{{/p}}\n",
    partials: ["p": "Hi,\n{{$b}}\n  default\n{{/b}}\n"], expected: "Hi,\n  one\n  two\n"),
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
  SpecCase(
    name: "blocks reach into partials of the parent",
    template: "{{<layout}}{{$title}}Mine{{/title}}{{/layout}}",
    partials: ["layout": "<{{>head}}>", "head": "{{$title}}Default{{/title}}"], expected: "<Mine>"),
  SpecCase(
    name: "block inside a partial, overridden by a parent in a partial", template: "{{>page}}",
    partials: ["page": "{{<layout}}{{$x}}page{{/x}}{{/layout}}", "layout": "[{{$x}}layout{{/x}}]"],
    expected: "[page]"),
]

@Test(arguments: inheritanceCases)
func inheritance(_ spec: SpecCase) throws {
  #expect(try spec.render() == spec.expected)
}
