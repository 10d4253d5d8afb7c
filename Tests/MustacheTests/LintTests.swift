import Mustache
import Testing

/// What a book page offers, derived from a sample the way the site stage does.
let bookFields = FieldSchema(sample: [
  "site": ["title": "Catalog", "baseURL": "/"],
  "book": [
    "title": "Dune", "subtitle": nil,
    "authors": [["name": "Frank Herbert", "url": "/a/fh"]],
    "categories": ["Fiction"],
    "description": "<p>…</p>",
  ],
])

func lint(_ sources: [String: String], _ name: String = "book", fields: FieldSchema = bookFields) throws
  -> [String]
{
  try TemplateLibrary(sources: sources, displayPrefix: "templates").lint(name, fields: fields).map(
    \.description)
}

@Test func validTemplateHasNoFindings() throws {
  let findings = try lint([
    "book": """
    <title>{{book.title}} – {{site.title}}</title>
    {{#book}}
    <h1>{{title}}{{#subtitle}}: {{.}}{{/subtitle}}{{subtitle.anything}}</h1>
    {{#authors}}<a href="{{site.baseURL}}{{url}}">{{name}}</a>{{/authors}}
    {{#categories}}<li>{{.}}</li>{{/categories}}
    {{^description}}none{{/description}}{{{description}}}
    {{/book}}
    """
  ])
  #expect(findings == [])
}

@Test func typoAtTheTopLevelSuggestsTheNearestName() throws {
  let findings = try lint(["book": "<h1>{{#book}}{{titel}}{{/book}}</h1>"])
  #expect(
    findings == [
      """
      templates/book.mustache:1:14: error: unknown field 'titel' (did you mean 'title'?)
      <h1>{{#book}}{{titel}}{{/book}}</h1>
                   ^
      """
    ])
}

@Test func typoInADottedNameNamesItsScope() throws {
  let findings = try lint(["book": "{{book.autors}}\n{{book.title.size}}\n{{sites.title}}"])
  #expect(
    findings == [
      """
      templates/book.mustache:1:1: error: unknown field 'autors' in 'book' (did you mean 'authors'?)
      {{book.autors}}
      ^
      """,
      """
      templates/book.mustache:2:1: error: unknown field 'size' in 'book.title'
      {{book.title.size}}
      ^
      """,
      """
      templates/book.mustache:3:1: error: unknown field 'sites' (did you mean 'site'?)
      {{sites.title}}
      ^
      """,
    ])
}

@Test func sectionsOverListsSeeTheirElementsAndOuterScopes() throws {
  let findings = try lint([
    "book":
      "{{#book.authors}}{{name}}{{site.title}}{{nmae}}{{/book.authors}}{{#book.categories}}{{name}}{{/book.categories}}"
  ])
  #expect(
    findings.map { $0.split(separator: "\n")[0] } == [
      "templates/book.mustache:1:40: error: unknown field 'nmae' (did you mean 'name'?)",
      "templates/book.mustache:1:85: error: unknown field 'name'",
    ])
}

@Test func lintFollowsPartialsParentsAndBlocks() throws {
  let findings = try lint([
    "book": "{{<layout}}{{$main}}{{#book}}{{>cover}}{{/book}}{{/main}}{{/layout}}",
    "layout": "<title>{{$title}}{{site.titel}}{{/title}}</title>{{$main}}{{/main}}",
    "cover": "<img alt=\"{{titl}}\">{{>missing}}",
  ])
  #expect(
    findings.map { $0.split(separator: "\n")[0] } == [
      "templates/cover.mustache:1:11: error: unknown field 'titl' (did you mean 'title'?)",
      "templates/cover.mustache:1:21: error: unknown partial 'missing'",
      "templates/layout.mustache:1:18: error: unknown field 'titel' in 'site' (did you mean 'title'?)",
    ])
}

@Test func recursivePartialsAreLintedOnce() throws {
  let fields = FieldSchema(sample: ["name": "root", "children": [["name": "leaf", "children": []]]])
  let findings = try lint(
    ["tree": "{{name}}{{#children}}{{>tree}}{{nam}}{{/children}}"], "tree", fields: fields)
  #expect(
    findings.map { $0.split(separator: "\n")[0] } == [
      "templates/tree.mustache:1:31: error: unknown field 'nam' (did you mean 'name'?)"
    ])
}

@Test func schemaFromSamplesUnitesOptionalFields() {
  let schema = FieldSchema(samples: [
    ["title": "A"], ["title": "B", "subtitle": "b"], ["list": [["x": 1], ["y": 2]]],
  ])
  #expect(
    schema
      == .object([
        "title": .scalar, "subtitle": .scalar, "list": .list(.object(["x": .scalar, "y": .scalar])),
      ]))
  #expect(FieldSchema(sample: ["n": nil, "e": []]) == .object(["n": .any, "e": .list(.any)]))
}

@Test func unknownTemplateIsReported() throws {
  let findings = try lint(["book": ""], "bok")
  #expect(findings == ["error: unknown template 'bok' (did you mean 'book'?)"])
}

@Test func overridesAreLintedWhereTheyRender() throws {
  // `name` exists only inside the layout's section over authors, where the block renders.
  let findings = try lint([
    "book": "{{<layout}}{{$author}}{{name}}{{/author}}{{$unused}}{{nope}}{{/unused}}{{/layout}}",
    "layout": "{{#book.authors}}{{$author}}{{/author}}{{/book.authors}}",
  ])
  #expect(
    findings.map { $0.split(separator: "\n")[0] } == [
      "templates/book.mustache:1:53: error: unknown field 'nope'"
    ])
}
