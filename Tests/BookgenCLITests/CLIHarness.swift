import Foundation
import Testing

@testable import BookgenCLI

/// What one run of `bookgen` produced.
struct CLIResult: Sendable, Equatable {
  var status: Int32
  var stdout: String
  var stderr: String
}

/// Runs `bookgen` in-process, in `directory` (by default one that does not exist, so a test that
/// forgets to make its own cannot touch real files), with captured streams and a clock that
/// advances 0.25 s per reading.
func runCLI(
  _ arguments: [String], in directory: String = "/nonexistent/bookgen-cli-tests",
  variables: [String: String] = [:], terminal: Bool = false
) async -> CLIResult {
  let stdout = CapturedText()
  let stderr = CapturedText()
  let ticks = CapturedText()
  let environment = Environment(
    variables: variables, workingDirectory: directory, standardOutput: stdout.output,
    standardError: stderr.output, standardOutputIsTerminal: terminal, standardErrorIsTerminal: terminal,
    clock: {
      ticks.output.write(".")
      return Double(ticks.text.count) * 0.25
    })
  let status = await BookgenCLI.run(arguments: arguments, environment: environment)
  return CLIResult(status: status, stdout: stdout.text, stderr: stderr.text)
}

/// A fresh empty folder, removed when `body` returns.
func withTemporaryDirectory<T>(_ body: (String) async throws -> T) async throws -> T {
  let path = FileManager.default.temporaryDirectory
    .appendingPathComponent("bookgen-cli-\(UUID().uuidString)").path
  try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: path) }
  return try await body(path)
}

/// Files this test target keeps next to its sources.
enum Fixtures {
  static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  static let golden = testsFolder.appendingPathComponent("Golden")
  static let catalogs = testsFolder.appendingPathComponent("Catalogs")
  /// The package root, for the built `bookgen` binary.
  static let packageRoot = testsFolder.deletingLastPathComponent().deletingLastPathComponent()
}

/// Compares `text` with `Golden/<name>`; a missing golden file is written and the test fails,
/// so every recording gets reviewed.
func expectGolden(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
  let url = Fixtures.golden.appendingPathComponent(name)
  guard let golden = try? String(contentsOf: url, encoding: .utf8) else {
    try? FileManager.default.createDirectory(at: Fixtures.golden, withIntermediateDirectories: true)
    try? Data(text.utf8).write(to: url)
    Issue.record(
      "recorded missing golden file \(name); review it and run again", sourceLocation: sourceLocation)
    return
  }
  #expect(text == golden, "differs from Golden/\(name)", sourceLocation: sourceLocation)
}

func write(_ text: String, to path: String) throws {
  try FileManager.default.createDirectory(
    atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
  try Data(text.utf8).write(to: URL(fileURLWithPath: path))
}
