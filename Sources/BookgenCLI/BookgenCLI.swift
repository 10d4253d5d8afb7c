#if canImport(Glibc)
  import Glibc
#endif

/// The `bookgen` command line as a library: `main.swift` only forwards the process's arguments.
public enum BookgenCLI {
  public static let version = "0.1.0"

  /// The version and this executable's size and modification time: what the build
  /// fingerprint records, so that a rebuilt bookgen (same version, different code) neither
  /// takes an output as up to date nor reuses pages the previous one rendered.
  static let buildIdentity: String = {
    var info = stat()
    guard stat("/proc/self/exe", &info) == 0 else { return version }
    return "\(version) \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
  }()

  /// Runs `bookgen` with the real process environment and returns the exit status.
  public static func main(_ arguments: [String]) async -> Int32 {
    await run(arguments: arguments, environment: .current())
  }

  /// Runs `bookgen` with `arguments` (without the program name) against an injected environment.
  public static func run(arguments: [String], environment: Environment) async -> Int32 {
    var console = Console(environment: environment)
    let invocation: Invocation
    let options: CommandOptions
    do {
      invocation = try CommandLineParser.parse(arguments)
      guard case .run(let parsed) = invocation else { return show(invocation, on: console) }
      options = try CommandOptions(parsed)
    } catch {
      console.error(error.message)
      console.hint(error.hint)
      return ExitCode.usage
    }
    guard case .run(let parsed) = invocation else { return ExitCode.failure }
    console.verbosity = options.verbosity
    let context = CommandContext(environment: environment, console: console, options: options)
    do {
      try await context.run(parsed.name)
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
    case .version, .run: console.print("bookgen \(version)")
    }
    return ExitCode.success
  }
}
