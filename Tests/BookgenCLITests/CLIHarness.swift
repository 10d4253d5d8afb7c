import Foundation
import Preview
import Testing

@testable import BookgenCLI
@testable import Site

/// What one run of `bookgen` produced.
struct CLIResult: Sendable, Equatable {
  var status: Int32
  var stdout: String
  var stderr: String
}

/// Runs `bookgen` in-process, in `directory` (by default one that does not exist, so a test that
/// forgets to make its own cannot touch real files), with captured streams and a clock that
/// advances 0.25 s per reading. Open Library is a local one that knows no book unless the test
/// names its own: no test reaches the real one.
/// `executable` stands for bookgen's own file (what `init --ci` pins); `exitsWhenDone`: run as
/// `main` runs it, in a process that exits afterwards.
func runCLI(
  _ arguments: [String], in directory: String = "/nonexistent/bookgen-cli-tests",
  variables: [String: String] = [:], terminal: Bool = false, executable: String = "/proc/self/exe",
  exitsWhenDone: Bool = false
) async -> CLIResult {
  let variables = ["BOOKGEN_OPENLIBRARY_URL": BuildFixture.emptyLibrary.apiURL].merging(variables) { $1 }
  let stdout = CapturedText()
  let stderr = CapturedText()
  let ticks = CapturedText()
  let environment = Environment(
    variables: variables, workingDirectory: directory, standardOutput: stdout.output,
    standardError: stderr.output, standardErrorIsTerminal: terminal,
    clock: {
      ticks.output.write(".")
      return Double(ticks.text.count) * 0.25
    }, executable: executable)
  let status = await BookgenCLI.run(
    arguments: arguments, environment: environment, exitsWhenDone: exitsWhenDone)
  return CLIResult(status: status, stdout: stdout.text, stderr: stderr.text)
}

/// The `bookgen` binary `swift build` made, for tests that run it as a process.
let bookgenBinary = Fixtures.packageRoot.appendingPathComponent(".build/debug/bookgen")

/// Runs the built `bookgen` binary as a process, to check what the process itself does: real
/// exit statuses, which stream each text goes to, its own environment and resource limits.
/// With `descriptorLimit`, it runs under `ulimit -n` (soft and hard) of that many files.
///
/// Nothing here blocks a task: the pipes drain on threads of their own and the exit arrives by
/// callback, so an in-process fake server keeps answering the child meanwhile.
func runBookgen(
  _ arguments: [String], in directory: String? = nil, variables: [String: String] = [:],
  descriptorLimit: Int? = nil
) async throws -> CLIResult {
  try #require(
    FileManager.default.isExecutableFile(atPath: bookgenBinary.path),
    "build it first: swift build --product bookgen")
  if let descriptorLimit {
    return try await runProcess(
      "/bin/sh",
      ["-c", "ulimit -n \(descriptorLimit) && exec \"$0\" \"$@\"", bookgenBinary.path] + arguments,
      in: directory, variables: variables)
  }
  return try await runProcess(bookgenBinary.path, arguments, in: directory, variables: variables)
}

/// Runs `program` as `runBookgen` runs bookgen: PATH=/usr/bin:/bin, no HOME, the empty Open
/// Library, `variables` on top; in `directory` (default: the temp folder).
func runProcess(
  _ program: String, _ arguments: [String], in directory: String? = nil, variables: [String: String] = [:]
) async throws -> CLIResult {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: program)
  process.arguments = arguments
  process.environment = [
    "PATH": "/usr/bin:/bin", "HOME": "/nonexistent",
    "BOOKGEN_OPENLIBRARY_URL": BuildFixture.emptyLibrary.apiURL,
  ].merging(variables) { $1 }
  process.currentDirectoryURL =
    directory.map { URL(fileURLWithPath: $0) } ?? FileManager.default.temporaryDirectory
  let stdout = Pipe()
  let stderr = Pipe()
  process.standardOutput = stdout
  process.standardError = stderr
  let exit = ExitStatus()
  process.terminationHandler = { exit.set($0.terminationStatus) }
  try process.run()
  async let out = readToEnd(stdout.fileHandleForReading)
  async let err = readToEnd(stderr.fileHandleForReading)
  let status = await exit.value()
  return CLIResult(
    status: status, stdout: String(decoding: await out, as: UTF8.self),
    stderr: String(decoding: await err, as: UTF8.self))
}

private func readToEnd(_ handle: FileHandle) async -> Data {
  await withCheckedContinuation { continuation in
    Thread.detachNewThread { continuation.resume(returning: handle.readDataToEndOfFile()) }
  }
}

/// A child's exit status, handed from `Process.terminationHandler` to an awaiting task.
private final class ExitStatus: @unchecked Sendable {
  private let lock = NSLock()
  private var status: Int32?
  private var waiter: CheckedContinuation<Int32, Never>?

  func set(_ value: Int32) {
    let waiter = lock.withLock {
      status = value
      defer { self.waiter = nil }
      return self.waiter
    }
    waiter?.resume(returning: value)
  }

  func value() async -> Int32 {
    await withCheckedContinuation { continuation in
      let known: Int32? = lock.withLock {
        if status == nil { waiter = continuation }
        return status
      }
      if let known { continuation.resume(returning: known) }
    }
  }
}

/// A fresh empty folder, removed when `body` returns.
func withTemporaryDirectory<T>(_ body: (String) async throws -> T) async throws -> T {
  let path = FileManager.default.temporaryDirectory
    .appendingPathComponent("bookgen-cli-\(UUID().uuidString)").path
  try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: path) }
  return try await body(path)
}

/// Checks that every folder the build wrote at the root of `output`, other than a collection's,
/// is one a collection slug may not take: a collection must never share a folder with the site's
/// own pages or files.
func expectRootFoldersReserved(
  in output: String, collections: Set<String>, sourceLocation: SourceLocation = #_sourceLocation
) throws {
  var folders: [String] = []
  for name in try FileManager.default.contentsOfDirectory(atPath: output) {
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: output + "/" + name, isDirectory: &isFolder), isFolder.boolValue
    {
      folders.append(name)
    }
  }
  let unreserved = folders.filter { !collections.contains($0) && !SiteModel.reservedRootNames.contains($0) }
  #expect(
    unreserved.isEmpty, "folders a collection slug could take: \(unreserved.sorted())",
    sourceLocation: sourceLocation)
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

/// Every regular file below `folder`, relative to it, sorted.
func regularFiles(under folder: String) -> [String] {
  let enumerator = FileManager.default.enumerator(atPath: folder)
  var found: [String] = []
  while let path = enumerator?.nextObject() as? String {
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder),
      !isFolder.boolValue
    {
      found.append(path)
    }
  }
  return found.sorted()
}

/// Every regular file below `folder` with its bytes.
func fileContents(under folder: String) -> [String: Data] {
  var found: [String: Data] = [:]
  for path in regularFiles(under: folder) {
    found[path] = FileManager.default.contents(atPath: folder + "/" + path)
  }
  return found
}

func write(_ text: String, to path: String) throws {
  try FileManager.default.createDirectory(
    atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
  try Data(text.utf8).write(to: URL(fileURLWithPath: path))
}

/// `bookgen serve <arguments>` parsed in `environment`, to run its preview builds (or the whole
/// command) in-process.
struct ServeCommand {
  let context: CommandContext
  let options: ServeCommandOptions

  init(_ arguments: [String] = [], environment: Environment) throws {
    guard case .run(let parsed) = try CommandLineParser.parse(["serve"] + arguments) else {
      throw UsageError.unknownCommand("serve", hint: "")
    }
    options = try ServeCommandOptions(parsed)
    context = CommandContext(environment: environment, console: Console(environment: environment))
  }

  func previewBuild(into output: String, baseURL: String) async -> PreviewBuildResult {
    await context.previewBuild(options, into: output, baseURL: baseURL)
  }

  func run() async throws { try await context.serve(options) }
}

extension SiteSession {
  /// Waits for the files the last rebuild left to follow its pages (`renderChanged`).
  func settle() async {
    if let finishing { _ = await finishing.value }
  }
}
