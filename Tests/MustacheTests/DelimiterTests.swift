import Mustache
import Testing

/// One case per rule of the spec's set-delimiter module, in the spec's order, with our own data.
let delimiterRules: [SpecCase] = [
  SpecCase(
    name: "a set-delimiter tag changes the delimiters", template: "{{=[[ ]]=}}<[[title]]>",
    data: ["title": "Dune"],
    expected: "<Dune>"),
  SpecCase(
    name: "delimiters may be characters special in regular expressions", template: "{{=^ $=}}<^title$>",
    data: ["title": "Dune"], expected: "<Dune>"),
  SpecCase(
    name: "new delimiters hold inside later sections",
    template: "{{#on}}\n{{title}} <%title%>\n{{/on}}\n{{=<% %>=}}\n<%#on%>\n<%title%> {{title}}\n<%/on%>\n",
    data: ["on": true, "title": "Dune"], expected: "Dune <%title%>\nDune {{title}}\n"),
  SpecCase(
    name: "new delimiters hold inside later inverted sections",
    template:
      "{{^off}}\n{{title}} <%title%>\n{{/off}}\n{{=<% %>=}}\n<%^off%>\n<%title%> {{title}}\n<%/off%>\n",
    data: ["off": false, "title": "Dune"], expected: "Dune <%title%>\nDune {{title}}\n"),
  SpecCase(
    name: "a partial starts with the default delimiters", template: "{{=<% %>=}}(<%>cover%>)",
    data: ["title": "Dune"], partials: ["cover": "[{{title}}]"], expected: "([Dune])"),
  SpecCase(
    name: "delimiters a partial sets stay inside it", template: "{{>cover}}|{{title}}|<%title%>",
    data: ["title": "Dune"], partials: ["cover": "{{=<% %>=}}<%title%>"], expected: "Dune|Dune|<%title%>"),
  SpecCase(
    name: "whitespace around a set-delimiter tag is kept", template: "[ {{=<% %>=}} ]", expected: "[  ]"),
  SpecCase(
    name: "a set-delimiter tag after text keeps the line's whitespace", template: "\t- {{=<% %>=}}\n",
    expected: "\t- \n"),
  SpecCase(
    name: "a line holding only a set-delimiter tag disappears", template: "a\n{{=<% %>=}}\nb\n",
    expected: "a\nb\n"),
  SpecCase(
    name: "an indented line holding only a set-delimiter tag disappears", template: "a\n\t {{=<% %>=}}\nb\n",
    expected: "a\nb\n"),
  SpecCase(
    name: "a standalone set-delimiter line may end in CRLF", template: "a\r\n{{=<% %>=}}\r\nb",
    expected: "a\r\nb"),
  SpecCase(
    name: "a standalone set-delimiter tag may open the template", template: " {{=<% %>=}}\nz", expected: "z"),
  SpecCase(
    name: "a standalone set-delimiter tag may end the template", template: "z\n {{=<% %>=}}", expected: "z\n"),
  SpecCase(
    name: "spaces inside a set-delimiter tag are ignored", template: "[{{=   <%    %>   =}}<% title %>]",
    data: ["title": "Dune"], expected: "[Dune]"),
]

/// What the spec leaves open, as bookgen's engine does it.
let delimiterChoices: [SpecCase] = [
  SpecCase(
    name: "triple mustache with custom delimiters", template: "{{=<% %>=}}<%{html}%> <%&html%> <%html%>",
    data: ["html": "<i>"], expected: "<i> <i> &lt;i&gt;"),
  SpecCase(
    name: "long delimiters", template: "{{=<<< >>>=}}<<<#s>>><<<.>>><<</s>>>", data: ["s": "x"], expected: "x"
  ),
]

@Test(arguments: delimiterRules + delimiterChoices)
func setDelimiters(_ spec: SpecCase) throws {
  #expect(try spec.render() == spec.expected)
}
