import Foundation
import FoundationNetworking
import Testing

@testable import HTTPServer
@testable import Preview

@Suite struct PreviewServerTests {
  @Test func servesTheBuildWithTheReloadScriptAndLocalBaseURL() async throws {
    let fixture = try PreviewFixture()
    try await withPreview(fixture) { preview, port in
      #expect(fixture.builds.withLock { $0 } == ["http://127.0.0.1:\(port)/"])
      let (data, response) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)/")!)
      let http = try #require(response as? HTTPURLResponse)
      #expect(http.statusCode == 200)
      #expect(
        String(decoding: data, as: UTF8.self)
          == "<html><body><a href=\"http://127.0.0.1:\(port)/\">v1</a>\(LiveReloadScript.tag(generation: 1))</BODY></html>"
      )
      let css = try await get("/style.css", port: port)
      #expect(css.text == "body{}")
      #expect(preview.url == "http://127.0.0.1:\(port)/")
      #expect(fixture.logLines.withLock { $0 } == ["Built v1"])
    }
  }

  @Test func changedTemplateTriggersRebuildAndReloadEvent() async throws {
    let fixture = try PreviewFixture()
    try await withPreview(fixture) { preview, port in
      let events = try await openEvents(port: port, since: 1)
      defer { events.close() }
      try fixture.writeTemplate("v2")
      let event = try await events.read(until: "\n\n")
      #expect(event.hasSuffix("event: reload\ndata: reload\n\n"))
      #expect(fixture.buildCount == 2)
      #expect(await preview.buildCount == 2)
      let page = try await get("/", port: port)
      #expect(page.text.hasPrefix("<html><body><a href=\"http://127.0.0.1:\(port)/\">v2</a>"))
      // A quiet tree is not rebuilt again.
      try await Task.sleep(for: .milliseconds(400))
      #expect(fixture.buildCount == 2)
    }
  }

  @Test func whatABuildWritesIntoAWatchedFolderStartsNoOtherBuild() async throws {
    let fixture = try PreviewFixture()
    let cache = fixture.project + "/cache"
    try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
    let inner = fixture.makeServer()
    // The build fetches into the watched cache, as serve's rebuilds do.
    let preview = PreviewServer(
      options: fixture.options {
        $0.watchPaths.append(cache)
        $0.writtenByBuilds = [cache]
      }
    ) { output, baseURL in
      let count = fixture.buildCount
      try? Data("entry".utf8).write(to: URL(fileURLWithPath: cache + "/entry-\(count)"))
      return await inner.build(output, baseURL)
    }
    try await preview.start()
    try await Task.sleep(for: .milliseconds(500))
    #expect(fixture.buildCount == 1)
    try fixture.writeTemplate("v2")
    try await eventually { fixture.buildCount == 2 }
    try await Task.sleep(for: .milliseconds(500))
    #expect(fixture.buildCount == 2)
    // A change to the cache from elsewhere (`bookgen fetch`) still rebuilds.
    try Data("fetched".utf8).write(to: URL(fileURLWithPath: cache + "/other"))
    try await eventually { fixture.buildCount == 3 }
    await preview.stop()
  }

  @Test func burstOfChangesIsDebouncedIntoOneRebuild() async throws {
    let fixture = try PreviewFixture()
    // A long debounce, so a slow machine cannot make the 30 ms gaps look settled.
    try await withPreview(fixture, debounce: .milliseconds(600)) { _, port in
      let events = try await openEvents(port: port, since: 1)
      defer { events.close() }
      for version in 2...5 {
        try fixture.writeTemplate("v\(version) \(String(repeating: "x", count: version))")
        try await Task.sleep(for: .milliseconds(30))
      }
      _ = try await events.read(until: "event: reload\n")
      try await Task.sleep(for: .milliseconds(400))
      #expect(fixture.buildCount == 2)
    }
  }

  @Test func failedBuildShowsEscapedErrorPageThenRecovers() async throws {
    let fixture = try PreviewFixture()
    try await withPreview(fixture) { _, port in
      let events = try await openEvents(port: port, since: 1)
      defer { events.close() }
      try fixture.writeTemplate("{{#broken}}")
      let error = try await events.read(until: "\n\n")
      #expect(error.hasSuffix("event: error\ndata: \(PreviewFixture.failure)\n\n"))

      let page = try await get("/", port: port)
      #expect(page.status == 500)
      #expect(page.header("Content-Type") == "text/html; charset=utf-8")
      #expect(
        preformatted(page.text)
          == "templates/page.mustache:1:7: error: unclosed section &#39;broken&#39; &lt;b&gt;&amp;&quot;x&quot;&lt;/b&gt;"
      )
      #expect(page.text.contains(LiveReloadScript.tag(generation: 2)))
      #expect(try await get("/books/", port: port).status == 500)
      #expect(try await get("/style.css", port: port).status == 200)
      #expect(fixture.logLines.withLock { $0.last } == PreviewFixture.failure)

      try fixture.writeTemplate("fixed")
      #expect(try await events.read(until: "\n\n").hasSuffix("event: reload\ndata: reload\n\n"))
      let recovered = try await get("/", port: port)
      #expect(recovered.status == 200)
      #expect(recovered.text.hasPrefix("<html><body><a href=\"http://127.0.0.1:\(port)/\">fixed</a>"))
    }
  }

  @Test func pageServedBeforeTheLatestBuildReloadsWhenItConnects() async throws {
    let fixture = try PreviewFixture()
    try await withPreview(fixture) { preview, port in
      try fixture.writeTemplate("v2")
      try await eventually { await preview.buildCount >= 2 }
      let late = try await openEvents(port: port, since: 1)
      defer { late.close() }
      #expect(try await late.read(until: "\n\n").hasSuffix("event: reload\ndata: reload\n\n"))
    }
  }

  @Test func htmlETagFollowsTheBuildGeneration() async throws {
    let fixture = try PreviewFixture()
    try await withPreview(fixture) { preview, port in
      let first = try await get("/", port: port)
      let etag = try #require(first.header("ETag"))
      #expect(etag.hasSuffix("-g1\""))
      let cached = try await get("/", port: port, headers: "If-None-Match: \(etag)\r\n")
      #expect(cached.status == 304)
      try fixture.writeTemplate("v2")
      try await eventually { await preview.buildCount >= 2 }
      let rebuilt = try await get("/", port: port, headers: "If-None-Match: \(etag)\r\n")
      #expect(rebuilt.status == 200)
      #expect(rebuilt.header("ETag")?.hasSuffix("-g2\"") == true)
    }
  }

  @Test func explicitOutputFolderIsKept() async throws {
    let fixture = try PreviewFixture()
    let output = fixture.project + "/.bookgen/serve"
    let preview = fixture.makeServer(outputDirectory: output)
    try await preview.start()
    await preview.stop()
    #expect(FileManager.default.fileExists(atPath: output + "/index.html"))
  }
}

@Suite struct PreviewAddressTests {
  @Test func servesTheSiteUnderItsBasePathAndRedirectsTheRootThere() async throws {
    let fixture = try PreviewFixture()
    let preview = fixture.makeServer { $0.basePath = "/books/" }
    let port = try await preview.start()
    #expect(fixture.builds.withLock { $0 } == ["http://127.0.0.1:\(port)/books/"])
    let root = try await get("/", port: port)
    #expect(root.status == 302)
    #expect(root.header("Location") == "/books/")
    let page = try await get("/books/", port: port)
    #expect(page.status == 200)
    #expect(page.text.hasPrefix("<html><body><a href=\"http://127.0.0.1:\(port)/books/\">v1</a>"))
    #expect(try await get("/books/style.css", port: port).text == "body{}")
    let withoutSlash = try await get("/books?x=1", port: port)
    #expect(withoutSlash.status == 302)
    #expect(withoutSlash.header("Location") == "./books/?x=1")
    // Outside the base path nothing of the site is found, as in production.
    #expect(try await get("/style.css", port: port).status == 404)
    #expect(preview.servingMessage == "Serving http://127.0.0.1:\(port)/books/ (press Ctrl-C to stop)")
    await preview.stop()
  }

  @Test func aTakenPortMovesOnToTheNextAndSaysSo() async throws {
    let taken = HTTPServer(port: 0) { _ in .text("taken") }
    try taken.start()
    let fixture = try PreviewFixture()
    let preview = fixture.makeServer {
      $0.port = taken.port
      $0.fallbackPorts = 10
    }
    let port = try await preview.start()
    #expect(port != taken.port)
    #expect(
      preview.servingMessage == """
        Port \(taken.port) is in use; serving on port \(port) instead.
        Serving http://127.0.0.1:\(port)/ (press Ctrl-C to stop)
        """)
    await preview.stop()
    await taken.stop()
  }

  @Test func aFailedStartRemovesThePrivateFolder() async throws {
    let taken = HTTPServer(port: 0) { _ in .text("taken") }
    try taken.start()
    let fixture = try PreviewFixture()
    let preview = PreviewServer(
      options: PreviewOptions(port: taken.port, temporaryDirectory: fixture.project, log: { _ in })
    ) { _, _ in .success(summary: "") }
    let folder = try #require(preview.options.privateFolder)
    await #expect(throws: HTTPServerError.cannotBind(host: "127.0.0.1", port: taken.port, errno: EADDRINUSE))
    {
      try await preview.start()
    }
    #expect(!FileManager.default.fileExists(atPath: folder))
    #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.project) == ["templates"])
    await taken.stop()
  }

  @Test func aTemporaryFolderReachedThroughALinkServesItsFiles() async throws {
    let fixture = try PreviewFixture()
    try FileManager.default.createDirectory(
      atPath: fixture.project + "/real", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: fixture.project + "/link", withDestinationPath: fixture.project + "/real")
    let preview = fixture.makeServer { options in
      options = PreviewOptions(port: 0, temporaryDirectory: fixture.project + "/link", log: { _ in })
    }
    let port = try await preview.start()
    #expect(try await get("/style.css", port: port).status == 200)
    await preview.stop()
  }

  @Test func onAllInterfacesTheMessageNamesTheNetworkAddressAndTheLocalOne() async throws {
    let fixture = try PreviewFixture()
    let preview = fixture.makeServer {
      $0.host = "0.0.0.0"
      $0.networkAddresses = { ["192.0.2.7"] }
    }
    let port = try await preview.start()
    #expect(fixture.builds.withLock { $0 } == ["http://192.0.2.7:\(port)/"])
    #expect(
      preview.servingMessage
        == "Serving http://192.0.2.7:\(port)/ on all interfaces, and http://127.0.0.1:\(port)/ on this machine "
        + "(press Ctrl-C to stop)")
    await preview.stop()
    let alone = fixture.makeServer {
      $0.host = "0.0.0.0"
      $0.networkAddresses = { [] }
    }
    let alonePort = try await alone.start()
    #expect(
      alone.servingMessage
        == "Serving http://127.0.0.1:\(alonePort)/ on all interfaces (press Ctrl-C to stop)")
    await alone.stop()
  }

  @Test func aGivenBaseURLIsWhatPagesLinkToAndWhereTheSiteIsMounted() async throws {
    let fixture = try PreviewFixture()
    let preview = fixture.makeServer { $0.baseURL = "http://books.local:9000/shelf/" }
    let port = try await preview.start()
    #expect(fixture.builds.withLock { $0 } == ["http://books.local:9000/shelf/"])
    #expect(try await get("/shelf/style.css", port: port).text == "body{}")
    #expect(
      preview.servingMessage
        == "Serving http://books.local:9000/shelf/ (listening on 127.0.0.1:\(port); press Ctrl-C to stop)")
    await preview.stop()
  }
}

/// `run()` changes process-wide signal dispositions, so these tests take turns.
@Suite(.serialized) struct PreviewRunTests {
  @Test func runStopsWhenCancelledAndRemovesItsPrivateFolder() async throws {
    let fixture = try PreviewFixture()
    let preview = fixture.makeServer()
    let output = preview.options.outputDirectory
    let running = Task { try await preview.run() }
    try await eventually { fixture.logLines.withLock { $0.count } >= 2 }
    #expect(fixture.logLines.withLock { $0[1] } == "Serving \(preview.url) (press Ctrl-C to stop)")
    #expect(FileManager.default.fileExists(atPath: output + "/index.html"))
    running.cancel()
    try await running.value
    #expect(fixture.logLines.withLock { $0.last } == "Stopping.")
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  @Test func ctrlCStopsRunCleanly() async throws {
    let fixture = try PreviewFixture()
    let preview = fixture.makeServer()
    let running = Task { try await preview.run() }
    try await eventually { fixture.logLines.withLock { $0.count } >= 2 }
    // The signal handlers are installed before the "Serving" line is printed.
    kill(getpid(), SIGINT)
    try await running.value
    #expect(
      fixture.logLines.withLock { $0 } == [
        "Built v1", "Serving \(preview.url) (press Ctrl-C to stop)", "Stopping.",
      ])
    #expect(!FileManager.default.fileExists(atPath: preview.options.outputDirectory))
  }
}
