import Foundation

/// What a program run by these tests printed.
struct ScriptResult: Equatable {
  var status: Int32
  var stdout: String
  var stderr: String
}

/// Runs `program` with `arguments`, PATH=/usr/bin:/bin and nothing else in its environment.
/// Standard input is a file holding `input`: a pipe would kill the tests with SIGPIPE when the
/// program exits before reading it.
func runProgram(_ program: String, _ arguments: [String], input: String = "") throws -> ScriptResult {
  let inputFile = FileManager.default.temporaryDirectory.appendingPathComponent(
    "bookgen-input-\(UUID().uuidString)")
  try Data(input.utf8).write(to: inputFile)
  defer { try? FileManager.default.removeItem(at: inputFile) }
  let process = Process()
  process.executableURL = URL(fileURLWithPath: program)
  process.arguments = arguments
  process.environment = ["PATH": "/usr/bin:/bin", "HOME": "/nonexistent", "GIT_CONFIG_NOSYSTEM": "1"]
  let stdout = Pipe()
  let stderr = Pipe()
  process.standardInput = try FileHandle(forReadingFrom: inputFile)
  process.standardOutput = stdout
  process.standardError = stderr
  try process.run()
  let out = stdout.fileHandleForReading.readDataToEndOfFile()
  let err = stderr.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return ScriptResult(
    status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
    stderr: String(decoding: err, as: UTF8.self))
}
