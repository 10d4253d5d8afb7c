import Foundation
import Support
import TestSupport
import Testing

@testable import HTTPServer
@testable import Preview

/// A project folder with one watched template, and a fake build that renders it into
/// `index.html` (or fails when the template contains `{{#broken}}`), counting its calls.
final class PreviewFixture: Sendable {
  let project: String
  let builds = Locked<[String]>([])
  let logLines = Locked<[String]>([])
  static let failure = "templates/page.mustache:1:7: error: unclosed section 'broken' <b>&\"x\"</b>"

  init() throws {
    project =
      FileManager.default.temporaryDirectory.appendingPathComponent("bookgen-preview-\(UUID().uuidString)")
      .path
    try FileManager.default.createDirectory(atPath: project + "/templates", withIntermediateDirectories: true)
    try writeTemplate("v1")
  }

  deinit {
    try? FileManager.default.removeItem(atPath: project)
  }

  func writeTemplate(_ text: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: project + "/templates/page.mustache"))
  }

  func options(
    outputDirectory: String? = nil, debounce: Duration = .milliseconds(100),
    tweak: (inout PreviewOptions) -> Void = { _ in }
  ) -> PreviewOptions {
    let logLines = logLines
    var options = PreviewOptions(
      port: 0, watchPaths: [project + "/catalog.yml", project + "/templates"], debounce: debounce,
      pollInterval: .milliseconds(40), outputDirectory: outputDirectory,
      log: { line in logLines.withLock { $0.append(line) } })
    tweak(&options)
    return options
  }

  func makeServer(
    outputDirectory: String? = nil, debounce: Duration = .milliseconds(100),
    tweak: (inout PreviewOptions) -> Void = { _ in }
  ) -> PreviewServer {
    let project = project
    let builds = builds
    return PreviewServer(options: options(outputDirectory: outputDirectory, debounce: debounce, tweak: tweak))
    {
      output, baseURL in
      let template =
        (try? String(contentsOfFile: project + "/templates/page.mustache", encoding: .utf8)) ?? ""
      builds.withLock { $0.append(baseURL) }
      if template.contains("{{#broken}}") { return .failure(message: Self.failure) }
      let page = "<html><body><a href=\"\(baseURL)\">\(template)</a></BODY></html>"
      try? Data(page.utf8).write(to: URL(fileURLWithPath: output + "/index.html"))
      try? Data("body{}".utf8).write(to: URL(fileURLWithPath: output + "/style.css"))
      return .success(summary: "Built \(template)")
    }
  }

  var buildCount: Int { builds.withLock { $0.count } }
}

/// Runs `body` against a started preview server, stopping it afterwards.
func withPreview<T>(
  _ fixture: PreviewFixture, debounce: Duration = .milliseconds(100),
  _ body: (PreviewServer, UInt16) async throws -> T
) async throws -> T {
  let preview = fixture.makeServer(debounce: debounce)
  let port = try await preview.start()
  do {
    let result = try await body(preview, port)
    await preview.stop()
    return result
  } catch {
    await preview.stop()
    throw error
  }
}

/// A raw HTTP exchange on a fresh connection.
func get(_ path: String, port: UInt16, headers: String = "") async throws -> TCPClient.Response {
  let client = try await TCPClient.connect(port: port)
  defer { client.close() }
  try await client.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(headers)Connection: close\r\n\r\n")
  return try await client.readResponse()
}

/// An open `/__bookgen/events` stream, past its greeting.
func openEvents(port: UInt16, since generation: Int) async throws -> TCPClient {
  let client = try await TCPClient.connect(port: port, timeout: .seconds(10))
  try await client.send("GET /__bookgen/events?since=\(generation) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
  let head = try await client.read(until: ": connected\n\n")
  #expect(head.hasPrefix("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream; charset=utf-8\r\n"))
  return client
}

/// The text between `<pre>` and `</pre>`.
func preformatted(_ html: String) -> String? {
  guard let start = html.range(of: "<pre>"), let end = html.range(of: "</pre>") else { return nil }
  return String(html[start.upperBound..<end.lowerBound])
}

/// Waits up to 10 s for `condition`, failing the test when it never holds.
func eventually(_ condition: () async -> Bool) async throws {
  for _ in 0..<500 {
    if await condition() { return }
    try await Task.sleep(for: .milliseconds(20))
  }
  Issue.record("condition still false after 10 s")
}
