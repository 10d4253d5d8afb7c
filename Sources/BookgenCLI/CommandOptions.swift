import Diagnostics
import Site

/// The checked, typed values of a subcommand's options; defaults come from the option specs.
struct CommandOptions: Sendable, Equatable {
  var catalogPath: String
  var outputPath: String
  var offline: Bool
  var refresh: Bool
  var jobs: Int
  var maxRequests: Int?
  var baseURL: String?
  var force: Bool
  var verbosity: Verbosity
  var checkSite: Bool
  /// `--timings`: print each stage's duration.
  var timings: Bool
  var host: String
  var port: Int
  /// `--port` was given: a taken port is an error instead of a reason to try the next one.
  var portIsExplicit: Bool
  var open: Bool
  var fetch: Bool
  var removeCache: Bool
  /// `clean --outside-project`: folders outside the catalog's folder may be removed too.
  var outsideProject: Bool
  var copyTemplates: Bool
  /// `init --example`: the example site instead of the starter catalog.
  var example: Bool
  /// `init`'s `<dir>`.
  var directory: String
  /// `theme`'s `<action>`, and for `copy` the theme paths its `<file>...` name (nil: all).
  var themeAction: ThemeAction?
  var themeFiles: [String]?

  enum ThemeAction: String, Sendable, CaseIterable {
    case list
    case copy
  }

  init(_ parsed: ParsedCommand) throws(UsageError) {
    let command = parsed.name
    func value(_ option: OptionSpec) -> String { parsed.values[option.long] ?? option.defaultValue ?? "" }
    func number(_ option: OptionSpec, in range: ClosedRange<Int>) throws(UsageError) -> Int {
      let text = value(option)
      guard let number = Int(text), range.contains(number) else {
        let bound =
          range.upperBound == .max
          ? "of at least \(range.lowerBound)" : "from \(range.lowerBound) to \(range.upperBound)"
        throw .invalidValue(
          text, option: option.displayName, expected: "a whole number \(bound)", command: command)
      }
      return number
    }
    func flag(_ option: OptionSpec) -> Bool { parsed.flags.contains(option.long) }

    catalogPath = value(.catalog)
    outputPath = value(.output)
    offline = flag(.offline)
    refresh = flag(.refresh)
    jobs = try number(.jobs, in: 1...64)
    maxRequests =
      parsed.values[OptionSpec.maxRequests.long] == nil ? nil : try number(.maxRequests, in: 0...Int.max)
    baseURL = try parsed.values[OptionSpec.baseURL.long].map { (url) throws(UsageError) in
      guard Self.isWebURL(url) else {
        throw .invalidValue(
          url, option: OptionSpec.baseURL.displayName, expected: "an http or https URL", command: command)
      }
      return url.hasSuffix("/") ? url : url + "/"
    }
    force = flag(.forceOutput)
    checkSite = flag(.site)
    timings = flag(.timings)
    host = value(.host)
    port = try number(.port, in: 0...65_535)
    portIsExplicit = parsed.values[OptionSpec.port.long] != nil
    open = flag(.open)
    fetch = flag(.fetch)
    removeCache = flag(.cache)
    outsideProject = flag(.outsideProject)
    copyTemplates = flag(.templates)
    example = flag(.example)
    directory = parsed.arguments.first ?? "."
    if command == .theme { (themeAction, themeFiles) = try Self.themeArguments(parsed.arguments) }

    if flag(.quiet), flag(.verbose) {
      throw .conflictingOptions(OptionSpec.quiet.longName, OptionSpec.verbose.longName, command: command)
    }
    verbosity = flag(.quiet) ? .quiet : flag(.verbose) ? .verbose : .normal
    if offline, refresh {
      throw .conflictingOptions(OptionSpec.offline.longName, OptionSpec.refresh.longName, command: command)
    }
    if offline, fetch {
      throw .conflictingOptions(OptionSpec.offline.longName, OptionSpec.fetch.longName, command: command)
    }
  }

  /// `list`, or `copy` and the theme files its arguments name, each once, in theme order.
  private static func themeArguments(_ arguments: [String]) throws(UsageError) -> (ThemeAction, [String]?) {
    let actions = ThemeAction.allCases.map(\.rawValue)
    let expected = actions.map { "'\($0)'" }.joined(separator: " or ")
    guard let word = arguments.first else {
      throw .missingArgument("<action>", expected: expected, command: .theme)
    }
    guard let action = ThemeAction(rawValue: word) else {
      let hint = NearestName.hint(for: word, among: actions)
      throw .invalidValue(word, option: "<action>", expected: expected + hint, command: .theme)
    }
    let names = arguments.dropFirst()
    if action == .list, let extra = names.first { throw .unexpectedArgument(extra, command: .theme) }
    guard !names.isEmpty else { return (action, nil) }
    var chosen: Set<String> = []
    for name in names {
      guard let paths = DefaultThemeFiles.select(name) else {
        let hint = DefaultThemeFiles.suggestion(for: name).map { " (did you mean '\($0)'?)" } ?? ""
        throw .unknownThemeFile(name, hint: hint)
      }
      chosen.formUnion(paths)
    }
    return (action, DefaultThemeFiles.paths.filter(chosen.contains))
  }

  /// `http://host…` or `https://host…` with a non-empty host.
  static func isWebURL(_ text: String) -> Bool {
    for scheme in ["http://", "https://"] where text.lowercased().hasPrefix(scheme) {
      let host = text.dropFirst(scheme.count).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
      return !host.isEmpty && !host.contains(" ")
    }
    return false
  }
}
