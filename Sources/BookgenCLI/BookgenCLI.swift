import Foundation
import GoogleBooks
import Support

/// The `bookgen` command line as a library: `main.swift` only forwards the process's arguments.
package enum BookgenCLI {
  package static let version = "0.1.0"

  /// The git commit this binary was built from (`unknown` when built outside a checkout).
  package static let commit = BuildInfo.commit

  /// What `bookgen --version` prints: `bookgen 0.1.0 (abc1234)`.
  static var versionLine: String { "bookgen \(version) (\(commit))" }

  /// The version and a hash of this executable's bytes: what the build fingerprint records,
  /// so that a rebuilt bookgen with other code (same version) neither takes an output as up to
  /// date nor reuses pages the previous one rendered, while the same code rebuilt (as CI does
  /// on every run) still can.
  /// The linker's build id when the executable has one (it does as SwiftPM links it), else a
  /// hash of the file.
  static let buildIdentity: String = {
    if let id = ExecutableBuildID.current() {
      return "\(version) " + id.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
    guard let digest = executableDigest(), digest.bytes > 0 else { return version }
    return "\(version) \(String(digest.hash, radix: 16))"
  }()

  /// XXH64 over the executable a megabyte at a time, each chunk's hash seeding the next: read
  /// whole, the statically linked executable would set an offline build's peak memory.
  private static func executableDigest() -> (hash: UInt64, bytes: Int)? {
    let descriptor = open("/proc/self/exe", O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    let capacity = 1 << 20
    let chunk = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    defer { chunk.deallocate() }
    var hash: UInt64 = 0
    var total = 0
    var ended = false
    while !ended {
      // A full chunk unless the file ends, so the digest does not depend on how reads split.
      var filled = 0
      while filled < capacity {
        let got = read(descriptor, chunk + filled, capacity - filled)
        if got < 0, errno == EINTR { continue }
        guard got >= 0 else { return nil }
        if got == 0 {
          ended = true
          break
        }
        filled += got
      }
      guard filled > 0 else { break }
      hash = XXH64.hash(UnsafeBufferPointer(start: chunk, count: filled), seed: hash)
      total += filled
    }
    return (hash, total)
  }

  /// Runs `bookgen` with the real process environment and returns the exit status.
  package static func main(_ arguments: [String]) async -> Int32 {
    // Fetches size their concurrency to what may be open; let that be all the system allows.
    FileDescriptors.raiseSoftLimit()
    return await run(arguments: arguments, environment: .current())
  }

  /// Runs `bookgen` with `arguments` (without the program name) against an injected environment.
  package static func run(arguments: [String], environment: Environment) async -> Int32 {
    var console = Console(environment: environment)
    let command: Command
    do {
      let invocation = try CommandLineParser.parse(arguments)
      guard case .run(let parsed) = invocation else { return show(invocation, on: console) }
      command = try Command(parsed)
    } catch {
      console.error(error.message)
      console.hint(error.hint)
      return ExitCode.usage
    }
    console.verbosity = command.verbosity
    let context = CommandContext(environment: environment, console: console)
    do {
      try await context.run(command)
      return ExitCode.success
    } catch {
      context.report(error)
      return ExitCode.failure
    }
  }

  private static func show(_ invocation: Invocation, on console: Console) -> Int32 {
    switch invocation {
    case .rootHelp: console.print(HelpFormatter.root())
    case .help(let name): console.print(HelpFormatter.help(for: .named(name)))
    case .manual(.man): console.print(ManPage.text())
    case .manual(.markdown): console.print(CLIReference.markdown())
    case .completion(let shell): console.print(ShellCompletion.script(for: shell))
    case .version, .run: console.print(versionLine)
    }
    return ExitCode.success
  }
}
