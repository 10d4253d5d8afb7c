import Foundation
import Preview
import Testing

@testable import BookgenCLI

@Suite struct ServeTests {
  /// A `serve` command's context, with captured streams, as `BookgenCLI.run` would make it.
  private func serveContext(in directory: String, _ arguments: [String] = []) throws -> (
    CommandContext, CapturedText
  ) {
    let stderr = CapturedText()
    let environment = Environment(
      variables: [:], workingDirectory: directory, standardOutput: TextOutput { _ in },
      standardError: stderr.output, clock: { 0 })
    guard case .run(let parsed) = try CommandLineParser.parse(["serve"] + arguments) else {
      throw UsageError.unknownCommand("serve", hint: "")
    }
    let options = try CommandOptions(parsed)
    return (
      CommandContext(environment: environment, console: Console(environment: environment), options: options),
      stderr
    )
  }

  @Test func previewBuildsReadTheCacheIntoTheGivenFolder() async throws {
    let fixture = try BuildFixture.start()
    try await withTemporaryDirectory { root in
      try fixture.writeCatalog(into: root)
      #expect(await runCLI(["fetch", "-q"], in: root, variables: fixture.variables).status == 0)
      let requests = fixture.google.requestCount
      let (context, stderr) = try serveContext(in: root)
      let result = await context.previewBuild(into: root + "/preview", baseURL: "http://127.0.0.1:8123/")
      guard case .success(let summary) = result else {
        Issue.record("expected a successful build, got \(result)")
        return
      }
      #expect(summary.hasPrefix("Built 2 books, "))
      #expect(stderr.text == "")
      #expect(fixture.google.requestCount == requests, "preview builds are offline without --fetch")
      let home = try String(contentsOfFile: root + "/preview/index.html", encoding: .utf8)
      #expect(home.contains("http://127.0.0.1:8123/"))
      #expect(!FileManager.default.fileExists(atPath: root + "/public"))
    }
    await fixture.server.stop()
  }

  @Test func aBrokenTemplateBecomesTheFailureMessage() async throws {
    let fixture = try BuildFixture.start()
    try await withTemporaryDirectory { root in
      try fixture.writeCatalog(into: root)
      #expect(await runCLI(["fetch", "-q"], in: root, variables: fixture.variables).status == 0)
      try write("<h1>{{#book}}{{title}}</h1>\n", to: root + "/templates/book.mustache")
      let (context, _) = try serveContext(in: root)
      let result = await context.previewBuild(into: root + "/preview", baseURL: "http://127.0.0.1:8123/")
      #expect(
        result
          == .failure(
            message: """
              templates/book.mustache:1:5: error: section 'book' opened here is never closed
              <h1>{{#book}}{{title}}</h1>
                  ^
              error: 'bookgen serve' failed while rendering the site
              """))
    }
    await fixture.server.stop()
  }

  /// The build's template lint reaches the preview: the page shows the typo, and the next
  /// build, once it is fixed, succeeds.
  @Test func anUnknownFieldBecomesTheFailureMessageUntilFixed() async throws {
    let fixture = try BuildFixture.start()
    try await withTemporaryDirectory { root in
      try fixture.writeCatalog(into: root)
      #expect(await runCLI(["fetch", "-q"], in: root, variables: fixture.variables).status == 0)
      try write("<h1>{{#book}}{{titel}}{{/book}}</h1>\n", to: root + "/templates/book.mustache")
      let (context, _) = try serveContext(in: root)
      let failed = await context.previewBuild(into: root + "/preview", baseURL: "http://127.0.0.1:8123/")
      #expect(
        failed
          == .failure(
            message: """
              templates/book.mustache:1:14: error: unknown field 'titel' (did you mean 'title'?)
              <h1>{{#book}}{{titel}}{{/book}}</h1>
                           ^
              error: 'bookgen serve' failed while rendering the site
              """))
      try write("<h1>{{#book}}{{title}}{{/book}}</h1>\n", to: root + "/templates/book.mustache")
      let fixed = await context.previewBuild(into: root + "/preview", baseURL: "http://127.0.0.1:8123/")
      guard case .success = fixed else {
        Issue.record("expected the fixed template to build, got \(fixed)")
        return
      }
    }
    await fixture.server.stop()
  }
}
