import Mustache
import Testing

/// What a template includes by name, for a caller that must know which templates an edit of
/// one touches.
@Suite struct IncludedNamesTests {
  @Test func partialsParentsAndWhatSectionsBlocksAndOverridesInclude() throws {
    let template = try Template(
      source: """
        {{> header}}{{#books}}{{> card}}{{/books}}{{^books}}{{> empty}}{{/books}}
        {{< layout}}{{$body}}{{> footer}}{{/body}}{{/layout}}{{$aside}}{{> aside}}{{/aside}}
        """, name: "page")
    let included = template.includedNames
    #expect(included.names == ["header", "card", "empty", "layout", "footer", "aside"])
    #expect(!included.dynamic)
  }

  @Test func aNameTheContextGivesIsDynamic() throws {
    let included = try Template(source: "{{> header}}{{>*kind}}", name: "page").includedNames
    #expect(included.names == ["header"])
    #expect(included.dynamic)
    #expect(try Template(source: "{{<*frame}}{{/*frame}}", name: "page").includedNames.dynamic)
    #expect(try Template(source: "plain {{text}}", name: "page").includedNames.names.isEmpty)
  }
}
