import Foundation
import Glibc

/// Runs a command with posix_spawn and measures it: wall time and the child's peak RSS.
///
/// `ru_maxrss` from `wait4` alone is wrong here: glibc's posix_spawn shares the parent's memory
/// until exec (CLONE_VM), and Linux records that shared mm's high-water mark as the child's, so
/// a child smaller than the harness reports the harness's size. The child's own `VmHWM` (a
/// high-water mark of its post-exec memory) is therefore sampled from /proc every 2 ms while
/// waiting; `ru_maxrss` is used only when it exceeds the harness's own peak (then it is the
/// child's).
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
    var sampledPeak = 0
    while true {
      sampledPeak = max(sampledPeak, Self.highWaterMark(of: pid))
      let reaped = wait4(pid, &status, WNOHANG, &usage)
      if reaped == pid || (reaped < 0 && errno != EINTR) { break }
      usleep(2_000)
    }
    let seconds = Self.now() - started
    var own = rusage()
    getrusage(RUSAGE_SELF.rawValue, &own)
    let reported = Int(usage.ru_maxrss) * 1024
    let peak = reported > Int(own.ru_maxrss) * 1024 ? reported : sampledPeak
    let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    let stderr = (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
    return Outcome(status: exitStatus, seconds: seconds, peakRSS: peak, stderr: stderr)
  }

  /// `VmHWM` of a running process, in bytes (0 when it cannot be read).
  static func highWaterMark(of pid: pid_t) -> Int {
    let descriptor = open("/proc/\(pid)/status", O_RDONLY)
    guard descriptor >= 0 else { return 0 }
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = read(descriptor, &buffer, buffer.count)
    guard count > 0 else { return 0 }
    let key = Array("VmHWM:".utf8)
    guard
      let start = (0..<(count - key.count)).first(where: { buffer[$0..<($0 + key.count)].elementsEqual(key) })
    else {
      return 0
    }
    var kilobytes = 0
    for byte in buffer[(start + key.count)..<count] {
      if byte == 0x0A { break }
      if byte >= 48 && byte <= 57 { kilobytes = kilobytes * 10 + Int(byte - 48) }
    }
    return kilobytes * 1024
  }

  static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
