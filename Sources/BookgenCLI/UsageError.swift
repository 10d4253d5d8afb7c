/// A command line `bookgen` cannot run: printed with a pointer to help, exit status 64.
enum UsageError: Error, Equatable {
  /// `hint` is `NearestName.hint`'s `" (did you mean 'x'?)"` or empty.
  case unknownCommand(String, hint: String)
  case unknownOption(String, command: CommandName?, hint: String)
  /// A flag given a value: `--offline=yes`.
  case valueNotAllowed(option: String, command: CommandName?)
  /// `option` is the display name, `--jobs <n>`.
  case missingValue(option: String, command: CommandName)
  case invalidValue(String, option: String, expected: String, command: CommandName)
  case unexpectedArgument(String, command: CommandName)
  case conflictingOptions(String, String, command: CommandName)
  /// A required argument left out: `argument` is `<action>`, `expected` what it may be.
  case missingArgument(String, expected: String, command: CommandName)
  /// `theme copy` given a name the default theme has no file or folder for.
  case unknownThemeFile(String, hint: String)

  /// The text after `error: `.
  var message: String {
    switch self {
    case .unknownCommand(let name, let hint):
      return "unknown command '\(name)'\(hint)"
    case .unknownOption(let option, _, let hint):
      return "unknown option '\(option)'\(hint)"
    case .valueNotAllowed(let option, _):
      return "option '\(option)' does not take a value"
    case .missingValue(let option, _):
      return "missing value for '\(option)'"
    case .invalidValue(let value, let option, let expected, _):
      return "invalid value '\(value)' for '\(option)': expected \(expected)"
    case .unexpectedArgument(let argument, _):
      return "unexpected argument '\(argument)'"
    case .conflictingOptions(let first, let second, _):
      return "'\(first)' and '\(second)' cannot be used together"
    case .missingArgument(let argument, let expected, _):
      return "missing \(argument): expected \(expected)"
    case .unknownThemeFile(let name, let hint):
      return "the default theme has no file '\(name)'\(hint); 'bookgen theme list' lists them"
    }
  }

  /// The subcommand whose help the hint points to; nil for the top level.
  var command: CommandName? {
    switch self {
    case .unknownCommand: return nil
    case .unknownOption(_, let command, _), .valueNotAllowed(_, let command): return command
    case .missingValue(_, let command),
      .invalidValue(_, _, _, let command), .unexpectedArgument(_, let command),
      .conflictingOptions(_, _, let command), .missingArgument(_, _, let command):
      return command
    case .unknownThemeFile: return .theme
    }
  }

  /// `See 'bookgen build --help'.`
  var hint: String {
    "See 'bookgen \(command.map { "\($0.rawValue) " } ?? "")--help'."
  }
}
