import Foundation
import FoundationNetworking
import TestSupport
import Testing

@testable import BookgenCLI

/// Runs the built `bookgen` binary, to check what the process itself does: real exit statuses
/// and which stream each text goes to.
@Suite struct ProcessTests {
  static let binary = bookgenBinary

  private func run(_ arguments: [String], in directory: URL? = nil, variables: [String: String] = [:])
    async throws -> CLIResult
  {
    try await runBookgen(arguments, in: directory?.path, variables: variables)
  }

  @Test func versionExitsZeroOnStdout() async throws {
    #expect(
      try await run(["--version"])
        == CLIResult(status: 0, stdout: "bookgen 0.1.0 (\(BookgenCLI.commit))\n", stderr: ""))
  }

  @Test func helpExitsZeroOnStdout() async throws {
    let result = try await run(["build", "--help"])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(result == (await runCLI(["help", "build"])))
  }

  @Test func usageErrorExits64OnStderr() async throws {
    #expect(
      try await run(["build", "--ofline"])
        == CLIResult(
          status: 64, stdout: "",
          stderr:
            "error: unknown option '--ofline' (did you mean '--offline'?)\nSee 'bookgen build --help'.\n"))
  }

  @Test func failureExits1OnStderr() async throws {
    try await withTemporaryDirectory { root in
      try write("precious", to: root + "/public/notes.txt")
      let result = try await run(["clean"], in: URL(fileURLWithPath: root))
      #expect(result.status == 1)
      #expect(result.stdout == "")
      #expect(result.stderr.hasPrefix("error: refusing to remove 'public'"))
    }
  }

  @Test func invalidCatalogExits1WithErrorsOnStderr() async throws {
    let result = try await run([
      "check", "--catalog", Fixtures.catalogs.appendingPathComponent("three-mistakes.yml").path,
    ])
    #expect(result.status == 1)
    #expect(result.stdout == "")
    #expect(result.stderr.components(separatedBy: ": error: ").count == 4)
  }

  @Test func validCatalogReportsOnStdout() async throws {
    let result = try await run(["check"], in: Fixtures.packageRoot)
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(result.stdout.hasPrefix("catalog.yml: OK ("))
  }

  @Test func buildExitsZeroWithNothingOnStdout() async throws {
    let fixture = try BuildFixture.start()
    try await withTemporaryDirectory { root in
      try fixture.writeCatalog(into: root)
      let result = try await run(["build"], in: URL(fileURLWithPath: root), variables: fixture.variables)
      #expect(result.status == 0)
      #expect(result.stdout == "")
      #expect(result.stderr.contains("Built 2 books, "))
      #expect(FileManager.default.fileExists(atPath: root + "/public/index.html"))
    }
    await fixture.server.stop()
  }

  /// What `make site` does: the example catalog, offline, from the committed cache.
  @Test func theExampleSiteBuildsOffline() async throws {
    try await withTemporaryDirectory { root in
      let catalog = Fixtures.packageRoot.appendingPathComponent("catalog.yml").path
      let result = try await run(
        ["build", "--offline", "--catalog", catalog, "-o", root + "/public"], in: URL(fileURLWithPath: root))
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stdout == "")
      #expect(result.stderr.split(separator: "\n").last?.hasPrefix("Built ") == true)
      #expect(FileManager.default.fileExists(atPath: root + "/public/index.html"))

      // Nothing changed: recognised from the fingerprint, nothing rendered or written.
      let home = try FileManager.default.attributesOfItem(atPath: root + "/public/index.html")
      let again = try await run(
        ["build", "--offline", "--catalog", catalog, "-o", root + "/public"], in: URL(fileURLWithPath: root))
      #expect(again.status == 0, "\(again.stderr)")
      #expect(again.stderr.split(separator: "\n").last?.contains("is up to date") == true, "\(again.stderr)")
      let homeAgain = try FileManager.default.attributesOfItem(atPath: root + "/public/index.html")
      #expect(homeAgain[.modificationDate] as? Date == home[.modificationDate] as? Date)
    }
  }

  @Test func serveAnswersThenStopsCleanlyOnCtrlC() async throws {
    let fixture = try BuildFixture.start()
    try await withTemporaryDirectory { root in
      try fixture.writeCatalog(into: root)
      #expect(await runCLI(["fetch", "-q"], in: root, variables: fixture.variables).status == 0)
      let process = Process()
      process.executableURL = Self.binary
      process.arguments = ["serve", "--port", "0"]
      process.environment = ["PATH": "/usr/bin:/bin", "HOME": "/nonexistent"]
      process.currentDirectoryURL = URL(fileURLWithPath: root)
      let stderr = Pipe()
      process.standardError = stderr
      process.standardOutput = FileHandle.nullDevice
      try process.run()
      defer { if process.isRunning { process.terminate() } }
      var log = ""
      let deadline = Date().addingTimeInterval(20)
      while !log.contains("(press Ctrl-C to stop)"), Date() < deadline, process.isRunning {
        log += String(decoding: stderr.fileHandleForReading.availableData, as: UTF8.self)
      }
      let address = try #require(
        log.split(separator: "\n").first { $0.hasPrefix("Serving ") }?.split(separator: " ").dropFirst()
          .first,
        "no 'Serving' line in: \(log)")
      let (body, response) = try await URLSession.shared.data(from: URL(string: String(address))!)
      #expect((response as? HTTPURLResponse)?.statusCode == 200)
      #expect(String(decoding: body, as: UTF8.self).contains("Test Shelf"))
      process.interrupt()
      process.waitUntilExit()
      #expect(process.terminationStatus == 0)
    }
    await fixture.server.stop()
  }

  /// Under `ulimit -n 64`, `fetch -j 64` used to exit 0 with most entries unwritten ("Too many
  /// open files"), or die in libdispatch: it now fetches fewer at a time, and says so.
  @Test func aLowDescriptorLimitLowersTheConcurrencyAndLosesNothing() async throws {
    let google = FakeGoogleBooks()
    let ids = (0..<150).map { String(format: "vol%05d", $0) }
    for id in ids { google.setVolume(id, json: FakeGoogleBooks.volumeJSON(id: id, title: "Book \(id)")) }
    let server = FakeGoogleBooksServer(google: google)
    try server.start()
    try await withTemporaryDirectory { root in
      try write(
        "site:\n  title: \"Many\"\ncollections:\n  - title: \"All\"\n    volumes: [\(ids.joined(separator: ", "))]\n",
        to: root + "/catalog.yml")
      for _ in 0..<3 {
        try? FileManager.default.removeItem(atPath: root + "/.bookgen-cache")
        let result = try await runBookgen(
          ["fetch", "-j", "64"], in: root, variables: ["BOOKGEN_API_URL": server.apiURL], descriptorLimit: 64)
        #expect(result.status == 0, "\(result.stderr)")
        let warnings = result.stderr.split(separator: "\n").filter { $0.hasPrefix("warning: ") }
        #expect(warnings.count == 1, "\(result.stderr)")
        #expect(
          warnings.first.map { $0.hasPrefix("warning: only ") && $0.hasSuffix(" at a time instead of 64") }
            == true, "\(result.stderr)")
        let entries = FileManager.default.subpaths(atPath: root + "/.bookgen-cache")?.filter {
          $0.hasSuffix(".entry")
        }
        #expect(entries?.count == 150)
      }
      let starved = try await runBookgen(
        ["fetch", "-q"], in: root, variables: ["BOOKGEN_API_URL": server.apiURL], descriptorLimit: 20)
      #expect(starved.status == 1)
      #expect(starved.stderr.contains("raise the limit, e.g. 'ulimit -n 1024'"), "\(starved.stderr)")
    }
    await server.stop()
  }

  @Test func noColourWithoutATerminal() async throws {
    let result = try await run(["biuld"])
    #expect(result.status == 64)
    #expect(!result.stderr.contains("\u{1B}["))
  }
}
