import Foundation

/// How `bookgen serve` listens, what it watches and where it builds.
public struct PreviewOptions: Sendable {
  /// Loopback unless the user asks otherwise.
  public var host: String
  /// 0 picks a free port.
  public var port: UInt16
  /// Open the site in the default browser (`xdg-open`) once it is served.
  public var open: Bool
  /// Files and folders whose changes trigger a rebuild: catalog.yml, templates/, the cache.
  public var watchPaths: [String]
  /// How long changes must settle before a rebuild starts.
  public var debounce: Duration
  /// How often the watched trees are scanned for changes.
  public var pollInterval: Duration
  /// The private folder the site is built into and served from (never `public/`).
  public var outputDirectory: String
  /// Whether `stop()` deletes `outputDirectory` (true for the default temporary folder).
  public var removesOutputDirectoryOnStop: Bool
  /// Where progress, build summaries and diagnostics go (standard error by default).
  public var log: @Sendable (String) -> Void

  public init(
    host: String = "127.0.0.1", port: UInt16 = 8000, open: Bool = false,
    watchPaths: [String] = ["catalog.yml", "templates"], debounce: Duration = .milliseconds(200),
    pollInterval: Duration = .milliseconds(250), outputDirectory: String? = nil,
    log: @escaping @Sendable (String) -> Void = PreviewOptions.printToStandardError
  ) {
    self.host = host
    self.port = port
    self.open = open
    self.watchPaths = watchPaths
    self.debounce = debounce
    self.pollInterval = pollInterval
    self.outputDirectory = outputDirectory ?? Self.temporaryOutputDirectory()
    self.removesOutputDirectoryOnStop = outputDirectory == nil
    self.log = log
  }

  /// A fresh folder name under the system's temporary directory.
  public static func temporaryOutputDirectory() -> String {
    let base = FileManager.default.temporaryDirectory.path
    return "\(base)/bookgen-serve-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))"
  }

  @Sendable public static func printToStandardError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }

  /// The address browsers use: wildcard hosts map to `localhost`, IPv6 gets brackets.
  func baseURL(port: UInt16) -> String {
    let shown: String
    switch host {
    case "0.0.0.0", "::", "": shown = "localhost"
    case let ipv6 where ipv6.contains(":"): shown = "[\(ipv6)]"
    default: shown = host
    }
    return "http://\(shown):\(port)/"
  }
}

/// What one build of the site produced.
public enum PreviewBuildResult: Sendable, Equatable {
  /// `summary` is the one-line report, e.g. `Built 120 books, 9 pages in 0.2 s`.
  case success(summary: String)
  /// `message` holds clang-style diagnostics (`file:line:col: error: …`), shown in the
  /// terminal and, escaped, in the browser.
  case failure(message: String)
}
