import Foundation

/// How `bookgen serve` listens, what it watches and where it builds.
package struct PreviewOptions: Sendable {
  /// Loopback unless the user asks otherwise.
  package var host: String
  /// 0 picks a free port.
  package var port: UInt16
  /// When `port` is taken, how many of the following ports may be tried instead (0: a taken
  /// port is an error, as for a port the user chose).
  package var fallbackPorts: Int
  /// Open the site in the default browser (`xdg-open`) once it is served.
  package var open: Bool
  /// Files and folders whose changes trigger a rebuild: catalog.yml, templates/, static/, the cache.
  package var watchPaths: [String]
  /// Watched paths that builds write themselves (the fetch cache): what a build writes there
  /// does not start another build, so a request budget is spent once per change, not in a loop.
  package var writtenByBuilds: [String] = []
  /// How long changes must settle before a rebuild starts.
  package var debounce: Duration
  /// How often the watcher looks for changes (inotify's events, or a scan where it has none).
  package var pollInterval: Duration
  /// The path of the site's base URL (`/books/` for `https://me.github.io/books/`): pages are
  /// served under it, as in production, and `/` redirects there.
  package var basePath: String
  /// The address pages link to instead of this server's own (a LAN name, a tunnel, a proxy in
  /// front of it); its path is where the site is served. nil: `http://HOST:PORT` + `basePath`.
  package var baseURL: String?
  /// This machine's network addresses, for the URL of a server listening on all interfaces.
  package var networkAddresses: @Sendable () -> [String]
  /// The folder the site is built into and served from (never `public/`).
  package var outputDirectory: String
  /// The private folder around `outputDirectory` (it also holds what the output writer keeps beside it), made
  /// on start and removed on stop or on a failed start; nil when the output folder was given.
  package var privateFolder: String?
  /// Where progress, build summaries and diagnostics go (standard error by default).
  package var log: @Sendable (String) -> Void

  /// Without `outputDirectory`, the site is built into a fresh private folder under
  /// `temporaryDirectory` (the system's by default).
  package init(
    host: String = "127.0.0.1", port: UInt16 = 8000, fallbackPorts: Int = 0, open: Bool = false,
    watchPaths: [String] = ["catalog.yml", "templates"], debounce: Duration = .milliseconds(200),
    pollInterval: Duration = .milliseconds(250), basePath: String = "/", baseURL: String? = nil,
    networkAddresses: @escaping @Sendable () -> [String] = NetworkInterfaces.addresses,
    outputDirectory: String? = nil, temporaryDirectory: String? = nil,
    log: @escaping @Sendable (String) -> Void = PreviewOptions.printToStandardError
  ) {
    self.host = host
    self.port = port
    self.fallbackPorts = fallbackPorts
    self.open = open
    self.watchPaths = watchPaths
    self.debounce = debounce
    self.pollInterval = pollInterval
    self.basePath = basePath
    self.baseURL = baseURL
    self.networkAddresses = networkAddresses
    if let outputDirectory {
      self.outputDirectory = outputDirectory
      privateFolder = nil
    } else {
      let folder = Self.privateFolderName(
        in: temporaryDirectory ?? FileManager.default.temporaryDirectory.path)
      self.outputDirectory = folder + "/site"
      privateFolder = folder
    }
    self.log = log
  }

  /// A fresh, unguessable folder name under `base`.
  static func privateFolderName(in base: String) -> String {
    let trimmed = base.count > 1 && base.hasSuffix("/") ? String(base.dropLast()) : base
    return
      "\(trimmed)/bookgen-serve-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))"
  }

  @Sendable static func printToStandardError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }

  /// Whether the server listens on every interface (`0.0.0.0`, `::`).
  var listensEverywhere: Bool { ["0.0.0.0", "::", ""].contains(host) }

  /// The address pages are built for and the terminal shows: `baseURL`, else this server's
  /// address and `basePath`; on all interfaces, the machine's first network address.
  func baseURL(port: UInt16) -> String {
    if let baseURL { return baseURL }
    let shown = listensEverywhere ? networkAddresses().first ?? loopback : host
    return "http://\(Self.bracketed(shown)):\(port)\(basePath)"
  }

  /// The same address on this machine's loopback interface.
  func loopbackURL(port: UInt16) -> String {
    "http://\(Self.bracketed(listensEverywhere ? loopback : host)):\(port)\(basePath)"
  }

  private var loopback: String { host == "::" ? "::1" : "127.0.0.1" }

  /// IPv6 addresses go in brackets in URLs.
  static func bracketed(_ host: String) -> String {
    host.contains(":") ? "[\(host)]" : host
  }
}

/// What one build of the site produced.
package enum PreviewBuildResult: Sendable, Equatable {
  /// `summary` is the one-line report, e.g. `Built 120 books, 9 pages in 0.2 s`.
  case success(summary: String)
  /// `message` holds clang-style diagnostics (`file:line:col: error: …`), shown in the
  /// terminal and, escaped, in the browser.
  case failure(message: String)
}
