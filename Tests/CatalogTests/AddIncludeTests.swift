import Testing

@testable import Catalog

/// `bookgen import` adds its file to `include:` and changes nothing else in catalog.yml.
@Suite struct AddIncludeTests {
  private func adding(_ name: String, to text: String) throws -> String? {
    try CatalogLoader.addingInclude(name, to: text, file: "catalog.yml")
  }

  @Test func withoutAnIncludeOneLineIsAppended() throws {
    let text = "# my books\nsite:\n  title: Mine  # keep this\ncollections:\n  - title: A\n"
    #expect(try adding("goodreads.yml", to: text) == text + "include: [goodreads.yml]\n")
    #expect(
      try adding("goodreads.yml", to: "site:\n  title: Mine")
        == "site:\n  title: Mine\ninclude: [goodreads.yml]\n")
    #expect(
      try adding("goodreads.yml", to: "site:\r\n  title: x\r\n")
        == "site:\r\n  title: x\r\ninclude: [goodreads.yml]\r\n")
  }

  @Test func aFlowListTakesTheName() throws {
    #expect(
      try adding("storygraph.yml", to: "include: [goodreads.yml]  # imports\nsite: {title: x}\n")
        == "include: [goodreads.yml, storygraph.yml]  # imports\nsite: {title: x}\n")
    #expect(
      try adding("storygraph.yml", to: "include: [\"goodreads.yml\"]\n")
        == "include: [\"goodreads.yml\", storygraph.yml]\n")
    #expect(try adding("a.yml", to: "include: []\n") == "include: [a.yml]\n")
  }

  @Test func aBlockListTakesALine() throws {
    let text = "site:\n  title: x\ninclude:\n  - goodreads.yml   # from 2023\n# the rest\ncollections: []\n"
    #expect(
      try adding("storygraph.yml", to: text)
        == "site:\n  title: x\ninclude:\n  - goodreads.yml   # from 2023\n  - storygraph.yml\n# the rest\ncollections: []\n"
    )
  }

  @Test func aSingleNameBecomesAList() throws {
    #expect(try adding("b.yml", to: "include: a.yml # mine\n") == "include: [a.yml, b.yml] # mine\n")
    #expect(try adding("b.yml", to: "include: 'a.yml'\n") == "include: ['a.yml', b.yml]\n")
  }

  @Test func anIncludedNameIsLeftAlone() throws {
    #expect(try adding("a.yml", to: "include: a.yml\n") == nil)
    #expect(try adding("a.yml", to: "include: [b.yml, a.yml]\n") == nil)
    #expect(try adding("a.yml", to: "include:\n  - a.yml\n") == nil)
  }

  @Test func namesThatNeedQuotesAreQuoted() throws {
    #expect(try adding("my books.yml", to: "") == "include: [\"my books.yml\"]\n")
  }

  @Test func aFlowStyleCatalogIsNotTouched() {
    #expect(throws: CatalogError.self) { try adding("a.yml", to: "{site: {title: x}}\n") }
  }
}
