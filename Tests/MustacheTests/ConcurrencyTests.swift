import Mustache
import Testing

@Test func oneLibraryRendersIdenticallyFrom100Tasks() async throws {
  let library = try TemplateLibrary(sources: [
    "page": "{{#books}}{{>row}}{{/books}}", "row": "<li>{{title}} ({{year}})</li>\n",
  ])
  let books: MustacheValue = .list(
    (0..<200).map { ["title": .string("Book <\($0)>"), "year": .number(Double(1900 + $0))] })
  let context: MustacheValue = ["books": books]
  let expected = try library.render("page", context)
  let outputs = try await withThrowingTaskGroup(of: String.self) { group in
    for _ in 0..<100 {
      group.addTask { try library.render("page", context) }
    }
    var all: [String] = []
    for try await output in group { all.append(output) }
    return all
  }
  #expect(outputs.count == 100)
  #expect(outputs.allSatisfy { $0 == expected })
  #expect(expected.hasPrefix("<li>Book &lt;0&gt; (1900)</li>\n"))
}

@Test func dataTenThousandLevelsDeepRenders() async throws {
  var value: MustacheValue = "bottom"
  for _ in 0..<10_000 { value = ["next": value] }
  var list: MustacheValue = "leaf"
  for _ in 0..<10_000 { list = [list] }
  let context: MustacheValue = ["root": value, "list": list]
  #expect(
    try render("{{#root}}{{#next}}{{#next}}[{{next.next.next}}]{{/next}}{{/next}}{{/root}}", context) == "[]")
  #expect(try render("{{#list}}{{#.}}x{{/.}}{{/list}}", context) == "x")
  let schema = await Task.detached { FieldSchema(sample: context) }.value
  #expect(
    try Template(source: "{{root.next.next}}{{lsit}}", name: "t").lint(fields: schema).map(\.headline) == [
      "t:1:19: error: unknown field 'lsit' (did you mean 'list'?)"
    ])
}

@Test func deepestAllowedNestingDoesNotOverflowTheStack() async throws {
  // 100 nested sections in a partial that includes itself until the partial depth limit.
  let sections = String(repeating: "{{#a}}", count: 99) + "{{>deep}}" + String(repeating: "{{/a}}", count: 99)
  let library = try TemplateLibrary(sources: ["deep": sections])
  let error = await Task.detached { () -> MustacheError? in
    mustacheError { () throws(MustacheError) in _ = try library.render("deep", ["a": true]) }
  }.value
  #expect(
    error?.headline
      == "deep.mustache:1:73: error: sections and partials nested more than 512 deep: deep → deep → deep → deep → deep → deep"
  )
}
