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
  /// The linker's build id when the executable has one (SwiftPM links every executable with
  /// one, and reading it costs three small reads), else the file's SHA-256 (`ReleasePin`'s).
  static let buildIdentity: String = {
    if let id = ExecutableBuildID.current() {
      return "\(version) " + id.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
    guard let digest = try? ReleasePin.digest(of: "/proc/self/exe") else { return version }
    return "\(version) \(digest)"
  }()

  /// Runs `bookgen` with the real process environment and returns the exit status.
  package static func main(_ arguments: [String]) async -> Int32 {
    // Fetches size their concurrency to what may be open; let that be all the system allows.
    FileDescriptors.raiseSoftLimit()
    return await run(arguments: arguments, environment: .current(), exitsWhenDone: true)
  }

  /// Runs `bookgen` with `arguments` (without the program name) against an injected environment;
  /// `exitsWhenDone`: the process exits once the command is done (`CommandContext.exitsWhenDone`).
  package static func run(arguments: [String], environment: Environment, exitsWhenDone: Bool = false) async
    -> Int32
  {
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
    var context = CommandContext(environment: environment, console: console)
    context.exitsWhenDone = exitsWhenDone
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
