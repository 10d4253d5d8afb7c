import Mustache
import Testing

struct ErrorCase: CustomTestStringConvertible, Sendable {
  var name: String
  var template: String
  var expected: String

  var testDescription: String { name }
}

let parseErrorCases: [ErrorCase] = [
  ErrorCase(
    name: "unclosed section", template: "<ul>\n{{#authors}}\n  <li>{{name}}</li>\n",
    expected: """
      templates/book.mustache:2:1: error: section 'authors' opened here is never closed
      {{#authors}}
      ^
      """),
  ErrorCase(
    name: "mismatched close names both places",
    template: "<ul>\n  {{#authors}}\n    <li>{{name}}</li>\n  {{/author}}\n</ul>\n",
    expected: """
      templates/book.mustache:2:3: error: section 'authors' opened here is closed by 'author'
        {{#authors}}
        ^
      templates/book.mustache:4:3: note: 'author' closed here
        {{/author}}
        ^
      """),
  ErrorCase(
    name: "close without open", template: "text {{/a}}",
    expected: """
      templates/book.mustache:1:6: error: closing tag 'a' has no open section
      text {{/a}}
           ^
      """),
  ErrorCase(
    name: "unclosed tag", template: "line one\nHello {{name, welcome",
    expected: """
      templates/book.mustache:2:7: error: unclosed tag: '{{' has no matching '}}'
      Hello {{name, welcome
            ^
      """),
  ErrorCase(
    name: "unclosed triple mustache", template: "{{{html}}",
    expected: """
      templates/book.mustache:1:1: error: unclosed tag: '{{{' has no matching '}}}'
      {{{html}}
      ^
      """),
  ErrorCase(
    name: "tag running into the next line", template: "<p>{{title</p>\n<p>{{author}}</p>",
    expected: """
      templates/book.mustache:1:4: error: unclosed tag: '{{' has no matching '}}'
      <p>{{title</p>
         ^
      """),
  ErrorCase(
    name: "unclosed tag with custom delimiters", template: "{{=<% %>=}}\n<%name",
    expected: """
      templates/book.mustache:2:1: error: unclosed tag: '<%' has no matching '%>'
      <%name
      ^
      """),
  ErrorCase(
    name: "empty tag", template: "a {{ }} b",
    expected: """
      templates/book.mustache:1:3: error: empty tag: a tag needs a name
      a {{ }} b
        ^
      """),
  ErrorCase(
    name: "empty section tag", template: "{{#}}{{/}}",
    expected: """
      templates/book.mustache:1:1: error: empty tag: a tag needs a name
      {{#}}{{/}}
      ^
      """),
  ErrorCase(
    name: "whitespace inside a name", template: "{{first name}}",
    expected: """
      templates/book.mustache:1:1: error: invalid tag name 'first name': names are words joined by single dots, without spaces
      {{first name}}
      ^
      """),
  ErrorCase(
    name: "empty dotted part", template: "{{a..b}}",
    expected: """
      templates/book.mustache:1:1: error: invalid tag name 'a..b': names are words joined by single dots, without spaces
      {{a..b}}
      ^
      """),
  ErrorCase(
    name: "set delimiter with one delimiter", template: "x\n\t{{=<% =}}",
    expected: """
      templates/book.mustache:2:2: error: bad set-delimiter tag '<%': expected two delimiters without whitespace or '=', like {{=<% %>=}}
      \t{{=<% =}}
      \t^
      """),
  ErrorCase(
    name: "set delimiter containing '='", template: "{{=<= =>=}}",
    expected: """
      templates/book.mustache:1:1: error: bad set-delimiter tag '<= =>': expected two delimiters without whitespace or '=', like {{=<% %>=}}
      {{=<= =>=}}
      ^
      """),
  ErrorCase(
    name: "unclosed set delimiter", template: "{{=<% %>}}",
    expected: """
      templates/book.mustache:1:1: error: unclosed tag: '{{' has no matching '=}}'
      {{=<% %>}}
      ^
      """),
  ErrorCase(
    name: "columns count Unicode scalars", template: "é日本 — {{#a}}",
    expected: """
      templates/book.mustache:1:7: error: section 'a' opened here is never closed
      é日本 — {{#a}}
            ^
      """),
  ErrorCase(
    name: "unclosed block", template: "{{<layout}}{{$main}}x{{/layout}}",
    expected: """
      templates/book.mustache:1:12: error: section 'main' opened here is closed by 'layout'
      {{<layout}}{{$main}}x{{/layout}}
                 ^
      templates/book.mustache:1:22: note: 'layout' closed here
      {{<layout}}{{$main}}x{{/layout}}
                           ^
      """),
  ErrorCase(
    name: "CRLF lines show without the carriage return", template: "a\r\n{{#x}}\r\n",
    expected: """
      templates/book.mustache:2:1: error: section 'x' opened here is never closed
      {{#x}}
      ^
      """),
]

@Test(arguments: parseErrorCases)
func parseErrors(_ spec: ErrorCase) {
  let error = mustacheError { () throws(MustacheError) in
    _ = try Template(source: spec.template, name: "book", fileName: "templates/book.mustache")
  }
  #expect(error?.description == spec.expected)
}

@Test func errorCarriesKindAndPosition() {
  let error = mustacheError { () throws(MustacheError) in
    _ = try Template(source: "{{#a}}\n {{/b}}", name: "t")
  }
  #expect(error?.kind == .mismatchedClose(opened: "a", closed: "b"))
  #expect(error?.file == "t")
  #expect(error?.line == 1)
  #expect(error?.column == 1)
  #expect(error?.note?.line == 2)
  #expect(error?.note?.column == 2)
  #expect(error?.headline == "t:1:1: error: section 'a' opened here is closed by 'b'")
}

@Test func tenThousandNestedSectionsAreAnErrorNotACrash() {
  let source = String(repeating: "{{#a}}", count: 10_000) + String(repeating: "{{/a}}", count: 10_000)
  let error = mustacheError { () throws(MustacheError) in _ = try Template(source: source, name: "deep") }
  #expect(error?.headline == "deep:1:601: error: sections nested more than 100 deep")
}

@Test func nestingUpToTheLimitRenders() throws {
  let source = String(repeating: "{{#a}}", count: 100) + "{{x}}" + String(repeating: "{{/a}}", count: 100)
  #expect(try render(source, ["a": true, "x": "deep"]) == "deep")
}

/// The spec renders a missing partial or parent as nothing; lint is where a typo is caught.
@Test func aMissingPartialOrParentRendersAsNothingAndLintReportsIt() throws {
  let library = try TemplateLibrary(
    sources: [
      "book": "<h1>{{title}}</h1>\n{{>partials/covr}}\n[{{<layuot}}{{$main}}x{{/main}}{{/layuot}}]\n",
      "partials/cover": "<img>", "layout": "{{$main}}{{/main}}",
    ],
    displayPrefix: "templates")
  #expect(try library.render("book", ["title": "Dune"]) == "<h1>Dune</h1>\n[]\n")
  #expect(
    library.lint("book", fields: .any).map(\.description) == [
      """
      templates/book.mustache:2:1: error: unknown partial 'partials/covr' (did you mean 'partials/cover'?)
      {{>partials/covr}}
      ^
      """,
      """
      templates/book.mustache:3:2: error: unknown partial 'layuot' (did you mean 'layout'?)
      [{{<layuot}}{{$main}}x{{/main}}{{/layuot}}]
       ^
      """,
    ])
}

@Test func unknownTemplateSuggestsTheNearestName() throws {
  let library = try TemplateLibrary(sources: ["book": "", "list": ""])
  let error = mustacheError { () throws(MustacheError) in _ = try library.render("boook", [:]) }
  #expect(error?.description == "error: unknown template 'boook' (did you mean 'book'?)")
}

@Test func selfRecursivePartialStopsAtTheDepthLimit() throws {
  let library = try TemplateLibrary(
    sources: ["page": "<main>\n  {{>loop}}\n</main>", "loop": "x {{>loop}}"], displayPrefix: "templates")
  let error = mustacheError { () throws(MustacheError) in _ = try library.render("page", [:]) }
  #expect(
    error?.description == """
      templates/loop.mustache:1:3: error: partials nested more than 64 deep: page → loop → loop → … → loop → loop → loop
      x {{>loop}}
        ^
      """)
  #expect(error?.kind == .recursionTooDeep(chain: ["page"] + Array(repeating: "loop", count: 65), limit: 64))
}

@Test func mutualRecursionNamesTheChain() throws {
  let library = try TemplateLibrary(sources: ["a": "{{>b}}", "b": "{{<a}}{{/a}}"])
  let error = mustacheError { () throws(MustacheError) in _ = try library.render("a", [:]) }
  #expect(
    error?.headline == "a.mustache:1:1: error: partials nested more than 64 deep: a → b → a → … → b → a → b")
}

/// 200 rows of 200 cells of 1,000 bytes: 40 MB, past the 32 MiB a page may have.
@Test(arguments: [
  ("{{#rows}}{{text}}{{/rows}}", "templates/row.mustache:1:10: error"),
  ("{{#rows}}<td>\(String(repeating: "x", count: 1000))</td>{{/rows}}", "templates/row.mustache:1:1: error"),
])
func aPageLargerThanTheOutputLimitStopsNamingTheTemplate(row: String, location: String) throws {
  let cell: MustacheValue = ["text": .string(String(repeating: "x", count: 1000))]
  let rows = MustacheValue.list(Array(repeating: cell, count: 200))
  let library = try TemplateLibrary(
    sources: ["page": "<table>{{#rows}}{{>row}}{{/rows}}</table>", "row": row], displayPrefix: "templates")
  let error = mustacheError { () throws(MustacheError) in _ = try library.render("page", ["rows": rows]) }
  #expect(
    error?.headline
      == "\(location): the page grows past 32 MiB while rendering page → row: a section repeats too often or a value is too large"
  )
  #expect(error?.kind == .outputTooLarge(chain: ["page", "row"], limit: 32 << 20))
}
