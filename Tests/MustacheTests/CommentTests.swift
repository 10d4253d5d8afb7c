import Mustache
import Testing

/// One case per rule of the spec's comments module, in the spec's order, with our own data.
let commentRules: [SpecCase] = [
  SpecCase(name: "a comment renders nothing", template: "ab{{! a note }}cd", expected: "abcd"),
  SpecCase(name: "a comment may span lines", template: "ab{{!\n first\n second\n}}cd\n", expected: "abcd\n"),
  SpecCase(
    name: "a line holding only a comment disappears", template: "<p>\n{{! skip me }}\n</p>\n",
    expected: "<p>\n</p>\n"),
  SpecCase(
    name: "an indented line holding only a comment disappears", template: "<p>\n\t  {{! skip me }}\n</p>\n",
    expected: "<p>\n</p>\n"),
  SpecCase(
    name: "a standalone comment line may end in CRLF", template: "a\r\n{{! gone }}\r\nb", expected: "a\r\nb"),
  SpecCase(
    name: "a standalone comment may open the template", template: "\t{{! first }}\nrest", expected: "rest"),
  SpecCase(
    name: "a standalone comment may end the template", template: "rest\n\t{{! last }}", expected: "rest\n"),
  SpecCase(
    name: "lines holding only a comment spanning them disappear", template: "<p>\n{{!\nline\n}}\n</p>\n",
    expected: "<p>\n</p>\n"),
  SpecCase(
    name: "indented lines holding only a comment spanning them disappear",
    template: "<p>\n   {{!\n   line\n   }}\n</p>\n", expected: "<p>\n</p>\n"),
  SpecCase(
    name: "a comment after text keeps the line's whitespace", template: "   x {{! y }}\n", expected: "   x \n"
  ),
  SpecCase(name: "whitespace around a comment is kept", template: "ab {{! c }} d", expected: "ab  d"),
  SpecCase(
    name: "a comment never shows a field, whatever its name", template: "[{{! title }}]",
    data: ["! title": 1, "! title ": 2, "!title": 3, "title": 4, " title ": 5], expected: "[]"),
]

@Test(arguments: commentRules)
func comments(_ spec: SpecCase) throws {
  #expect(try spec.render() == spec.expected)
}
