import Diagnostics
import Testing

@testable import BookgenCLI

/// How failures are printed: located problems clang-style, others under the failed stage.
@Suite struct ReportTests {
  struct StageFailure: Error, CustomStringConvertible {
    var description: String
  }

  /// A module's error, as the CLI sees it: only its diagnostics.
  struct ModuleFailure: Error, Diagnosable {
    var diagnostics: [Diagnostic]
  }

  private func report(_ error: any Error) throws -> String {
    let stderr = CapturedText()
    let environment = Environment(
      variables: [:], workingDirectory: "/", standardOutput: TextOutput { _ in },
      standardError: stderr.output, clock: { 0 })
    CommandContext(environment: environment, console: Console(environment: environment)).report(error)
    return stderr.text
  }

  @Test func stageFailureNamesTheStageAndItsCauses() throws {
    let underlying = ModuleFailure(diagnostics: [
      .error(
        "query 'dune' in collection 'sf': HTTP 403 after 1 attempt", details: ["  request: volumes?q=dune"]),
      .error("query 'x' in collection 'sf': HTTP 500 after 3 attempts", details: ["  request: volumes?q=x"]),
    ])
    let text = try report(
      CommandError.stage(command: .build, stage: "fetching volumes", underlying: underlying))
    #expect(
      text == """
        error: 'bookgen build' failed while fetching volumes
        caused by: query 'dune' in collection 'sf': HTTP 403 after 1 attempt
          request: volumes?q=dune
        caused by: query 'x' in collection 'sf': HTTP 500 after 3 attempts
          request: volumes?q=x

        """)
  }

  /// Messages no longer carry `error: ` for the CLI to cut off: a foreign error's text is its cause.
  @Test func aForeignErrorsTextIsPrintedAsItIs() throws {
    let text = try report(
      CommandError.stage(
        command: .fetch, stage: "fetching volumes", underlying: StageFailure(description: "error: disk full"))
    )
    #expect(text == "error: 'bookgen fetch' failed while fetching volumes\ncaused by: error: disk full\n")
  }

  /// Whatever its module, an error prints from its diagnostics alone: a did-you-mean, details
  /// and a note at the top level.
  @Test func anyDiagnosableErrorPrintsWithoutTheCLIKnowingItsType() throws {
    var diagnostic = Diagnostic.error("unknown thing 'titel'", suggestion: "title", details: ["  (a detail)"])
    diagnostic.notes = [.note("things are listed in the README")]
    #expect(
      try report(ModuleFailure(diagnostics: [diagnostic])) == """
        error: unknown thing 'titel' (did you mean 'title'?)
          (a detail)
        note: things are listed in the README

        """)
  }

  @Test func plainUnderlyingErrorIsACause() throws {
    let text = try report(
      CommandError.stage(
        command: .fetch, stage: "fetching volumes", underlying: StageFailure(description: "disk full")))
    #expect(text == "error: 'bookgen fetch' failed while fetching volumes\ncaused by: disk full\n")
  }

  @Test func locatedProblemsComeFirstThenTheStage() throws {
    let diagnostic = Diagnostic.error(
      "unclosed section 'authors'", at: SourceLocation(file: "templates/book.mustache", line: 3, column: 5),
      sourceLine: "    {{#authors}}", length: 12)
    let text = try report(
      CommandError.stage(
        command: .build, stage: "rendering the site", underlying: DiagnosticList([diagnostic])))
    #expect(
      text == """
        templates/book.mustache:3:5: error: unclosed section 'authors'
            {{#authors}}
            ^~~~~~~~~~~~
        error: 'bookgen build' failed while rendering the site

        """)
  }
}
