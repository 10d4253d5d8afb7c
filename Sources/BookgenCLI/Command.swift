/// A subcommand with its checked options: each command owns its options (`BuildCommandOptions`,
/// …), shared ones come in groups (`CatalogOption`, `NetworkOptions`, `VerbosityOptions`).
enum Command: Sendable, Equatable {
  case build(BuildCommandOptions)
  case fetch(FetchCommandOptions)
  case check(CheckCommandOptions)
  case serve(ServeCommandOptions)
  case initialize(InitCommandOptions)
  case importExport(ImportCommandOptions)
  case theme(ThemeCommandOptions)
  case clean(CleanCommandOptions)

  init(_ parsed: ParsedCommand) throws(UsageError) {
    switch parsed.name {
    case .build: self = .build(try BuildCommandOptions(parsed))
    case .fetch: self = .fetch(try FetchCommandOptions(parsed))
    case .check: self = .check(try CheckCommandOptions(parsed))
    case .serve: self = .serve(try ServeCommandOptions(parsed))
    case .`init`: self = .initialize(try InitCommandOptions(parsed))
    case .`import`: self = .importExport(try ImportCommandOptions(parsed))
    case .theme: self = .theme(try ThemeCommandOptions(parsed))
    case .clean: self = .clean(try CleanCommandOptions(parsed))
    // The parser answers these itself (`Invocation.help`, `.version`): they never run.
    case .completion, .help, .version: throw .unknownCommand(parsed.name.rawValue, hint: "")
    }
  }

  var verbosity: Verbosity {
    switch self {
    case .build(let options): options.verbosity.level
    case .fetch(let options): options.verbosity.level
    case .check(let options): options.verbosity.level
    case .serve(let options): options.verbosity.level
    case .initialize(let options): options.verbosity.level
    case .importExport(let options): options.verbosity.level
    case .theme(let options): options.verbosity.level
    case .clean(let options): options.verbosity.level
    }
  }
}
