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

/// Recursion that cannot end used to pass lint and fail only at render, 64 partials deep.
@Test func aPartialIncludedAgainWithNoSectionInBetweenIsAnEndlessRecursion() throws {
  let findings = try lint([
    "book": "<main>\n  {{>loop}}\n</main>", "loop": "x {{^book.subtitle}}{{>loop}}{{/book.subtitle}}",
  ])
  #expect(
    findings == [
      """
      templates/loop.mustache:1:21: error: endless recursion: 'loop' is included again with the same data: loop → loop
      x {{^book.subtitle}}{{>loop}}{{/book.subtitle}}
                          ^
      """
    ])
}

/// A section over a value from outside the recursion pushes the same value at every level.
@Test func aSectionOverTheSameValueAtEveryLevelIsAnEndlessRecursion() throws {
  let findings = try lint(["book": "{{>loop}}", "loop": "{{#book}}{{title}}{{>loop}}{{/book}}"])
  #expect(
    findings.map { $0.split(separator: "\n")[0] } == [
      "templates/loop.mustache:1:19: error: endless recursion: 'loop' is included again with the same data: "
        + "loop → loop → loop"
    ])
}

@Test func parentsIncludingEachOtherAreAnEndlessRecursion() throws {
  let findings = try lint(["book": "{{<layout}}{{/layout}}", "layout": "<p>{{<book}}{{/book}}</p>"])
  #expect(
    findings.map { $0.split(separator: "\n")[0] } == [
      "templates/layout.mustache:1:4: error: endless recursion: 'book' is included again with the same data: "
        + "book → layout → book"
    ])
}

/// A tree renders by recursion as long as each level's section finds its list in the level
/// below; leaves without one find their parent's list again, and never stop.
@Test func recursionIntoDeeperDataIsFineUntilItStopsGoingDeeper() throws {
  let template = ["tree": "{{name}}{{#children}}{{>tree}}{{/children}}"]
  let leaf: MustacheValue = ["name": "leaf", "children": []]
  let finite = FieldSchema(sample: ["name": "a", "children": [["name": "b", "children": [leaf]]]])
  #expect(try lint(template, "tree", fields: finite) == [])
  let endless = FieldSchema(sample: ["name": "a", "children": [["name": "b", "children": [["name": "c"]]]]])
  #expect(
    try lint(template, "tree", fields: endless).map { $0.split(separator: "\n")[0] } == [
      "templates/tree.mustache:1:22: error: endless recursion: 'tree' is included again with the same data: "
        + "tree → tree → tree → tree"
    ])
}
