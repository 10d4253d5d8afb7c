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

  init(path: String = OptionSpec.catalog.defaultValue ?? "") {
    self.path = path
  }

  init(_ parsed: ParsedCommand) {
    path = parsed.value(.catalog)
  }
}

/// `--quiet` and `--verbose` (commands that print little take `--quiet` alone: `quietOnly`).
struct VerbosityOptions: CommandOptionGroup {
  static let specs: [OptionSpec] = [.quiet, .verbose]
  static let quietOnly: [OptionSpec] = [.quiet]

  var level: Verbosity

  init(level: Verbosity = .normal) {
    self.level = level
  }

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

  init(refresh: Bool, jobs: Int, maxRequests: Int?) {
    self.refresh = refresh
    self.jobs = jobs
    self.maxRequests = maxRequests
  }

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

  /// The option's value as one of `T`'s cases (its default when not given); a usage error,
  /// with the nearest name, for any other word.
  func choice<T: RawRepresentable & CaseIterable>(_ option: OptionSpec, as _: T.Type = T.self)
    throws(UsageError)
    -> T where T.RawValue == String
  {
    let word = value(option)
    if let choice = T(rawValue: word) { return choice }
    let names = T.allCases.map(\.rawValue)
    throw .invalidValue(
      word, option: option.displayName,
      expected: names.map { "'\($0)'" }.joined(separator: " or ") + NearestName.hint(for: word, among: names),
      command: name)
  }

  /// Two flags a command cannot take together.
  func refuse(_ first: OptionSpec, with second: OptionSpec) throws(UsageError) {
    if flag(first), flag(second) {
      throw .conflictingOptions(first.longName, second.longName, command: name)
    }
  }
}
