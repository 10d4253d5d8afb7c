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

  /// Mustache's copy compared Unicode scalars, so a decomposed `é` was two letters away from a
  /// composed one and no name was suggested; the one rule compares characters.
  @Test func composedAndDecomposedAccentsAreTheSameLetter() {
    #expect(NearestName.suggestion(for: "cafe\u{301}s", among: ["caf\u{E9}", "other"]) == "caf\u{E9}")
    #expect(NearestName.suggestion(for: "r\u{E9}sum\u{E9}", among: ["re\u{301}sume\u{301}"]) != nil)
  }

  /// The CLI offers `--offline` for `-offline` by comparing `--offline` with the options: a
  /// name equal to a candidate is its own suggestion (Mustache's copy skipped it).
  @Test func aNameEqualToACandidateIsSuggested() {
    #expect(NearestName.suggestion(for: "--offline", among: ["--output", "--offline"]) == "--offline")
    #expect(NearestName.hint(for: "zzz", among: ["title"]) == "")
    #expect(NearestName.hint(for: "titel", among: ["title"]) == " (did you mean 'title'?)")
  }

  @Test func tiesGoToTheAlphabeticallyFirst() {
    #expect(NearestName.suggestion(for: "bat", among: ["cat", "bag", "hat"]) == "bag")
  }

  @Test func aSuggestionDetailsAndNotesRenderAfterTheHeadlineAndCaret() {
    var diagnostic = Diagnostic.error(
      "unknown field 'titel'", at: SourceLocation(file: "templates/book.mustache", line: 1, column: 3),
      sourceLine: "{{titel}}", suggestion: "title", details: ["  (while linting book)"])
    diagnostic.notes = [
      .note(
        "opened here", at: SourceLocation(file: "templates/book.mustache", line: 1, column: 1),
        sourceLine: "{{titel}}")
    ]
    #expect(diagnostic.text == "unknown field 'titel' (did you mean 'title'?)")
    #expect(
      diagnostic.description == """
        templates/book.mustache:1:3: error: unknown field 'titel' (did you mean 'title'?)
        {{titel}}
          ^
          (while linting book)
        templates/book.mustache:1:1: note: opened here
        {{titel}}
        ^
        """)
  }

  struct Failure: Error, CustomStringConvertible, Diagnosable {
    var diagnostics: [Diagnostic]
  }

  @Test func aDiagnosableErrorDescribesItselfByItsDiagnostics() {
    let failure = Failure(diagnostics: [.error("one", details: ["  detail"]), .warning("two")])
    #expect(failure.description == "error: one\n  detail\nwarning: two")
    #expect(!failure.isInputProblem)
    #expect(DiagnosticList([.error("x")]).isInputProblem)
    #expect(Diagnostic.error("x").diagnostics == [.error("x")])
  }

  @Test func editDistanceCountsTranspositionOnce() {
    #expect(NearestName.editDistance(Array("ab"), Array("ba")) == 1)
    #expect(NearestName.editDistance(Array("kitten"), Array("sitting")) == 3)
    #expect(NearestName.editDistance([], Array("abc")) == 3)
  }
}
