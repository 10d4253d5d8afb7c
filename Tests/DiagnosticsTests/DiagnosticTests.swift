import Testing

@testable import Diagnostics

@Suite struct DiagnosticTests {
  @Test func rendersClangStyleWithCaret() {
    let diagnostic = Diagnostic.error(
      "unknown key 'titel' (did you mean 'title'?)",
      at: SourceLocation(file: "catalog.yml", line: 2, column: 3),
      sourceLine: "  titel: Books", length: 5)
    #expect(
      diagnostic.description == """
        catalog.yml:2:3: error: unknown key 'titel' (did you mean 'title'?)
          titel: Books
          ^~~~~
        """)
  }

  @Test func headlineWithoutLocation() {
    #expect(Diagnostic.warning("no books").description == "warning: no books")
  }

  @Test func caretAccountsForWideCharacters() {
    let diagnostic = Diagnostic.error(
      "bad", at: SourceLocation(file: "c.yml", line: 1, column: 4), sourceLine: "書名: x")
    #expect(diagnostic.description == "c.yml:1:4: error: bad\n書名: x\n     ^")
  }

  @Test(
    arguments: [
      ("colections", ["collections", "site", "cache"], "collections"),
      ("titel", ["title", "slug"], "title"),
      ("zzz", ["title", "slug"], nil),
      ("SITE", ["site"], "site"),
    ] as [(String, [String], String?)])
  func suggestsNearNames(name: String, candidates: [String], expected: String?) {
    #expect(NearestName.suggestion(for: name, among: candidates) == expected)
  }

  @Test func editDistanceCountsTranspositionOnce() {
    #expect(NearestName.editDistance(Array("ab"), Array("ba")) == 1)
    #expect(NearestName.editDistance(Array("kitten"), Array("sitting")) == 3)
    #expect(NearestName.editDistance([], Array("abc")) == 3)
  }
}
