import Catalog
import Foundation
import GoogleBooks
import Site

extension CommandContext {
  /// `bookgen build`: catalog → fetch → render and write, then a one-line summary on stderr.
  func build() async throws {
    console.status(try await buildSite(baseURL: options.baseURL))
  }

  /// The build pipeline into `--output` (or serve's private folder); returns the summary line,
  /// `Built 1,234 books, 96 pages in 1.4 s`.
  func buildSite(baseURL: String?) async throws -> String {
    var pipeline = Pipeline(self, command: isPreview ? .serve : .build, steps: 3)
    // Only read the clock when asked to: it is the environment's, and tests count its readings.
    var timer = StageTimer(clock: options.timings ? environment.clock : nil)
    defer { timer.stages.forEach(console.timing) }
    let catalog = try await pipeline.step("Loading catalog", stage: "loading the catalog") {
      try loadCatalog()
    }
    timer.lap("catalog")
    // The preview is served locally; only a build for publishing needs the real address.
    if !isPreview, let warning = catalog.baseURLWarning(override: options.baseURL) {
      console.diagnostic(warning)
    }
    let output = try checkedOutput(for: catalog)
    var buildOptions = BuildOptions(
      baseURL: baseURL, templatesDirectory: templatesDirectory(in: catalog.directory),
      jobs: options.jobs, outputDirectory: output.path, force: options.force)
    // Offline, the cache cannot change during the build: an output made from the same catalog,
    // templates and cache entries is recognised from file sizes and times alone.
    if options.offline {
      buildOptions.fingerprint = try? fingerprint(catalog, buildOptions)
      let upToDate = SiteBuilder.isUpToDate(options: buildOptions)
      timer.lap("fingerprint")
      if upToDate {
        timer.total()
        return "Site in \(output.path) is up to date (\(pipeline.elapsed) s)"
      }
    }
    // Handed over to the render step, which lets go of the volumes once the books are made.
    let fetched = Handover(
      try await pipeline.step("Fetching volumes", stage: "fetching volumes") {
        try await fetchVolumes(for: catalog, offline: options.offline)
      })
    timer.lap("fetch")
    if !options.offline { buildOptions.fingerprint = try? fingerprint(catalog, buildOptions) }
    let report = try await pipeline.step("Rendering site", stage: "rendering the site") {
      try await renderSite(catalog, fetched.take(), options: buildOptions)
    }
    timer.add(report.stages.map { ($0.name, $0.seconds) })
    timer.total()
    if report.upToDate { return "Site in \(output.path) is up to date (\(pipeline.elapsed) s)" }
    report.warnings.forEach(console.warning)
    report.diagnostics.forEach(console.diagnostic)
    console.detail(
      "Site in \(output.path): \(NumberText.count(report.files, "file")) "
        + "(\(NumberText.grouped(report.bytes)) bytes), \(report.filesWritten) written, \(report.filesRemoved) removed, "
        + "\(report.pagesReused) pages reused"
    )
    console.detail(
      "Render stages: "
        + report.stages.map { "\($0.name) \(Self.milliseconds($0.seconds)) ms" }.joined(separator: ", "))
    return "Built \(NumberText.count(report.books, "book")), \(NumberText.count(report.pages, "page")) "
      + "in \(pipeline.elapsed) s"
  }

  /// Whole milliseconds, for `--verbose` timings.
  static func milliseconds(_ seconds: Double) -> String {
    NumberText.grouped(Int((seconds * 1000).rounded()))
  }

  /// Renders the fetched volumes through the Site stage (two-tree output, atomic swap).
  func renderSite(_ catalog: Catalog, _ fetched: consuming FetchResult, options buildOptions: BuildOptions)
    async throws -> BuildReport
  {
    let collections = fetched.collections.map { SiteInput.Collection(slug: $0.slug, volumes: $0.volumes) }
    _ = consume fetched
    return try await SiteBuilder(catalog: catalog, collections: consume collections, options: buildOptions)
      .build()
  }

  /// What the site is built from: catalog bytes, templates, base URL, version and cache entries.
  private func fingerprint(_ catalog: Catalog, _ buildOptions: BuildOptions) throws -> BuildFingerprint {
    let catalogFile = FileManager.default.contents(atPath: environment.resolve(options.catalogPath)) ?? Data()
    let cache = Fetcher(catalog: catalog, options: FetchOptions(environment: environment.variables))
    return try BuildFingerprint(
      catalogFile: [UInt8](catalogFile), booksLines: catalog.booksLines, options: buildOptions,
      toolVersion: BookgenCLI.buildIdentity,
      inputs: ResponseCache(directory: cache.cacheDirectory).identity())
  }

  /// The output folder, if bookgen may replace it: never the root, home or project folder, and
  /// a folder bookgen did not make only with `--force`.
  private func checkedOutput(for catalog: Catalog) throws -> OutputFolder {
    let name = options.outputPath
    let folder = OutputFolder(path: environment.resolve(name))
    guard folder.exists else { return folder }
    if folder.isProtected(in: environment, projectFolder: catalog.directory) {
      throw CommandError.refusedFolder(name, action: .replace, reason: .protectedFolder)
    }
    guard folder.isDirectory else {
      throw CommandError.refusedFolder(name, action: .replace, reason: .notAFolder)
    }
    if !options.force, !folder.looksLikeOurs {
      throw CommandError.refusedFolder(name, action: .replace, reason: .notOurs)
    }
    return folder
  }
}

/// The durations `--timings` prints: each lap since the previous, the render stages as the
/// builder measured them, and the total. Without a clock it records nothing.
struct StageTimer {
  private let clock: (@Sendable () -> Double)?
  private let start: Double
  private var last: Double
  private(set) var stages: [(name: String, seconds: Double)] = []

  init(clock: (@Sendable () -> Double)?) {
    self.clock = clock
    start = clock?() ?? 0
    last = start
  }

  mutating func lap(_ name: String) {
    guard let now = clock?() else { return }
    stages.append((name, now - last))
    last = now
  }

  mutating func add(_ measured: [(String, Double)]) {
    guard let now = clock?() else { return }
    stages += measured.map { (name: $0.0, seconds: $0.1) }
    last = now
  }

  mutating func total() {
    guard let now = clock?() else { return }
    stages.append(("total", now - start))
  }
}

/// A value passed on exactly once: `take` hands it over and lets go of it, so the one who
/// took it can release it before the end of the giver's scope.
final class Handover<Value>: @unchecked Sendable {
  private var value: Value?

  init(_ value: Value) {
    self.value = value
  }

  func take() -> Value {
    defer { value = nil }
    return value!
  }
}
