import Foundation

/// A sink for text: the process's standard output or error, or a capture buffer in tests.
package struct TextOutput: Sendable {
  package let write: @Sendable (String) -> Void

  package init(_ write: @escaping @Sendable (String) -> Void) {
    self.write = write
  }

  package static let standardOutput = TextOutput { FileHandle.standardOutput.write(Data($0.utf8)) }
  package static let standardError = TextOutput { FileHandle.standardError.write(Data($0.utf8)) }
}

/// Everything `bookgen` reads from the world outside its arguments, injected so tests can run
/// commands in-process with captured output, fixed time and their own working directory.
package struct Environment: Sendable {
  /// Environment variables (`NO_COLOR`, the API key variable, `BOOKGEN_API_URL`, …).
  package var variables: [String: String]
  /// Absolute path against which relative `--catalog`, `--output` and `init DIR` resolve.
  package var workingDirectory: String
  package var standardOutput: TextOutput
  package var standardError: TextOutput
  package var standardErrorIsTerminal = false
  /// Monotonic seconds; only differences are used (the "in 0.4 s" of a summary).
  package var clock: @Sendable () -> Double
  /// The running bookgen's executable, whose digest `init --ci` pins.
  package var executable = "/proc/self/exe"

  /// The real process: its environment, current directory, standard streams and uptime clock.
  package static func current() -> Environment {
    Environment(
      variables: ProcessInfo.processInfo.environment,
      workingDirectory: FileManager.default.currentDirectoryPath,
      standardOutput: .standardOutput, standardError: .standardError,
      standardErrorIsTerminal: isatty(STDERR_FILENO) != 0,
      clock: { ProcessInfo.processInfo.systemUptime })
  }

  /// `path` made absolute against the working directory, with `~` expanded and `.`/`..` removed.
  func resolve(_ path: String) -> String {
    var expanded = path
    if expanded == "~" || expanded.hasPrefix("~/"), let home = variables["HOME"] {
      expanded = home + expanded.dropFirst()
    }
    let absolute =
      expanded.hasPrefix("/") ? expanded : (workingDirectory as NSString).appendingPathComponent(expanded)
    return (absolute as NSString).standardizingPath
  }

  /// `path` relative to the working directory when it is inside it (as the user would type
  /// it), else as it is.
  func shown(_ path: String) -> String {
    let folder = workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/"
    return path.hasPrefix(folder) ? String(path.dropFirst(folder.count)) : path
  }

  /// Colour is for people: only on a terminal, never with `NO_COLOR` set or on a dumb terminal.
  func wantsColor(terminal: Bool) -> Bool {
    guard terminal else { return false }
    if let noColor = variables["NO_COLOR"], !noColor.isEmpty { return false }
    return variables["TERM"] != "dumb"
  }
}
