import Catalog
import Diagnostics
import Import
import Site

/// `bookgen build`'s options; a `serve` rebuild makes its own from serve's.
struct BuildCommandOptions: CommandOptionGroup {
  static let specs: [OptionSpec] =
    CatalogOption.specs + [.output, .offline] + NetworkOptions.specs + [.baseURL, .forceOutput]
    + VerbosityOptions.specs + [.timings]

  var catalog: CatalogOption
  var outputPath: String
  var offline: Bool
  var network: NetworkOptions
  var baseURL: String?
  var force = false
  var verbosity: VerbosityOptions
  /// `--timings`: print each stage's duration.
  var timings = false
}

extension BuildCommandOptions {
  init(_ parsed: ParsedCommand) throws(UsageError) {
    catalog = CatalogOption(parsed)
    outputPath = parsed.value(.output)
    offline = parsed.flag(.offline)
    network = try NetworkOptions(parsed)
    baseURL = try parsed.webURL(.baseURL)
    force = parsed.flag(.forceOutput)
    timings = parsed.flag(.timings)
    verbosity = try VerbosityOptions(parsed)
    try parsed.refuse(.offline, with: .refresh)
  }
}

/// `bookgen fetch`'s options.
struct FetchCommandOptions: CommandOptionGroup {
  static let specs: [OptionSpec] = CatalogOption.specs + NetworkOptions.specs + VerbosityOptions.specs

  var catalog: CatalogOption
  var network: NetworkOptions
  var verbosity: VerbosityOptions

  init(_ parsed: ParsedCommand) throws(UsageError) {
    catalog = CatalogOption(parsed)
    network = try NetworkOptions(parsed)
    verbosity = try VerbosityOptions(parsed)
  }
}

/// `bookgen check`'s options; `--output` and `--base-url` are for `--site`.
struct CheckCommandOptions: CommandOptionGroup {
  static let specs: [OptionSpec] =
    CatalogOption.specs + [.site, .checkedOutput, .checkedBaseURL] + VerbosityOptions.specs

  var catalog: CatalogOption
  var checkSite: Bool
  var outputPath: String
  var baseURL: String?
  var verbosity: VerbosityOptions

  init(_ parsed: ParsedCommand) throws(UsageError) {
    catalog = CatalogOption(parsed)
    checkSite = parsed.flag(.site)
    outputPath = parsed.value(.checkedOutput)
    baseURL = try parsed.webURL(.checkedBaseURL)
    verbosity = try VerbosityOptions(parsed)
  }
}

/// `bookgen serve`'s options.
struct ServeCommandOptions: CommandOptionGroup {
  static let specs: [OptionSpec] =
    CatalogOption.specs + [.host, .port, .servedBaseURL, .open, .servedOffline, .fetch, .jobs]
    + VerbosityOptions.specs

  var catalog: CatalogOption
  var host: String
  var port: Int
  /// `--port` was given: a taken port is an error instead of a reason to try the next one.
  var portIsExplicit: Bool
  var baseURL: String?
  var open: Bool
  var offline: Bool
  /// `--fetch`: rebuilds refresh expired entries too.
  var fetch: Bool
  var jobs: Int
  var verbosity: VerbosityOptions

  init(_ parsed: ParsedCommand) throws(UsageError) {
    catalog = CatalogOption(parsed)
    jobs = try parsed.jobs()
    baseURL = try parsed.webURL(.servedBaseURL)
    host = parsed.value(.host)
    port = try parsed.number(.port, in: 0...65_535)
    portIsExplicit = parsed.isGiven(.port)
    open = parsed.flag(.open)
    offline = parsed.flag(.servedOffline)
    fetch = parsed.flag(.fetch)
    verbosity = try VerbosityOptions(parsed)
    try parsed.refuse(.servedOffline, with: .fetch)
  }

  /// What one rebuild does: serve's catalog, jobs and `--offline`, into the private `folder`;
  /// never a refresh, nor a request budget.
  func build(into folder: String) -> BuildCommandOptions {
    BuildCommandOptions(
      catalog: catalog, outputPath: folder, offline: offline,
      network: NetworkOptions(refresh: false, jobs: jobs, maxRequests: nil), baseURL: nil,
      // Serve's folder is its own, made empty for it: a rebuild that overtakes the last one's
      // search index finds it without the manifest that is written last.
      force: true, verbosity: verbosity)
  }
}

/// `bookgen init`'s options and its `<dir>`.
struct InitCommandOptions: CommandOptionGroup {
  static let specs: [OptionSpec] = [.example, .ci, .forceInit, .templates] + VerbosityOptions.quietOnly

  var directory: String
  /// `--example`: the example site instead of the starter catalog.
  var example: Bool
  /// `--ci`: the host to write a build-and-deploy workflow for.
  var ci: CIHost?
  var force: Bool
  var copyTemplates: Bool
  var verbosity: VerbosityOptions

  init(_ parsed: ParsedCommand) throws(UsageError) {
    directory = parsed.arguments.first ?? "."
    example = parsed.flag(.example)
    force = parsed.flag(.forceInit)
    copyTemplates = parsed.flag(.templates)
    verbosity = try VerbosityOptions(parsed)
    ci = parsed.isGiven(.ci) ? try parsed.choice(.ci) : nil
  }
}

/// `bookgen theme`'s options, its `<action>` and, for `copy`, the theme paths its `<file>...`
/// name (nil: all).
struct ThemeCommandOptions: CommandOptionGroup {
  static let specs: [OptionSpec] = CatalogOption.specs + VerbosityOptions.quietOnly

  enum Action: String, Sendable, CaseIterable {
    case list
    case copy
  }

  var catalog: CatalogOption
  var action: Action
  var files: [String]?
  var verbosity: VerbosityOptions

  init(_ parsed: ParsedCommand) throws(UsageError) {
    catalog = CatalogOption(parsed)
    action = try parsed.argument(0, "<action>", separator: " or ")
    files = try Self.files(parsed.arguments.dropFirst(), for: action)
    verbosity = try VerbosityOptions(parsed)
  }

  /// The theme files `copy`'s arguments name, each once, in theme order.
  private static func files(_ names: ArraySlice<String>, for action: Action) throws(UsageError) -> [String]? {
    if action == .list, let extra = names.first { throw .unexpectedArgument(extra, command: .theme) }
    guard !names.isEmpty else { return nil }
    var chosen: Set<String> = []
    for name in names {
      guard let paths = DefaultThemeFiles.select(name) else {
        let hint = DefaultThemeFiles.suggestion(for: name).map { " (did you mean '\($0)'?)" } ?? ""
        throw .unknownThemeFile(name, hint: hint)
      }
      chosen.formUnion(paths)
    }
    return DefaultThemeFiles.paths.filter(chosen.contains)
  }
}

/// `bookgen import`'s options, its `<source>` and `<file>`.
struct ImportCommandOptions: CommandOptionGroup {
  static let specs: [OptionSpec] =
    CatalogOption.specs + [
      .importOutput, .importOffline, .importColumns, .dateOrder, .shelves, .jobs, .importMaxRequests,
    ]
    + VerbosityOptions.specs

  var catalog: CatalogOption
  /// The export named on the command line; nil: recognised by its columns.
  var format: ImportSource?
  var file: String
  /// `--output`, relative to the catalog's folder; nil for `<format>.yml`.
  var output: String?
  var offline: Bool
  var dateOrder: DateOrder?
  /// `--columns`: a CSV of no known app's, and which of its columns hold what.
  var columns: ColumnChoice?
  var shelves: ShelfMapping
  var jobs: Int
  var maxRequests: Int?
  var verbosity: VerbosityOptions

  init(_ parsed: ParsedCommand) throws(UsageError) {
    catalog = CatalogOption(parsed)
    switch parsed.arguments.count {
    case 0:
      throw .missingArgument("<file>", expected: "the exported file", command: .import)
    case 1:
      // `bookgen import goodreads`: the format without its file.
      if ImportSource(rawValue: parsed.arguments[0]) != nil {
        throw .missingArgument("<file>", expected: "the exported file", command: .import)
      }
      file = parsed.arguments[0]
    default:
      format = try parsed.choice(parsed.arguments[0], for: "<format>", separator: ", ") as ImportSource
      file = parsed.arguments[1]
    }
    output = parsed.isGiven(.importOutput) ? parsed.value(.importOutput) : nil
    if let output, !CatalogLoader.isIncludeName(output) {
      throw .invalidValue(
        output, option: OptionSpec.importOutput.displayName,
        expected: "a file ending in '.yml' inside the catalog's folder, such as 'goodreads.yml'",
        command: .import)
    }
    offline = parsed.flag(.importOffline)
    if parsed.isGiven(.importColumns) {
      columns = try Self.columns(parsed.value(.importColumns))
      if let format, format != .csv {
        throw .invalidValue(
          format.rawValue, option: "<format>",
          expected: "'csv' or none with --columns (which reads a CSV of no known app's)", command: .import)
      }
    }
    if parsed.isGiven(.dateOrder) { dateOrder = try parsed.choice(.dateOrder) }
    shelves = try parsed.choice(.shelves)
    jobs = try parsed.jobs()
    maxRequests =
      parsed.isGiven(.importMaxRequests) ? try parsed.number(.importMaxRequests, in: 0...Int.max) : nil
    verbosity = try VerbosityOptions(parsed)
  }

  /// `title=Name,isbn=Code`, checked.
  private static func columns(_ text: String) throws(UsageError) -> ColumnChoice {
    let option = OptionSpec.importColumns.displayName
    do {
      return try ColumnChoice.parse(text)
    } catch {
      let expected: String
      switch error {
      case .malformed(let pair):
        expected = "FIELD=COLUMN pairs separated by commas, such as 'title=Name,isbn=Code' (not '\(pair)')"
      case .unknownField(let name):
        expected =
          "fields among " + ColumnChoice.fields.joined(separator: ", ") + " (not '\(name)')"
          + NearestName.hint(for: name, among: ColumnChoice.fields)
      case .repeatedField(let field):
        expected = "each field once ('\(field)' is named twice)"
      case .noBookColumn:
        expected = "a title or an isbn column, so each row names its book"
      }
      throw .invalidValue(text, option: option, expected: expected, command: .import)
    }
  }

  /// The file written, relative to the catalog's folder, for an export of `format`.
  func outputName(for format: ImportSource) -> String { output ?? "\(format.rawValue).yml" }
}

/// `bookgen clean`'s options.
struct CleanCommandOptions: CommandOptionGroup {
  static let specs: [OptionSpec] =
    CatalogOption.specs + [.cleanedOutput, .cache, .outsideProject] + VerbosityOptions.quietOnly

  var catalog: CatalogOption
  var outputPath: String
  var removeCache: Bool
  /// `--outside-project`: folders outside the catalog's folder may be removed too.
  var outsideProject: Bool
  var verbosity: VerbosityOptions

  init(_ parsed: ParsedCommand) throws(UsageError) {
    catalog = CatalogOption(parsed)
    outputPath = parsed.value(.cleanedOutput)
    removeCache = parsed.flag(.cache)
    outsideProject = parsed.flag(.outsideProject)
    verbosity = try VerbosityOptions(parsed)
  }
}
