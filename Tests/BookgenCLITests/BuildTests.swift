import Foundation
import Support
import Testing

@testable import BookgenCLI

@Suite struct BuildTests {
  @Test func buildWritesTheSiteAndSummarisesOnStderr() async throws {
    let fixture = try BuildFixture.start()
    try await withTemporaryDirectory { root in
      try fixture.writeCatalog(into: root)
      let result = await runCLI(["build"], in: root, variables: fixture.variables)
      #expect(result.status == 0)
      #expect(result.stdout == "")
      let lines = result.stderr.split(separator: "\n").map(String.init)
      #expect(
        Array(lines.dropLast()) == [
          "fetch: dune: 2 volumes", "fetch: picked: 1 volume",
          "Fetched 3 volumes: 3 requests, 0 cache hits, 0 retries, 1 not found, cached, 0 warnings",
        ])
      let summary = try #require(lines.last)
      #expect(summary.hasPrefix("Built 2 books, ") && summary.hasSuffix(" pages in 0.3 s"), "\(summary)")
      #expect(FileManager.default.fileExists(atPath: root + "/public/index.html"))
      // The manifest is kept beside the site, never in the folder that gets deployed.
      #expect(!FileManager.default.fileExists(atPath: root + "/public/.bookgen-output"))
      #expect(FileManager.default.fileExists(atPath: root + "/.public.bookgen-manifest"))

      let requests = fixture.google.requestCount
      let again = await runCLI(["build", "--quiet"], in: root, variables: fixture.variables)
      #expect(again == CLIResult(status: 0, stdout: "", stderr: ""))
      #expect(fixture.google.requestCount == requests, "a rebuild from a fresh cache makes no request")

      #expect(await runCLI(["clean", "-q"], in: root).status == 0)
      #expect(!FileManager.default.fileExists(atPath: root + "/public"))
    }
    await fixture.server.stop()
  }

  /// A build whose process exits once it is done keeps its model and records until the exit
  /// instead of freeing them; one run in a process that goes on (serve's, the tests') frees them.
  @Test func onlyABuildWhoseProcessExitsKeepsItsValues() async throws {
    let fixture = try BuildFixture.start()
    try await withTemporaryDirectory { root in
      try fixture.writeCatalog(into: root)
      let kept = ExitHold.count
      #expect(await runCLI(["build", "-q"], in: root, variables: fixture.variables).status == 0)
      #expect(ExitHold.count == kept)
      let result = await runCLI(
        ["build", "-q", "-o", "exiting"], in: root, variables: fixture.variables, exitsWhenDone: true)
      #expect(result == CLIResult(status: 0, stdout: "", stderr: ""))
      #expect(ExitHold.count > kept)
      #expect(
        fileContents(under: root + "/exiting") == fileContents(under: root + "/public"),
        "the same site either way")
    }
    await fixture.server.stop()
  }

  @Test func verboseBuildShowsItsSteps() async throws {
    let fixture = try BuildFixture.start()
    try await withTemporaryDirectory { root in
      try fixture.writeCatalog(into: root)
      let result = await runCLI(["build", "-v", "-o", "site"], in: root, variables: fixture.variables)
      #expect(result.status == 0)
      let steps = result.stderr.split(separator: "\n").filter { $0.hasPrefix("[") }
      #expect(steps == ["[1/3] Loading catalog", "[2/3] Fetching volumes", "[3/3] Rendering site"])
      #expect(FileManager.default.fileExists(atPath: root + "/site/index.html"))
    }
    await fixture.server.stop()
  }

  /// Editing an owner's note renders every page again, and writes only the files whose bytes
  /// changed.
  @Test func aNoteEditWritesOnlyTheFilesThatChanged() async throws {
    let fixture = try BuildFixture.start()
    try await withTemporaryDirectory { root in
      func catalog(note: String) -> String {
        BuildFixture.catalog + "books:\n  dune0002:\n    note: \(note)\n"
      }
      try catalog(note: "Good.").write(toFile: root + "/catalog.yml", atomically: true, encoding: .utf8)
      #expect(await runCLI(["build", "-q"], in: root, variables: fixture.variables).status == 0)
      try catalog(note: "Even better.").write(
        toFile: root + "/catalog.yml", atomically: true, encoding: .utf8)
      let result = await runCLI(["build", "--offline", "-v"], in: root, variables: fixture.variables)
      #expect(result.status == 0)
      let summary = try #require(result.stderr.split(separator: "\n").first { $0.hasPrefix("Site in ") })
      // The book's page; of the search index, the book's document, the chunk holding the
      // note's words (under a new name: the old one is removed) and the manifest.
      #expect(summary.hasSuffix(", 4 written, 1 removed"), "\(summary)")
      let page = try String(
        contentsOfFile: root + "/public/books/dune-messiah-dune0002/index.html", encoding: .utf8)
      #expect(page.contains("Even better."))
    }
    await fixture.server.stop()
  }

  @Test func timingsNameEveryStage() async throws {
    let fixture = try BuildFixture.start()
    try await withTemporaryDirectory { root in
      try fixture.writeCatalog(into: root)
      func stages(_ arguments: [String]) async -> [String] {
        let result = await runCLI(
          ["build", "-q", "--timings"] + arguments, in: root, variables: fixture.variables)
        #expect(result.status == 0)
        return result.stderr.split(separator: "\n").map { line in
          let fields = line.split(separator: " ")
          #expect(fields.count == 3 && fields[0] == "timing:", "\(line)")
          #expect(fields.count == 3 && Double(fields[2]).map { $0 >= 0 } == true, "\(line)")
          return fields.count > 1 ? String(fields[1]) : ""
        }
      }
      #expect(
        await stages([]) == [
          "catalog", "fetch", "model", "contexts", "markdown", "templates", "write", "search", "total",
        ])
      // Offline, the fingerprint is checked first; unchanged, that is the whole build.
      #expect(await stages(["--offline"]) == ["catalog", "fingerprint", "total"])
    }
    await fixture.server.stop()
  }

  @Test func stepLinesShowOnATerminal() async throws {
    let fixture = try BuildFixture.start()
    try await withTemporaryDirectory { root in
      try fixture.writeCatalog(into: root)
      var variables = fixture.variables
      variables["NO_COLOR"] = "1"
      let result = await runCLI(
        ["build", "--base-url", "https://preview.shelf.test/pr-7"], in: root, variables: variables,
        terminal: true)
      #expect(result.status == 0)
      #expect(result.stderr.hasPrefix("[1/3] Loading catalog\n[2/3] Fetching volumes\n"))
      #expect(result.stderr.contains("\n[3/3] Rendering site\n"))
      #expect(!result.stderr.contains("\u{1B}["))
      let home = try String(contentsOfFile: root + "/public/index.html", encoding: .utf8)
      #expect(home.contains("https://preview.shelf.test/pr-7/"))
      #expect(!home.contains("https://shelf.test/books/"))
    }
    await fixture.server.stop()
  }

  @Test func offlineBuildWithAnEmptyCacheFailsListingWhatIsMissing() async throws {
    try await withTemporaryDirectory { root in
      try write(BuildFixture.catalog, to: root + "/catalog.yml")
      let result = await runCLI(["build", "--offline", "-q"], in: root)
      #expect(result.status == 1)
      #expect(result.stdout == "")
      expectGolden(result.stderr, named: "build-offline-empty-cache.txt")
      #expect(!FileManager.default.fileExists(atPath: root + "/public"))
    }
  }

  @Test func anInvalidCatalogStopsTheBuildAtTheFirstStep() async throws {
    try await withTemporaryDirectory { root in
      let fixture = Fixtures.catalogs.appendingPathComponent("three-mistakes.yml")
      try FileManager.default.copyItem(atPath: fixture.path, toPath: root + "/catalog.yml")
      let result = await runCLI(["build"], in: root)
      #expect(result.status == 1)
      #expect(result.stdout == "")
      let check = await runCLI(["check"], in: root)
      #expect(result.stderr == check.stderr + "error: 'bookgen build' failed while loading the catalog\n")
    }
  }

  @Test func refusesToReplaceAFolderBookgenDidNotMake() async throws {
    let fixture = try BuildFixture.start()
    try await withTemporaryDirectory { root in
      try fixture.writeCatalog(into: root)
      try write("precious", to: root + "/public/notes.txt")
      let refused = await runCLI(["build"], in: root, variables: fixture.variables)
      #expect(
        refused
          == CLIResult(
            status: 1, stdout: "",
            stderr:
              "error: refusing to build into 'public': bookgen did not create it; use --force to replace its contents\n"
          ))
      #expect(fixture.google.requestCount == 0)
      #expect(FileManager.default.fileExists(atPath: root + "/public/notes.txt"))

      let forced = await runCLI(["build", "--force", "-q"], in: root, variables: fixture.variables)
      #expect(forced.status == 0)
      #expect(FileManager.default.fileExists(atPath: root + "/public/index.html"))
    }
    await fixture.server.stop()
  }

  /// The CLI asks the render stage's rule (`OutputFolder.refusal`) before fetching: a file or
  /// a link where the output should be is refused, even with --force, and costs no request.
  @Test(arguments: [false, true])
  func refusesAFileOrALinkAsTheOutput(isLink: Bool) async throws {
    let fixture = try BuildFixture.start()
    try await withTemporaryDirectory { root in
      try fixture.writeCatalog(into: root)
      if isLink {
        try FileManager.default.createDirectory(atPath: root + "/real", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root + "/public", withDestinationPath: "real")
      } else {
        try write("precious", to: root + "/public")
      }
      let refused = await runCLI(["build", "--force"], in: root, variables: fixture.variables)
      #expect(
        refused
          == CLIResult(
            status: 1, stdout: "", stderr: "error: refusing to build into 'public': it is not a folder\n"))
      #expect(fixture.google.requestCount == 0)
    }
    await fixture.server.stop()
  }

  @Test(arguments: [".", "..", "~"])
  func neverBuildsIntoAProtectedFolder(output: String) async throws {
    try await withTemporaryDirectory { root in
      let project = root + "/project"
      try write(BuildFixture.catalog, to: project + "/catalog.yml")
      let result = await runCLI(
        ["build", "--force", "--offline", "-o", output], in: project, variables: ["HOME": root])
      #expect(
        result
          == CLIResult(
            status: 1, stdout: "",
            stderr: "error: refusing to build into '\(output)': it is the root, home or project folder\n"))
      #expect(FileManager.default.fileExists(atPath: project + "/catalog.yml"))
    }
  }

  @Test func fetchFillsTheCacheOnly() async throws {
    let fixture = try BuildFixture.start()
    try await withTemporaryDirectory { root in
      try fixture.writeCatalog(into: root)
      let result = await runCLI(["fetch"], in: root, variables: fixture.variables)
      #expect(
        result
          == CLIResult(
            status: 0, stdout: "",
            stderr: """
              fetch: dune: 2 volumes
              fetch: picked: 1 volume
              Fetched 3 volumes: 3 requests, 0 cache hits, 0 retries, 1 not found, cached, 0 warnings

              """))
      #expect(!FileManager.default.fileExists(atPath: root + "/public"))
      let offline = await runCLI(["build", "--offline", "-q"], in: root)
      #expect(offline == CLIResult(status: 0, stdout: "", stderr: ""))
      #expect(fixture.google.requestCount == 2)
    }
    await fixture.server.stop()
  }

  /// A typo in the site's own template fails the build where it is written, and the site
  /// built before stays as it was.
  @Test func anUnknownFieldInASiteTemplateFailsTheBuild() async throws {
    let fixture = try BuildFixture.start()
    try await withTemporaryDirectory { root in
      try fixture.writeCatalog(into: root)
      #expect(await runCLI(["build", "-q"], in: root, variables: fixture.variables).status == 0)
      let before = try String(contentsOfFile: root + "/public/index.html", encoding: .utf8)
      try write("<h1>{{#book}}{{titel}}{{/book}}</h1>\n", to: root + "/templates/book.mustache")
      let result = await runCLI(["build", "--offline", "-q"], in: root, variables: fixture.variables)
      #expect(
        result
          == CLIResult(
            status: 1, stdout: "",
            stderr: """
              templates/book.mustache:1:14: error: unknown field 'titel' (did you mean 'title'?)
              <h1>{{#book}}{{titel}}{{/book}}</h1>
                           ^
              error: 'bookgen build' failed while rendering the site

              """))
      #expect(try String(contentsOfFile: root + "/public/index.html", encoding: .utf8) == before)
    }
    await fixture.server.stop()
  }

  /// The engine renders a partial no template provides as nothing (the spec's rule); a typo in
  /// a site's own partial tag still fails the build, where it is written.
  @Test func aMissingPartialInASiteTemplateFailsTheBuild() async throws {
    let fixture = try BuildFixture.start()
    try await withTemporaryDirectory { root in
      try fixture.writeCatalog(into: root)
      try write(
        "{{< layout}}{{$content}}{{#book}}{{#cover}}{{> partials/covr}}{{/cover}}{{/book}}{{/content}}{{/layout}}\n",
        to: root + "/templates/book.mustache")
      let result = await runCLI(["build", "-q"], in: root, variables: fixture.variables)
      #expect(
        result
          == CLIResult(
            status: 1, stdout: "",
            stderr: """
              templates/book.mustache:1:44: error: unknown partial 'partials/covr' (did you mean 'partials/cover'?)
              {{< layout}}{{$content}}{{#book}}{{#cover}}{{> partials/covr}}{{/cover}}{{/book}}{{/content}}{{/layout}}
                                                         ^
              error: 'bookgen build' failed while rendering the site

              """))
      #expect(!FileManager.default.fileExists(atPath: root + "/public"))
    }
    await fixture.server.stop()
  }

  /// `templates/assets/custom.css` is the site's own stylesheet: copied with the theme's assets
  /// and linked after the theme's stylesheet on every page, also when added to a built site.
  @Test func aCustomStylesheetIsLinkedWhenPresent() async throws {
    let fixture = try BuildFixture.start()
    try await withTemporaryDirectory { root in
      try fixture.writeCatalog(into: root)
      #expect(await runCLI(["build", "-q"], in: root, variables: fixture.variables).status == 0)
      let link = #"<link rel="stylesheet" href="/books/assets/custom.css">"#
      let page = root + "/public/books/dune-messiah-dune0002/index.html"
      #expect(!(try String(contentsOfFile: page, encoding: .utf8)).contains(link))

      try write("h1 { color: teal; }\n", to: root + "/templates/assets/custom.css")
      #expect(await runCLI(["build", "--offline", "-q"], in: root, variables: fixture.variables).status == 0)
      let html = try String(contentsOfFile: page, encoding: .utf8)
      #expect(html.contains(#"<link rel="stylesheet" href="/books/assets/style.css">"# + "\n" + link + "\n"))
      #expect(
        try String(contentsOfFile: root + "/public/assets/custom.css", encoding: .utf8)
          == "h1 { color: teal; }\n")
      #expect(try String(contentsOfFile: root + "/public/index.html", encoding: .utf8).contains(link))
    }
    await fixture.server.stop()
  }
}
