import Catalog
import Diagnostics

/// Options parsed together from a subcommand's command line, as swift-argument-parser's
/// `ParsableArguments`: a command's own options, or a group several commands share (its
/// `@OptionGroup`). `specs` are the options it reads, in the order help lists them.
protocol CommandOptionGroup: Sendable, Equatable {
  static var specs: [OptionSpec] { get }
  init(_ parsed: ParsedCommand) throws(UsageError)
}

/// `--catalog <path>`: every command that reads a catalog.
struct CatalogOption: CommandOptionGroup {
  static let specs: [OptionSpec] = [.catalog]

  var path: String

  init(_ parsed: ParsedCommand) {
    path = parsed.value(.catalog)
  }
}

/// `--quiet` and `--verbose` (commands that print little take `--quiet` alone: `quietOnly`).
struct VerbosityOptions: CommandOptionGroup {
  static let specs: [OptionSpec] = [.quiet, .verbose]
  static let quietOnly: [OptionSpec] = [.quiet]

  var level: Verbosity

  init(_ parsed: ParsedCommand) throws(UsageError) {
    let (quiet, verbose) = (parsed.flag(.quiet), parsed.flag(.verbose))
    if quiet, verbose {
      throw .conflictingOptions(OptionSpec.quiet.longName, OptionSpec.verbose.longName, command: parsed.name)
    }
    level = quiet ? .quiet : verbose ? .verbose : .normal
  }
}

/// `--refresh`, `--jobs` and `--max-requests`: how `build` and `fetch` use the network.
struct NetworkOptions: CommandOptionGroup {
  static let specs: [OptionSpec] = [.refresh, .jobs, .maxRequests]

  var refresh: Bool
  var jobs: Int
  var maxRequests: Int?
}

extension NetworkOptions {
  init(_ parsed: ParsedCommand) throws(UsageError) {
    refresh = parsed.flag(.refresh)
    jobs = try parsed.jobs()
    maxRequests = parsed.isGiven(.maxRequests) ? try parsed.number(.maxRequests, in: 0...Int.max) : nil
  }
}

extension ParsedCommand {
  /// The value given for `option`, else its default (`""` for none).
  func value(_ option: OptionSpec) -> String { values[option.long] ?? option.defaultValue ?? "" }

  func isGiven(_ option: OptionSpec) -> Bool { values[option.long] != nil }

  func flag(_ option: OptionSpec) -> Bool { flags.contains(option.long) }

  /// The value as a whole number in `range`, or a usage error naming the range.
  func number(_ option: OptionSpec, in range: ClosedRange<Int>) throws(UsageError) -> Int {
    let text = value(option)
    guard let number = Int(text), range.contains(number) else {
      let bound =
        range.upperBound == .max
        ? "of at least \(range.lowerBound)" : "from \(range.lowerBound) to \(range.upperBound)"
      throw .invalidValue(
        text, option: option.displayName, expected: "a whole number \(bound)", command: name)
    }
    return number
  }

  /// `--jobs`: 1 to 64 requests in flight.
  func jobs() throws(UsageError) -> Int { try number(.jobs, in: 1...64) }

  /// A site address given for `option` (`BaseURL`'s rule, the one `site.base_url` follows),
  /// ending in `/`; nil when not given.
  func webURL(_ option: OptionSpec) throws(UsageError) -> String? {
    guard let url = values[option.long] else { return nil }
    guard BaseURL(url) != nil else {
      throw .invalidValue(url, option: option.displayName, expected: "an http or https URL", command: name)
    }
    return url.hasSuffix("/") ? url : url + "/"
  }

  /// The option's value as one of `T`'s cases (its default when not given).
  func choice<T: RawRepresentable & CaseIterable>(_ option: OptionSpec, as _: T.Type = T.self)
    throws(UsageError) -> T where T.RawValue == String
  {
    try choice(value(option), for: option.displayName)
  }

  /// Argument `index` as one of `T`'s cases (`completion`'s `<shell>`); a usage error when it
  /// is missing, as for any other word.
  func argument<T: RawRepresentable & CaseIterable>(_ index: Int, _ name: String, separator: String)
    throws(UsageError) -> T where T.RawValue == String
  {
    guard arguments.indices.contains(index) else {
      let names = T.allCases.map { "'\($0.rawValue)'" }
      throw .missingArgument(name, expected: names.joined(separator: separator), command: self.name)
    }
    return try choice(arguments[index], for: name, separator: separator)
  }

  /// `word` as one of `T`'s cases; else a usage error for `name` (`--shelves <…>`, `<shell>`)
  /// that lists them, with the nearest.
  func choice<T: RawRepresentable & CaseIterable>(
    _ word: String, for name: String, separator: String = " or "
  )
    throws(UsageError) -> T where T.RawValue == String
  {
    if let choice = T(rawValue: word) { return choice }
    let names = T.allCases.map(\.rawValue)
    let expected =
      names.map { "'\($0)'" }.joined(separator: separator) + NearestName.hint(for: word, among: names)
    throw .invalidValue(word, option: name, expected: expected, command: self.name)
  }

  /// Two flags a command cannot take together.
  func refuse(_ first: OptionSpec, with second: OptionSpec) throws(UsageError) {
    if flag(first), flag(second) {
      throw .conflictingOptions(first.longName, second.longName, command: name)
    }
  }
}
