/// Why the benchmark could not run.
enum BenchError: Error, CustomStringConvertible {
  case usage(String)
  case spawnFailed(command: String, errno: Int32)
  case buildFailed(command: String, status: Int32, stderr: String)
  case verificationFailed([String])

  var description: String {
    switch self {
    case .usage(let message): "\(message)\nSee 'bookgen-bench --help'."
    case .spawnFailed(let command, let code): "cannot start '\(command)': error \(code)"
    case .buildFailed(let command, let status, let stderr):
      "'\(command)' failed with exit status \(status):\n\(stderr)"
    case .verificationFailed(let problems):
      "the generated dataset is wrong:\n" + problems.map { "  - \($0)" }.joined(separator: "\n")
    }
  }
}

extension BenchError {
  /// 64 for usage errors (as bookgen does), 1 otherwise.
  var exitCode: Int32 {
    if case .usage = self { return 64 }
    return 1
  }
}
