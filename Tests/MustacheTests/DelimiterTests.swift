import Mustache
import Testing

let delimiterCases: [SpecCase] = [
  SpecCase(
    name: "pair behavior", template: "{{=<% %>=}}(<%text%>)", data: ["text": "Hey!"], expected: "(Hey!)"),
  SpecCase(
    name: "special characters", template: "({{=[ ]=}}[text])", data: ["text": "It worked!"],
    expected: "(It worked!)"),
  SpecCase(
    name: "sections",
    template:
      "[\n{{#section}}\n  {{data}}\n  |data|\n{{/section}}\n\n{{= | | =}}\n|#section|\n  {{data}}\n  |data|\n|/section|\n]\n",
    data: ["section": true, "data": "I got interpolated."],
    expected: "[\n  I got interpolated.\n  |data|\n\n  {{data}}\n  I got interpolated.\n]\n"),
  SpecCase(
    name: "inverted sections",
    template:
      "[\n{{^section}}\n  {{data}}\n  |data|\n{{/section}}\n\n{{= | | =}}\n|^section|\n  {{data}}\n  |data|\n|/section|\n]\n",
    data: ["section": false, "data": "I got interpolated."],
    expected: "[\n  I got interpolated.\n  |data|\n\n  {{data}}\n  I got interpolated.\n]\n"),
  SpecCase(
    name: "partial inheritance: the partial starts with default delimiters",
    template: "[ {{>include}} ]\n{{= | | =}}\n[ |>include| ]\n", data: ["value": "yes"],
    partials: ["include": ".{{value}}."], expected: "[ .yes. ]\n[ .yes. ]\n"),
  SpecCase(
    name: "post-partial behavior: a partial's delimiters stay inside it",
    template: "[ {{>include}} ]\n[ .{{value}}.  .|value|. ]\n", data: ["value": "yes"],
    partials: ["include": ".{{value}}. {{= | | =}} .|value|."],
    expected: "[ .yes.  .yes. ]\n[ .yes.  .|value|. ]\n"),
  SpecCase(name: "surrounding whitespace", template: "| {{=@ @=}} |", expected: "|  |"),
  SpecCase(name: "outlying whitespace (inline)", template: " | {{=@ @=}}\n", expected: " | \n"),
  SpecCase(name: "standalone tag", template: "Begin.\n{{=@ @=}}\nEnd.\n", expected: "Begin.\nEnd.\n"),
  SpecCase(
    name: "indented standalone tag", template: "Begin.\n  {{=@ @=}}\nEnd.\n", expected: "Begin.\nEnd.\n"),
  SpecCase(name: "standalone CRLF", template: "|\r\n{{= @ @ =}}\r\n|", expected: "|\r\n|"),
  SpecCase(name: "standalone without previous line", template: "  {{=@ @=}}\n=", expected: "="),
  SpecCase(name: "standalone without newline", template: "=\n  {{=@ @=}}", expected: "=\n"),
  SpecCase(name: "pair with padding", template: "|{{= @   @ =}}|", expected: "||"),
  SpecCase(
    name: "triple mustache with custom delimiters", template: "{{=<% %>=}}<%{html}%> <%&html%> <%html%>",
    data: ["html": "<i>"], expected: "<i> <i> &lt;i&gt;"),
  SpecCase(
    name: "long delimiters", template: "{{=<<< >>>=}}<<<#s>>><<<.>>><<</s>>>", data: ["s": "x"], expected: "x"
  ),
]

@Test(arguments: delimiterCases)
func setDelimiters(_ spec: SpecCase) throws {
  #expect(try spec.render() == spec.expected)
}
