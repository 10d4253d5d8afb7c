import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Runs a command with posix_spawn and measures it: wall time, and the child's own peak RSS
/// from `wait4` (so the harness's memory never counts).
struct ChildProcess {
  struct Outcome {
    var status: Int32
    var seconds: Double
    /// `ru_maxrss` of the child, in bytes.
    var peakRSS: Int
    var stderr: String
  }

  var arguments: [String]

  func run() throws(BenchError) -> Outcome {
    let command = arguments.joined(separator: " ")
    let stderrPath = NSTemporaryDirectory() + "bookgen-bench-stderr-\(getpid()).txt"
    defer { unlink(stderrPath) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let started = Self.now()
    let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, &argv, environ)
    guard spawned == 0 else { throw .spawnFailed(command: command, errno: spawned) }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    let seconds = Self.now() - started
    let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    let stderr = (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
    return Outcome(status: exitStatus, seconds: seconds, peakRSS: Int(usage.ru_maxrss) * 1024, stderr: stderr)
  }

  static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}

/// The `timing: <stage> <seconds>` lines `bookgen build --timings` prints to stderr, in order.
enum TimingLines {
  static func parse(_ text: String) -> [(stage: String, seconds: Double)] {
    text.split(whereSeparator: \.isNewline).compactMap { line in
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      guard fields.count == 3, fields[0] == "timing:", let seconds = Double(fields[2]) else { return nil }
      return (String(fields[1]), seconds)
    }
  }
}
