import Diagnostics

/// What the command line asks for.
enum Invocation: Sendable, Equatable {
  case rootHelp
  case version
  case help(CommandName)
  /// `help --man`, `help --markdown`: the whole manual.
  case manual(ManualFormat)
  case completion(Shell)
  case run(ParsedCommand)
}

/// A subcommand with its options as given, before their values are checked.
struct ParsedCommand: Sendable, Equatable {
  let name: CommandName
  /// The last value given for each option, keyed by long name.
  var values: [String: String] = [:]
  /// Long names of the flags given.
  var flags: Set<String> = []
  var arguments: [String] = []
}

/// The hand-written parser: `--opt value`, `--opt=value`, `-o value`, `-o=value` and `--`.
enum CommandLineParser {
  static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
    var index = 0
    while index < arguments.count, isOption(arguments[index]) {
      let argument = arguments[index]
      if argument == "--" {
        index += 1
        break
      }
      switch argument {
      case "-h", "--help": return .rootHelp
      case "--version": return .version
      default:
        let name = optionName(argument)
        if name == "--help" || name == "--version" { throw .valueNotAllowed(option: name, command: nil) }
        throw .unknownOption(
          name, command: nil, hint: NearestName.hint(for: name, among: ["--help", "--version"]))
      }
    }
    guard index < arguments.count else { return .rootHelp }
    let word = arguments[index]
    guard let name = CommandName(rawValue: word) else {
      throw .unknownCommand(
        word, hint: NearestName.hint(for: word, among: CommandName.allCases.map(\.rawValue)))
    }
    let parsed = try parse(Array(arguments[(index + 1)...]), for: .named(name))
    switch name {
    case .version:
      return .version
    case .help:
      if let format = try manualFormat(parsed) { return .manual(format) }
      guard let word = parsed.arguments.first else { return .rootHelp }
      guard let subcommand = CommandName(rawValue: word) else {
        throw .unknownCommand(
          word, hint: NearestName.hint(for: word, among: CommandName.allCases.map(\.rawValue)))
      }
      return .help(subcommand)
    case .completion where !parsed.flags.contains("help"):
      return .completion(try parsed.argument(0, "<shell>", separator: ", "))
    default:
      return parsed.flags.contains("help") ? .help(name) : .run(parsed)
    }
  }

  /// `--man` or `--markdown`, which print the whole manual and so take no subcommand.
  private static func manualFormat(_ parsed: ParsedCommand) throws(UsageError) -> ManualFormat? {
    try parsed.refuse(.manual, with: .markdown)
    let format: ManualFormat? =
      parsed.flag(.manual) ? .man : parsed.flag(.markdown) ? .markdown : nil
    if format != nil, let extra = parsed.arguments.first {
      throw .unexpectedArgument(extra, command: .help)
    }
    return format
  }

  /// Parses what follows the subcommand. `--help` anywhere before `--` wins over other mistakes.
  static func parse(_ arguments: [String], for spec: CommandSpec) throws(UsageError) -> ParsedCommand {
    var parsed = ParsedCommand(name: spec.name)
    let options = arguments.prefix { $0 != "--" }
    if options.contains("--help") || options.contains("-h") {
      parsed.flags.insert("help")
      return parsed
    }
    var index = 0
    var onlyArguments = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if onlyArguments || !isOption(argument) {
        parsed.arguments.append(argument)
        continue
      }
      if argument == "--" {
        onlyArguments = true
        continue
      }
      let (option, inlineValue) = try match(argument, in: spec)
      if option.isFlag {
        if inlineValue != nil { throw .valueNotAllowed(option: option.longName, command: spec.name) }
        parsed.flags.insert(option.long)
      } else if let inlineValue {
        parsed.values[option.long] = inlineValue
      } else if index < arguments.count, !isOption(arguments[index]) {
        parsed.values[option.long] = arguments[index]
        index += 1
      } else {
        throw .missingValue(option: option.displayName, command: spec.name)
      }
    }
    if parsed.arguments.count > spec.arguments.count, spec.arguments.last?.isVariadic != true {
      throw .unexpectedArgument(parsed.arguments[spec.arguments.count], command: spec.name)
    }
    return parsed
  }

  /// The option `argument` names, and the value attached to it (`--jobs=8`, `-j=8`), if any.
  private static func match(
    _ argument: String, in spec: CommandSpec
  ) throws(UsageError) -> (OptionSpec, String?) {
    if argument.hasPrefix("--") {
      let name = optionName(argument)
      guard let option = spec.option(named: String(name.dropFirst(2))) else {
        let hint = NearestName.hint(for: name, among: spec.allOptions.map(\.longName))
        throw .unknownOption(name, command: spec.name, hint: hint)
      }
      let value = argument.firstIndex(of: "=").map { String(argument[argument.index(after: $0)...]) }
      return (option, value)
    }
    // `-j 8` and `-j=8` only: attached values (`-j8`) would read `-offline` as `-o ffline`.
    let letter = argument.dropFirst().first!
    let rest = argument.dropFirst(2)
    guard let option = spec.option(short: letter), rest.isEmpty || (rest.hasPrefix("=") && !option.isFlag)
    else {
      // `-offline` is more likely a missing dash than a bundle of short flags.
      let hint = NearestName.hint(for: "-" + argument, among: spec.allOptions.map(\.longName))
      throw .unknownOption(argument, command: spec.name, hint: hint)
    }
    return (option, rest.isEmpty ? nil : String(rest.dropFirst()))
  }

  /// `-x…` or `--x…`; a lone `-` and negative numbers (`-1`) are values.
  private static func isOption(_ argument: String) -> Bool {
    guard argument.hasPrefix("-"), argument.count > 1 else { return false }
    return !(argument.dropFirst().first?.isNumber ?? false)
  }

  /// `--jobs` for `--jobs=8`.
  private static func optionName(_ argument: String) -> String {
    String(argument.prefix { $0 != "=" })
  }
}
