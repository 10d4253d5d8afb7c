import Mustache
import Testing

let partialCases: [SpecCase] = [
  SpecCase(
    name: "basic", template: "\"{{>text}}\"", partials: ["text": "from partial"], expected: "\"from partial\""
  ),
  SpecCase(
    name: "context", template: "\"{{>partial}}\"", data: ["text": "content"],
    partials: ["partial": "*{{text}}*"],
    expected: "\"*content*\""),
  SpecCase(
    name: "recursion with data", template: "{{>node}}",
    data: ["content": "X", "nodes": [["content": "Y", "nodes": []]]],
    partials: ["node": "{{content}}<{{#nodes}}{{>node}}{{/nodes}}>"], expected: "X<Y<>>"),
  SpecCase(
    name: "nested", template: "{{>outer}}", data: ["a": "hello", "b": "world"],
    partials: ["outer": "*{{a}} {{>inner}}*", "inner": "{{b}}!"], expected: "*hello world!*"),
  SpecCase(
    name: "subfolder names", template: "[{{>partials/cover}}]", data: ["t": "T"],
    partials: ["partials/cover": "<{{t}}>"], expected: "[<T>]"),
  SpecCase(
    name: "surrounding whitespace", template: "| {{>partial}} |", partials: ["partial": "\t|\t"],
    expected: "| \t|\t |"),
  SpecCase(
    name: "inline indentation", template: "  {{data}}  {{> partial}}\n", data: ["data": "|"],
    partials: ["partial": ">\n>"], expected: "  |  >\n>\n"),
  SpecCase(
    name: "standalone CRLF", template: "|\r\n{{>partial}}\r\n|", partials: ["partial": ">"],
    expected: "|\r\n>|"),
  SpecCase(
    name: "standalone without previous line", template: "  {{>partial}}\n>", partials: ["partial": ">\n>"],
    expected: "  >\n  >>"),
  SpecCase(
    name: "standalone without newline", template: ">\n  {{>partial}}", partials: ["partial": ">\n>"],
    expected: ">\n  >\n  >"),
  SpecCase(
    name: "standalone indentation applies to the partial's lines, not to data",
    template: "\\\n {{>partial}}\n/\n", data: ["content": "<\n->"],
    partials: ["partial": "|\n{{{content}}}\n|\n"],
    expected: "\\\n |\n <\n->\n |\n/\n"),
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
  SpecCase(
    name: "padding whitespace", template: "|{{> partial }}|", data: ["boolean": true],
    partials: ["partial": "[]"], expected: "|[]|"),
]

let dynamicNameCases: [SpecCase] = [
  SpecCase(
    name: "basic", template: "\"{{>*dynamic}}\"", data: ["dynamic": "content"],
    partials: ["content": "Hello"],
    expected: "\"Hello\""),
  SpecCase(
    name: "the asterisk is not part of the name", template: "{{>*dynamic}}",
    data: ["dynamic": "content", "*dynamic": "wrong"], partials: ["content": "right", "wrong": "wrong"],
    expected: "right"),
  SpecCase(
    name: "context miss renders nothing", template: "\"{{>*missing}}\"", partials: ["missing": "x"],
    expected: "\"\""),
  SpecCase(
    name: "dotted names", template: "{{>*a.b.c}}", data: ["text": "hi", "a": ["b": ["c": "partial"]]],
    partials: ["partial": "*{{text}}*"], expected: "*hi*"),
  SpecCase(
    name: "dotted names resolve entirely before dereferencing", template: "[{{>*foo.bar}}]",
    data: ["foo": "test", "test": ["bar": "partial"]], partials: ["partial": "wrong"], expected: "[]"),
  SpecCase(
    name: "dotted names do not push context", template: "{{#s1}}{{>*s2.dynamic}}{{/s1}}",
    data: ["s1": ["value": "one"], "s2": ["dynamic": "partial", "value": "two"]],
    partials: ["partial": "\"{{value}}\""],
    expected: "\"one\""),
  SpecCase(
    name: "recursion", template: "{{>*template}}",
    data: ["template": "node", "content": "X", "nodes": [["content": "Y", "nodes": []]]],
    partials: ["node": "{{content}}<{{#nodes}}{{>*template}}{{/nodes}}>"], expected: "X<Y<>>"),
  SpecCase(
    name: "no double dereferencing", template: "\"{{>**dynamic}}\"",
    data: ["dynamic": "test", "test": "content"],
    partials: ["content": "x"], expected: "\"\""),
  SpecCase(
    name: "standalone indentation", template: "\\\n {{>*dynamic}}\n/\n",
    data: ["dynamic": "partial", "content": "<\n->"],
    partials: ["partial": "|\n{{{content}}}\n|\n"], expected: "\\\n |\n <\n->\n |\n/\n"),
  SpecCase(
    name: "standalone CRLF", template: "|\r\n{{>*dynamic}}\r\n|", data: ["dynamic": "partial"],
    partials: ["partial": ">"], expected: "|\r\n>|"),
  SpecCase(
    name: "padding whitespace", template: "|{{> * dynamic }}|", data: ["dynamic": "partial"],
    partials: ["partial": "[]"],
    expected: "|[]|"),
  SpecCase(
    name: "dynamic parent", template: "{{<*layout}}{{$body}}mine{{/body}}{{/*layout}}",
    data: ["layout": "base"],
    partials: ["base": "<{{$body}}default{{/body}}>"], expected: "<mine>"),
]

@Test(arguments: partialCases)
func partials(_ spec: SpecCase) throws {
  #expect(try spec.render() == spec.expected)
}

@Test(arguments: dynamicNameCases)
func dynamicNames(_ spec: SpecCase) throws {
  #expect(try spec.render() == spec.expected)
}
