import Fetching
import Foundation
import FoundationNetworking
import GoogleBooks
import Site
import TestSupport
import Testing

@testable import BookgenCLI
@testable import Preview

@Suite struct ServeTests {
  /// A `serve` command's context, with captured streams, as `BookgenCLI.run` would make it.
  private func serveContext(
    in directory: String, _ arguments: [String] = [], variables: [String: String] = [:]
  ) throws -> (ServeCommand, CapturedText) {
    let stderr = CapturedText()
    let environment = Environment(
      variables: variables, workingDirectory: directory, standardOutput: TextOutput { _ in },
      standardError: stderr.output, clock: { 0 })
    return (try ServeCommand(arguments, environment: environment), stderr)
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
      #expect(fixture.google.requestCount == requests, "a fresh cache needs no request")
      let home = try String(contentsOfFile: root + "/preview/index.html", encoding: .utf8)
      #expect(home.contains("http://127.0.0.1:8123/"))
      #expect(!FileManager.default.fileExists(atPath: root + "/public"))
    }
    await fixture.server.stop()
  }

  @Test func expiredEntriesAreUsedAsTheyAreUnlessFetchIsGiven() async throws {
    let fixture = try BuildFixture.start()
    try await withTemporaryDirectory { root in
      try fixture.writeCatalog(into: root)
      #expect(await runCLI(["fetch", "-q"], in: root, variables: fixture.variables).status == 0)
      // Every entry a month old: past the default max_age of 7 days.
      let cache = ResponseCache(directory: root + "/.bookgen-cache")
      let monthAgo = Date().addingTimeInterval(-30 * 86_400)
      for request in [
        APIRequest.search("intitle:dune", startIndex: 0, maxResults: 10, options: ["country": "US"]),
        APIRequest.search("isbn:9780441013593", startIndex: 0, maxResults: 10, options: ["country": "US"]),
      ] {
        let entry = try #require(try cache.load(request))
        try cache.store(request, body: Array(entry.body), status: entry.status, fetchedAt: monthAgo)
      }
      let requests = fixture.google.requestCount
      let (context, stderr) = try serveContext(in: root, variables: fixture.variables)
      let kept = await context.previewBuild(into: root + "/preview", baseURL: "http://127.0.0.1:8123/")
      guard case .success = kept else {
        Issue.record("expected a successful build, got \(kept)")
        return
      }
      #expect(fixture.google.requestCount == requests, "editing costs no quota")
      #expect(
        stderr.text
          == "warning: 2 cache entries are older than cache.max_age and were used as they are; "
          + "'bookgen build' or 'bookgen fetch' refreshes them\n")
      let (fetching, _) = try serveContext(in: root, ["--fetch"], variables: fixture.variables)
      _ = await fetching.previewBuild(into: root + "/preview", baseURL: "http://127.0.0.1:8123/")
      #expect(fixture.google.requestCount == requests + 2)
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

@Suite struct ServeCleanupTests {
  /// Every entry next to (or inside) `folder` that carries its name: the output writer's twin
  /// `.NAME.bookgen-next` and anything else a build left behind.
  private func leftovers(of folder: String) -> [String] {
    let parent = (folder as NSString).deletingLastPathComponent
    let name = (folder as NSString).lastPathComponent
    let siblings = (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []
    return siblings.filter { $0.contains(name) }.sorted()
  }

  /// `serve --port 0` in `root`, its messages dropped.
  private func serveCommand(in root: String, fixture: BuildFixture) throws -> ServeCommand {
    let environment = Environment(
      variables: fixture.variables, workingDirectory: root, standardOutput: TextOutput { _ in },
      standardError: TextOutput { _ in }, clock: { 0 })
    return try ServeCommand(["--port", "0"], environment: environment)
  }

  @Test func stoppingRemovesThePrivateFolderAndTheWritersTwin() async throws {
    let fixture = try BuildFixture.start()
    try await withTemporaryDirectory { root in
      try fixture.writeCatalog(into: root)
      #expect(await runCLI(["fetch", "-q"], in: root, variables: fixture.variables).status == 0)
      let context = try serveCommand(in: root, fixture: fixture)
      let preview = PreviewServer(options: PreviewOptions(port: 0, watchPaths: [], log: { _ in })) {
        output, baseURL in await context.previewBuild(into: output, baseURL: baseURL)
      }
      let output = preview.options.outputDirectory
      try await preview.start()
      // Two builds: the second one swaps the output with its twin.
      await preview.rebuild()
      #expect(FileManager.default.fileExists(atPath: output + "/index.html"))
      await preview.stop()
      #expect(leftovers(of: output) == [])
    }
    await fixture.server.stop()
  }

  /// The search index follows the pages in the background: stopping cancels it and waits for
  /// it, so nothing writes into the folder while it is removed.
  @Test func stoppingStopsTheSearchIndexBeforeRemovingThePrivateFolder() async throws {
    try await HeldPlacing.takingTurns {
      let fixture = try BuildFixture.start()
      try await withTemporaryDirectory { root in
        try fixture.writeCatalog(into: root)
        #expect(await runCLI(["fetch", "-q"], in: root, variables: fixture.variables).status == 0)
        let serve = try serveCommand(in: root, fixture: fixture)
        let state = PreviewState()
        let held = HeldPlacing()
        state.site.beforePlacing = { path throws(SiteError) in held.place(path) }
        let preview = PreviewServer(
          options: PreviewOptions(port: 0, watchPaths: [], log: { _ in }),
          stopBuilding: { await state.site.stopFollowers() },
          build: { output, baseURL in
            await serve.context.previewBuild(serve.options, into: output, baseURL: baseURL, preview: state)
          })
        let output = preview.options.outputDirectory
        try await preview.start()
        await held.waitUntilHolding()
        await preview.stop()
        #expect(held.wasReleased)
        #expect(leftovers(of: output) == [])
      }
      await fixture.server.stop()
    }
  }
}

/// `bookgen serve` itself, as the command runs it, until the test cancels it. `run()` changes
/// process-wide signal dispositions, so these tests take turns.
@Suite(.serialized) struct ServeCommandTests {
  /// A `serve` started in `root` with private folders under `root/tmp`.
  struct Session {
    let task: Task<Void, any Error>
    let stderr: CapturedText
    let temporary: String

    static func start(in root: String, variables: [String: String], _ arguments: [String]) throws -> Session {
      let temporary = root + "/tmp"
      try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
      let stderr = CapturedText()
      let environment = Environment(
        variables: variables.merging(["TMPDIR": temporary]) { $1 }, workingDirectory: root,
        standardOutput: TextOutput { _ in }, standardError: stderr.output, clock: { 0 })
      let command = try ServeCommand(arguments, environment: environment)
      return Session(task: Task { try await command.run() }, stderr: stderr, temporary: temporary)
    }

    /// The address the `Serving …` line announces.
    func url() async throws -> String {
      try await eventually { stderr.text.contains("Serving ") }
      let line = try #require(stderr.text.split(separator: "\n").first { $0.hasPrefix("Serving ") })
      return String(line.dropFirst("Serving ".count).prefix { $0 != " " })
    }

    func stop() async throws {
      task.cancel()
      try await task.value
    }
  }

  @Test func aBookAddedToTheCatalogWhileServingIsFetchedAndItsPageServed() async throws {
    let fixture = try BuildFixture.start()
    fixture.google.setVolume(
      "added00001", json: FakeGoogleBooks.volumeJSON(id: "added00001", title: "Added Later"))
    try await withTemporaryDirectory { root in
      try fixture.writeCatalog(into: root)
      #expect(await runCLI(["fetch", "-q"], in: root, variables: fixture.variables).status == 0)
      let requests = fixture.google.requestCount
      let session = try Session.start(in: root, variables: fixture.variables, ["--port", "0"])
      let url = try await session.url()
      // Under the path of site.base_url (https://example.com/books/), as in production.
      #expect(url.hasPrefix("http://127.0.0.1:") && url.hasSuffix("/books/"), "\(url)")
      #expect(try await Self.get(url).status == 200)

      try Self.addBook(in: root)
      let page = url + "books/added-later-added00001/"
      try await eventually { (try? await Self.get(page).status) == 200 }
      #expect(try await Self.get(page).body.contains("Added Later"))
      #expect(
        Array(fixture.google.requests.dropFirst(requests)) == ["/books/v1/volumes/added00001?country=US"])
      // static/ is watched too.
      try write("books.example.com\n", to: root + "/static/CNAME")
      try await eventually { (try? await Self.get(url + "CNAME").body) == "books.example.com\n" }
      try await session.stop()

      #expect(try FileManager.default.contentsOfDirectory(atPath: session.temporary) == [])
      #expect(!session.stderr.text.contains(session.temporary), "\(session.stderr.text)")
      #expect(session.stderr.text.contains("Serving \(url) (press Ctrl-C to stop)\n"))
    }
    await fixture.server.stop()
  }

  @Test func offlineAMissingBookIsAnErrorPageAndNoRequest() async throws {
    let fixture = try BuildFixture.start()
    try await withTemporaryDirectory { root in
      try fixture.writeCatalog(into: root)
      #expect(await runCLI(["fetch", "-q"], in: root, variables: fixture.variables).status == 0)
      let requests = fixture.google.requestCount
      let session = try Session.start(in: root, variables: fixture.variables, ["--port", "0", "--offline"])
      let url = try await session.url()
      try Self.addBook(in: root)
      try await eventually { (try? await Self.get(url).status) == 500 }
      #expect(try await Self.get(url).body.contains("offline, and 1 cache entry is missing"))
      #expect(fixture.google.requestCount == requests)
      try await session.stop()
    }
    await fixture.server.stop()
  }

  @Test func aTakenPortGivenWithPortIsAnError() async throws {
    let fixture = try BuildFixture.start()
    try await withTemporaryDirectory { root in
      try fixture.writeCatalog(into: root)
      // The fake Google server holds its port.
      let port = try #require(URL(string: fixture.server.apiURL)?.port)
      let temporary = root + "/tmp"
      try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
      let result = await runCLI(
        ["serve", "-p", "\(port)"], in: root,
        variables: fixture.variables.merging(["TMPDIR": temporary]) { $1 })
      #expect(
        result
          == CLIResult(
            status: 1, stdout: "",
            stderr: """
              error: 'bookgen serve' failed while starting the server
              caused by: port \(port) on 127.0.0.1 is already in use; choose another with --port (--port 0 takes \
              any free one)

              """))
      #expect(try FileManager.default.contentsOfDirectory(atPath: temporary) == [])
    }
    await fixture.server.stop()
  }

  /// Adds a collection with one volume the cache does not have.
  static func addBook(in root: String) throws {
    try (BuildFixture.catalog + "  - title: Added\n    slug: added\n    volumes: [added00001]\n").write(
      toFile: root + "/catalog.yml", atomically: true, encoding: .utf8)
  }

  static func get(_ url: String) async throws -> (status: Int, body: String) {
    let (data, response) = try await URLSession.shared.data(from: try #require(URL(string: url)))
    return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
  }
}

/// Waits up to 20 s for `condition`, failing the test when it never holds.
func eventually(_ condition: () async throws -> Bool) async throws {
  for _ in 0..<200 {
    if try await condition() { return }
    try await Task.sleep(for: .milliseconds(100))
  }
  Issue.record("condition still false after 20 s")
}
