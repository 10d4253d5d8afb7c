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
    let catalog = try await pipeline.step("Loading catalog", stage: "loading the catalog") {
      try loadCatalog()
    }
    let output = try checkedOutput(for: catalog)
    let fetched = try await pipeline.step("Fetching volumes", stage: "fetching volumes") {
      try await fetchVolumes(for: catalog, offline: options.offline)
    }
    let report = try await pipeline.step("Rendering site", stage: "rendering the site") {
      try await renderSite(catalog, fetched, into: output.path, baseURL: baseURL)
    }
    report.warnings.forEach(console.warning)
    console.detail(
      "Site in \(output.path): \(NumberText.count(report.files, "file")) "
        + "(\(NumberText.grouped(report.bytes)) bytes), \(report.filesWritten) written, \(report.filesRemoved) removed"
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

  /// Renders the fetched volumes into `output` through the Site stage (staging folder, swap).
  func renderSite(_ catalog: Catalog, _ fetched: FetchResult, into output: String, baseURL: String?)
    async throws -> BuildReport
  {
    let collections = fetched.collections.map { SiteInput.Collection(slug: $0.slug, volumes: $0.volumes) }
    let buildOptions = BuildOptions(
      baseURL: baseURL, templatesDirectory: templatesDirectory(in: catalog.directory),
      outputDirectory: output, force: options.force)
    return try await SiteBuilder(catalog: catalog, collections: collections, options: buildOptions).build()
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
