import BookRecord
import Catalog
import Covers
import Fetching
import Foundation
import GoogleBooks
import Site
import Sourcing
import Support

extension CommandContext {
  /// `bookgen build`: catalog → fetch → render and write, then a one-line summary on stderr.
  func build(_ options: BuildCommandOptions) async throws {
    console.status(try await buildSite(options, baseURL: options.baseURL))
  }

  /// The build pipeline into `--output` (or serve's private folder); returns the summary line,
  /// `Built 1,234 books, 96 pages in 1.4 s`. A preview rebuild refreshes expired entries only
  /// when `refreshesExpired` (serve's `--fetch`), and starts from what the last one kept in
  /// `preview`: its books, when nothing they were fetched from changed, and its site.
  func buildSite(
    _ options: BuildCommandOptions, baseURL: String?, refreshesExpired: Bool = true,
    preview: PreviewState? = nil
  ) async throws -> String {
    var pipeline = Pipeline(self, command: isPreview ? .serve : .build, steps: 3)
    // Only read the clock when asked to: it is the environment's, and tests count its readings.
    var timer = StageTimer(clock: options.timings ? environment.clock : nil)
    defer { timer.stages.forEach(console.timing) }
    let catalog = try await pipeline.step("Loading catalog", stage: "loading the catalog") {
      try loadCatalog(options.catalog)
    }
    timer.lap("catalog")
    // The preview is served locally; only a build for publishing needs the real address.
    if !isPreview, let warning = catalog.baseURLWarning(override: options.baseURL) {
      console.diagnostic(warning)
    }
    let output = try checkedOutput(options, for: catalog)
    // One build at a time on an output: a second one waits here, and is told so.
    let lock = try await output.acquireLock { waitingForBuild(on: options.outputPath, pid: $0) }
    defer { lock.release() }
    // Serve's folder is private and temporary: the terminal shows the preview's address instead.
    let site = isPreview ? "The preview" : "Site in \(output.output)"
    var buildOptions = BuildOptions(
      baseURL: baseURL, templatesDirectory: templatesDirectory(in: catalog.directory),
      staticDirectory: staticDirectory(in: catalog.directory), jobs: options.network.jobs,
      outputDirectory: output.output, workingDirectory: environment.workingDirectory, force: options.force)
    buildOptions.homeDirectory = environment.variables["HOME"]
    buildOptions.keepsValuesUntilExit = exitsWhenDone && !isPreview
    buildOptions.sourceDateEpoch = BuildOptions.sourceDateEpoch(in: environment.variables)
    // Offline, the cache cannot change during the build: an output made from the same catalog,
    // templates and cache entries is recognised from file sizes and times alone.
    if options.offline, preview == nil {
      buildOptions.fingerprint = try? fingerprint(catalog, options.catalog, buildOptions)
      let upToDate = SiteBuilder.isUpToDate(options: buildOptions)
      timer.lap("fingerprint")
      if upToDate {
        timer.total()
        return "\(site) is up to date (\(pipeline.elapsed) s)"
      }
    }
    let cache = ResponseCache(directory: catalog.cacheDirectory)
    let fetchInputs = preview.map { _ in
      PreviewState.FetchInputs(catalog: catalog, cache: cache, offline: options.offline)
    }
    let reused = preview?.fetched.flatMap { $0.inputs == fetchInputs ? $0.books : nil }
    // Some cache entries rewritten: only the collections that read them are sourced again.
    let update = preview?.fetched.flatMap { last in
      fetchInputs?.changedEntries(since: last.inputs).flatMap(preview!.run.collections(reading:)).map {
        (books: last.books, changed: $0)
      }
    }
    let (fetched, fetchedCovers) = try await pipeline.step("Fetching volumes", stage: "fetching volumes") {
      if let reused {
        reused.warnings.forEach(console.diagnostic)
        return (reused, preview?.fetchedCovers ?? FetchedCovers())
      }
      let fetch = {
        let books = try await fetchVolumes(
          for: catalog, offline: options.offline, network: options.network,
          refreshesExpired: refreshesExpired,
          kept: preview, updating: update)
        let covers = try await fetchCovers(
          for: catalog, books: books, offline: options.offline, network: options.network,
          refreshesExpired: refreshesExpired)
        return (books, covers)
      }
      guard !options.offline else { return try await fetch() }
      // A fetch writes the cache: nobody else writes it until the fingerprint of what this
      // build read is taken (an offline build only reads, and needs no lock).
      try? cache.claimFolder()
      return try await holdingCacheLock(cache) {
        let fetched = try await fetch()
        if preview == nil {
          buildOptions.fingerprint = try? fingerprint(catalog, options.catalog, buildOptions)
        }
        return fetched
      }
    }
    if let preview, reused == nil, let fetchInputs {
      // What the cache holds now, this fetch's own entries included (offline, there are none).
      let inputs =
        options.offline
        ? fetchInputs : PreviewState.FetchInputs(catalog: catalog, cache: cache, offline: false)
      preview.fetched = fetched.pending.isEmpty && fetchedCovers.pending.isEmpty ? (inputs, fetched) : nil
      preview.fetchedCovers = fetchedCovers
    }
    timer.lap("fetch")
    let covers = processCovers(for: catalog, books: fetched, fetched: fetchedCovers)
    if CoverStage.isNeeded(for: catalog) { timer.lap("covers") }
    let report = try await pipeline.step("Rendering site", stage: "rendering the site") {
      guard let preview else {
        let report = try await renderSite(catalog, fetched, covers: covers, options: buildOptions)
        if buildOptions.keepsValuesUntilExit { ExitHold.keep(fetched) }
        return report
      }
      return try await preview.site.build(
        catalog: catalog, collections: fetched.collections, sameRecords: reused != nil, options: buildOptions,
        covers: covers)
    }
    timer.add(report.stages.map { (name: $0.name, seconds: $0.seconds) })
    timer.total()
    if report.upToDate { return "\(site) is up to date (\(pipeline.elapsed) s)" }
    report.warnings.forEach(console.warning)
    report.diagnostics.forEach(console.diagnostic)
    console.detail(
      "\(site): \(NumberText.count(report.files, "file")) "
        + "(\(NumberText.grouped(report.bytes)) bytes), \(report.filesWritten) written, \(report.filesRemoved) removed"
    )
    console.detail(
      "Render stages: "
        + report.stages.map { "\($0.name) \(Self.milliseconds($0.seconds)) ms" }.joined(separator: ", "))
    let rendered = report.pagesRendered.map { " (\(NumberText.grouped($0)) rendered again)" } ?? ""
    return
      "Built \(NumberText.count(report.books, "book")), \(NumberText.count(report.pages, "page"))\(rendered) "
      + "in \(isPreview ? pipeline.elapsedForPreview : pipeline.elapsed + " s")"
  }

  /// Whole milliseconds, for `--verbose` timings.
  static func milliseconds(_ seconds: Double) -> String {
    NumberText.grouped(Int((seconds * 1000).rounded()))
  }

  /// Renders the sources' book records through the Site stage (two-tree output, atomic swap):
  /// each source's mapping is the one place its data becomes the site's.
  func renderSite(
    _ catalog: Catalog, _ fetched: consuming SourcedBooks, covers: LocalCovers = .none,
    options buildOptions: BuildOptions
  ) async throws -> BuildReport {
    let collections = fetched.collections
    _ = consume fetched
    var builder = SiteBuilder(catalog: catalog, collections: consume collections, options: buildOptions)
    builder.localCovers = covers
    return try await builder.build()
  }

  /// What the site is built from: catalog bytes, templates, static files, base URL, version and
  /// cache entries.
  private func fingerprint(_ catalog: Catalog, _ file: CatalogOption, _ buildOptions: BuildOptions) throws
    -> BuildFingerprint
  {
    let catalogFile = try FileReader.read(environment.resolve(file.path), limit: CatalogLoader.fileLimit)
    return try BuildFingerprint(
      catalogFile: catalogFile,
      includedFiles: try catalog.includes.map {
        try FileReader.read($0.path, limit: CatalogLoader.fileLimit)
      },
      options: buildOptions,
      toolVersion: BookgenCLI.buildIdentity,
      inputs: ResponseCache(directory: catalog.cacheDirectory).identity()
        + CoverStage.fileIdentity(of: catalog))
  }

  /// The output folder, if bookgen may replace it (`OutputFolder.refusal`, the render stage's
  /// rule), asked before fetching so that a refusal costs nothing.
  private func checkedOutput(_ options: BuildCommandOptions, for catalog: Catalog) throws -> OutputFolder {
    let name = options.outputPath
    let path = environment.resolve(name)
    let fence = FolderFence(
      project: catalog.directory, home: environment.variables["HOME"],
      workingDirectory: environment.workingDirectory)
    // Before the folder's names are made, which refuse `/` in the render stage's words.
    if fence.protection(of: path) != nil {
      throw CommandError.refusedFolder(name, action: .replace, reason: .protectedFolder)
    }
    let folder = try OutputFolder(path: path)
    if let refusal = folder.refusal(fence: fence, force: options.force) {
      throw CommandError.refusedFolder(name, action: .replace, reason: .init(refusal))
    }
    return folder
  }
}
