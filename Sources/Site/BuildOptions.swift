import Diagnostics

/// How `bookgen build` runs the render stage.
package struct BuildOptions: Sendable, Equatable {
  /// Replaces `site.base_url` (preview deploys: `--base-url`).
  package var baseURL: String?
  /// The site's own `templates/` folder; its files override the default theme file by file.
  /// nil builds with the default theme alone.
  package var templatesDirectory: String?
  /// The site's `static/` folder, copied verbatim to the output root; nil (or a missing folder)
  /// copies nothing.
  package var staticDirectory: String?
  /// Pages rendered at once (at least 1).
  package var jobs: Int
  /// Where the site is written (e.g. `public`); relative paths resolve against `workingDirectory`.
  package var outputDirectory: String
  /// The folder relative paths (the output's, the catalog's) resolve against: the command's
  /// working directory, injected, never read from the process.
  package var workingDirectory: String
  /// The user's home folder, which is never used as output without `force`; nil when unknown.
  package var homeDirectory: String?
  /// `SOURCE_DATE_EPOCH` (`sourceDateEpoch(in:)`): the reproducible build time, in seconds since
  /// 1970, the feeds' `updated` and the sitemap's `lastmod`; nil writes no build time anywhere.
  package var sourceDateEpoch: Int?
  /// Use an output folder the safety rules refuse (`--force`): the home or project folder, one
  /// containing the project, or a non-empty folder bookgen did not create (whose files are
  /// moved to a hidden `.NAME.bookgen-replaced` folder next to it, never deleted).
  package var force: Bool
  /// Identifies everything the build reads; when the output was built from the same
  /// fingerprint and is intact, `build()` returns at once without rendering.
  package var fingerprint: BuildFingerprint?
  /// The process exits once the build is done: its model and page contexts are kept until then
  /// (`ExitHold`), not freed.
  package var keepsValuesUntilExit = false

  package init(
    baseURL: String? = nil, templatesDirectory: String? = nil, staticDirectory: String? = nil, jobs: Int = 2,
    outputDirectory: String, workingDirectory: String, force: Bool = false,
    fingerprint: BuildFingerprint? = nil
  ) {
    self.baseURL = baseURL
    self.templatesDirectory = templatesDirectory
    self.staticDirectory = staticDirectory
    self.jobs = jobs
    self.outputDirectory = outputDirectory
    self.workingDirectory = workingDirectory
    self.force = force
    self.fingerprint = fingerprint
  }
}

extension BuildOptions {
  /// The times `SOURCE_DATE_EPOCH` may give: 1970-01-01 to 9999-12-31 (a four-digit year).
  static let sourceDateEpochs = 0...253_402_300_799

  /// `SOURCE_DATE_EPOCH` from `environment` (the command's, injected), when it is a whole
  /// number of seconds in `sourceDateEpochs`: the date arithmetic must never overflow on a stray
  /// value, which is ignored.
  package static func sourceDateEpoch(in environment: [String: String]) -> Int? {
    environment["SOURCE_DATE_EPOCH"].flatMap { Int($0) }.flatMap { sourceDateEpochs.contains($0) ? $0 : nil }
  }
}

/// What a build produced and how long each stage took.
package struct BuildReport: Sendable, Equatable {
  /// One timed stage: `model`, `markdown`, `templates`, `write` (the CLI adds its own
  /// `load-catalog`, `load-cache`, `decode`).
  package struct Stage: Sendable, Equatable {
    package var name: String
    package var seconds: Double
  }

  /// HTML pages of the site.
  package var pages: Int
  /// Pages rendered by this build: all of them, but for `bookgen serve`'s rebuilds after an
  /// edit that changed only some books (`SiteSession`).
  package var pagesRendered: Int?
  /// All files of the site (pages and assets).
  package var files: Int
  /// Bytes of all files of the site.
  package var bytes: Int
  /// Files whose bytes changed and were written by this build (the rest were kept or linked).
  package var filesWritten: Int = 0
  /// Bytes of the files written.
  package var bytesWritten: Int = 0
  /// Files of the previous output that no longer belong and were removed.
  package var filesRemoved: Int = 0
  /// True when the fingerprint matched and nothing was rendered ("nothing changed").
  package var upToDate = false
  package var books: Int
  package var stages: [Stage]
  /// Problems in Google's data that did not stop the build.
  package var warnings: [String]
  /// Located warnings about the owner's catalog (`books:` entries no book uses), with notes.
  package var diagnostics: [Diagnostic] = []
}
