/// How `bookgen build` runs the render stage.
public struct BuildOptions: Sendable, Equatable {
  /// Replaces `site.base_url` (preview deploys: `--base-url`).
  public var baseURL: String?
  /// The site's own `templates/` folder; its files override the default theme file by file.
  /// nil builds with the default theme alone.
  public var templatesDirectory: String?
  /// Pages rendered at once (at least 1).
  public var jobs: Int
  /// Where the site is written (e.g. `public`); relative paths resolve against the current folder.
  public var outputDirectory: String

  public init(
    baseURL: String? = nil, templatesDirectory: String? = nil, jobs: Int = 2, outputDirectory: String
  ) {
    self.baseURL = baseURL
    self.templatesDirectory = templatesDirectory
    self.jobs = jobs
    self.outputDirectory = outputDirectory
  }
}

/// What a build produced and how long each stage took.
public struct BuildReport: Sendable, Equatable {
  /// One timed stage (`model`, `render+write`, …).
  public struct Stage: Sendable, Equatable {
    public var name: String
    public var seconds: Double

    public init(name: String, seconds: Double) {
      self.name = name
      self.seconds = seconds
    }
  }

  /// HTML pages written.
  public var pages: Int
  /// All files written (pages and assets).
  public var files: Int
  public var bytes: Int
  public var books: Int
  public var stages: [Stage]
  /// Problems in Google's data that did not stop the build.
  public var warnings: [String]

  public init(pages: Int, files: Int, bytes: Int, books: Int, stages: [Stage], warnings: [String]) {
    self.pages = pages
    self.files = files
    self.bytes = bytes
    self.books = books
    self.stages = stages
    self.warnings = warnings
  }
}
