import BookRecord
import Catalog
import Diagnostics
import Foundation
import SearchIndex
import Support

/// Renders a catalog's site into the output folder: the render stage's entry point for the CLI.
///
/// The steps, in order: check the output folder is safe to replace and whether it is already
/// up to date (the fingerprint shortcut), resolve the base URL and UI strings (cheap checks
/// that fail fast), load, parse and lint the theme, build the site model, render the Markdown and
/// descriptions, then render every page in parallel into a staging folder — linking the files
/// the output already holds, writing the others — and swap it into place.
package struct SiteBuilder: Sendable {
  package let catalog: Catalog
  /// The book records by collection; emptied once the books are made (the books keep what
  /// they need), so a large catalog's records are not held twice while pages render.
  package private(set) var collections: [SiteInput.Collection]
  package let options: BuildOptions
  /// The covers bookgen processed, which the books show and the build writes to `covers/`.
  package var localCovers = LocalCovers.none
  /// Called before each output file is placed (tests interrupt builds with it).
  var beforePlacing: (@Sendable (String) throws(SiteError) -> Void)?

  package init(catalog: Catalog, collections: [SiteInput.Collection], options: BuildOptions) {
    self.catalog = catalog
    self.collections = collections
    self.options = options
  }

  /// Builds the site; on failure the previous output is left untouched.
  package consuming func build() async throws(SiteError) -> BuildReport {
    var clock = StageTimer(clock: StageTimer.monotonic)
    let (folder, _) = try checkedOutputFolder()
    if let fingerprint = options.fingerprint,
      let report = SiteBuilder.upToDateReport(folder: folder, fingerprint: fingerprint)
    {
      return report
    }
    let (theme, renderer) = try loadTheme()
    clock.lap("templates")
    return try await build(renderer: renderer, assets: theme.assets, clock: clock)
  }

  /// The theme, parsed; the site's own templates linted.
  func loadTheme() throws(SiteError) -> (Theme, ThemeRenderer) {
    let theme = try Theme.load(directory: options.templatesDirectory)
    let renderer = try ThemeRenderer(theme: theme)
    // A typo in the site's own template (`{{book.titel}}`, `{{> partials/covr}}`) would render
    // as nothing; the default theme is linted by the tests.
    if theme.siteDirectory != nil {
      let problems = renderer.lint(extraNames: catalog.extraNames)
      if problems.contains(where: { $0.severity == .error }) { throw .templates(problems) }
    }
    return (theme, renderer)
  }

  /// The widths the default theme shows covers at, 1× and 2× of each place (cards, the book
  /// page): what covers served from the site are processed at.
  package static var coverWidths: [Int] { CoverSlot.processedWidths }

  /// Whether the output at `options.outputDirectory` was built from `options.fingerprint` and
  /// still holds every file it lists: the CLI asks this before loading the fetched data.
  package static func isUpToDate(options: BuildOptions) -> Bool {
    guard let fingerprint = options.fingerprint,
      let folder = try? OutputFolder(
        path: options.outputDirectory, currentDirectory: options.workingDirectory)
    else { return false }
    return upToDateReport(folder: folder, fingerprint: fingerprint) != nil
  }

  /// The base URL the site in `outputDirectory` (an absolute path) was built for, from its
  /// manifest; nil when the folder holds no complete bookgen output (or one from before the
  /// field was recorded).
  package static func builtBaseURL(outputDirectory: String) -> String? {
    guard let folder = try? OutputFolder(path: outputDirectory) else { return nil }
    return folder.currentManifest()?.baseURL
  }

  /// The report of a build that has nothing to do, or nil when the output must be rebuilt.
  private static func upToDateReport(folder: OutputFolder, fingerprint: BuildFingerprint) -> BuildReport? {
    guard let tree = TreeIdentity.key(of: folder.output),
      let summary = OutputManifest.verify(
        manifest: folder.manifest, folder: folder.output, tree: tree, fingerprint: fingerprint.value)
    else { return nil }
    var report = BuildReport(
      pages: summary.pages, files: summary.files, bytes: summary.bytes, books: 0, stages: [], warnings: [])
    report.upToDate = true
    return report
  }

  private func checkedOutputFolder() throws(SiteError) -> (OutputFolder, FolderFence) {
    let workingDirectory = options.workingDirectory
    let folder = try OutputFolder(path: options.outputDirectory, currentDirectory: workingDirectory)
    let fence = FolderFence(
      project: OutputFolder.absolute(catalog.directory, in: workingDirectory), home: options.homeDirectory,
      workingDirectory: workingDirectory)
    try folder.checkSafety(fence: fence, force: options.force)
    return (folder, fence)
  }

  /// The build with an injected renderer (tests use this to exercise the writer alone).
  consuming func build(
    renderer: some TemplateRendering, assets: [String: [UInt8]],
    clock: StageTimer = StageTimer(clock: StageTimer.monotonic)
  ) async throws(SiteError) -> BuildReport {
    var clock = clock
    let (folder, fence) = try checkedOutputFolder()
    let model = try SiteModel(catalog: catalog, collections: collections, covers: localCovers)
    collections = []
    clock.lap("model")

    var update = try folder.prepare(force: options.force, fence: fence)
    update.beforePlacing = beforePlacing
    // The processed covers' files, a link each, are placed while the pages' contexts are made:
    // those leave a core idle.
    let covers = Task { [update, files = localCovers.files] in
      Result { () throws(SiteError) in try update.placeCovers(model.localCovers, files: files) }
    }
    var tally = PageWriter.Tally()
    var plan: SitePlan
    let pageCount: Int
    do throws(SiteError) {
      plan = try self.plan(model: model, assets: assets)
      pageCount = plan.jobs.count
      clock.lap("contexts")
      tally = try await write(
        &plan, writer: writer(plan, update, renderer: renderer), covers: covers, clock: &clock)
    } catch {
      // What the failed build wrote goes; the output was never touched.
      _ = await covers.value
      try? folder.removeOurs(folder.staging)
      throw error
    }
    let removed = update.removedCount(keeping: tally.entries)
    try folder.commit(
      update, entries: tally.entries, fingerprint: options.fingerprint?.value, baseURL: plan.urls.baseURL)
    clock.lap("finish")
    let report = self.report(plan, tally, pages: pageCount, removed: removed, clock: clock)
    if options.keepsValuesUntilExit { ExitHold.keep((plan, tally)) }
    return report
  }

  /// Everything the pages are rendered from besides the model, checked before anything is
  /// written (a static file in a generated page's place is an error).
  /// `reusing`, `changed`: the books' facts of a model listing the same books
  /// (`PageContexts.init`); `strings`: the UI strings of a model crediting the same sources.
  func plan(
    model: SiteModel, assets: [String: [UInt8]], reusing facts: [BookFacts]? = nil, changed: Set<Int32> = [],
    strings known: UIStrings? = nil
  ) throws(SiteError) -> SitePlan {
    let urls = try SiteURLs(baseURL: options.baseURL ?? catalog.site.baseURL)
    var strings: UIStrings
    if let known {
      strings = known
    } else {
      strings = try UIStrings(
        language: UILanguage(tag: catalog.site.language), overrides: catalog.site.strings)
      strings.credit(model.sources)
    }
    let contexts = PageContexts(
      model: model, settings: catalog.site, urls: urls, strings: strings,
      customStylesheet: assets[PageContexts.customStylesheet] != nil, reusing: facts, changed: changed)
    let jobs = model.pageJobs(perPage: contexts.perPage)
    let paths = try PageWriter.paths(of: jobs, assets: assets.keys)
    let statics = try StaticFiles(folder: options.staticDirectory)
    // The year-in-books numbers as JSON (a few small files), beside their pages.
    var statsFiles: [(String, [UInt8])] = []
    for file in StatsJSON.files(model: model, urls: urls) {
      statsFiles.append((try PageWriter.relativePath(of: file.path), file.bytes))
    }
    try statics.checkCollisions(
      with: paths.pages + paths.assets.values + statsFiles.map(\.0) + [OutputManifest.legacyFileName])
    if !statics.paths.isEmpty { try statics.checkCollisions(with: model.localCoverPaths) }
    return SitePlan(
      model: model, contexts: contexts, urls: urls, assets: assets, jobs: jobs, paths: paths,
      statics: statics,
      statsFiles: statsFiles, unusedEntries: SiteWarnings.unusedBookEntries(catalog: catalog, model: model))
  }

  /// The writer of `plan`'s files through `update`.
  func writer(_ plan: SitePlan, _ update: OutputUpdate, renderer: some TemplateRendering) -> PageWriter {
    var writer = PageWriter(update: update, contexts: plan.contexts, renderer: renderer)
    writer.statics = plan.statics
    return writer
  }

  /// Writes every file of `plan` through `writer`: the pages with the assets, static files,
  /// stats JSON and discovery files, and beside them the search index. Reading the books into
  /// the index runs on one core, so it starts first and the pages share the other cores with
  /// it, instead of leaving all but one idle once they are written.
  func write(
    _ plan: inout SitePlan, writer: PageWriter,
    covers: Task<Result<PageWriter.Tally, SiteError>, Never>? = nil,
    clock: inout StageTimer
  ) async throws(SiteError) -> PageWriter.Tally {
    let model = plan.model
    async let search = Result { () throws(SiteError) in
      var tally = PageWriter.Tally()
      try writer.writeSearchIndex(model: model, into: &tally)
      return tally
    }
    var tally = try await write(writer, plan, covers: covers)
    clock.lap("pages")
    plan.jobs = []
    plan.paths = ([], [:])
    tally.merge(try await search.get())
    clock.lap("search")
    return tally
  }

  /// What a build of `plan` that wrote `tally` reports.
  func report(_ plan: SitePlan, _ tally: PageWriter.Tally, pages: Int, removed: Int, clock: StageTimer)
    -> BuildReport
  {
    var report = BuildReport(
      pages: pages, files: tally.entries.count, bytes: tally.bytes, books: plan.model.books.count,
      stages: SiteBuilder.reportOrder(clock.stages, splittingPages: tally),
      warnings: SiteWarnings.collect(plan.model))
    report.filesWritten = tally.written
    report.bytesWritten = tally.bytesWritten
    report.filesRemoved = removed
    report.diagnostics =
      plan.unusedEntries
      + SiteWarnings.deployLimits(
        files: tally.entries.lazy.map { (path: $0.key, size: $0.value.size) }, total: tally.bytes)
    return report
  }

  /// The pages, assets, static files and stats JSON of `plan`, and beside them (in a task of
  /// its own) the feeds, OPDS and sitemap, which come from the same model and URLs and go through
  /// the same writer, so they are in the manifest and skipped when unchanged. A function of its
  /// own: the discovery task, and the page jobs it holds, end with it. `placing`: the processed
  /// covers' files, when they are already being placed.
  func write(
    _ writer: PageWriter, _ plan: SitePlan,
    covers placing: Task<Result<PageWriter.Tally, SiteError>, Never>? = nil
  ) async throws(SiteError) -> PageWriter.Tally {
    try writer.update.makeFolders(for: plan.paths.pages + plan.paths.assets.values)
    let settings = catalog.site
    let discoveryOptions = DiscoveryOptions(sourceDateEpoch: options.sourceDateEpoch)
    async let discovery = Result { () throws(SiteError) in
      var tally = PageWriter.Tally()
      try writer.writeDiscoveryFiles(
        model: plan.model, jobs: plan.jobs, settings: settings, options: discoveryOptions, into: &tally)
      return tally
    }
    // Placing the processed covers, a link for each file, runs beside the pages.
    async let covers = Result { () throws(SiteError) in
      placing == nil
        ? try writer.update.placeCovers(plan.model.localCovers, files: localCovers.files) : PageWriter.Tally()
    }
    var tally = try writer.writeAssets(plan.assets, paths: plan.paths.assets)
    tally.merge(try writer.writeStaticFiles())
    tally.merge(
      try await writer.writePages(plan.jobs, paths: plan.paths.pages, concurrency: max(1, options.jobs)))
    try writer.writeFiles(plan.statsFiles, into: &tally)
    tally.merge(try await discovery.get())
    tally.merge(try await covers.get())
    if let placing { tally.merge(try await placing.value.get()) }
    return tally
  }
}

/// What a build renders from, made before anything is written: the model, the page contexts,
/// every page's job and path, the assets, static files and stats JSON.
struct SitePlan: Sendable {
  var model: SiteModel
  var contexts: PageContexts
  var urls: SiteURLs
  var assets: [String: [UInt8]]
  var jobs: [PageJob]
  var paths: (pages: [String], assets: [String: String])
  var statics: StaticFiles
  var statsFiles: [(String, [UInt8])]
  /// The owner's `books:` entries no book took, as located warnings.
  var unusedEntries: [Diagnostic]
}

extension SiteBuilder {
  /// `model` (the books merged, sorted and indexed: `SiteModel`), `contexts` (what the pages are
  /// rendered from besides the model: the page contexts and SEO heads, each page's job and path,
  /// the stats JSON), `markdown`, `templates`, `write`: pages are rendered and written by the same
  /// tasks, so their wall time is split in proportion to the time the tasks spent in each part;
  /// parsing the theme counts as `templates`, the final swap as `write`. Then `search`: what
  /// making and writing the search index, begun beside the pages, takes after them.
  static func reportOrder(
    _ stages: [(name: String, seconds: Double)], splittingPages tally: PageWriter.Tally
  ) -> [BuildReport.Stage] {
    let seconds = StageTimer.seconds
    let time = { (name: String) in stages.first { $0.name == name }?.seconds ?? 0 }
    let parts = [seconds(tally.markdown), seconds(tally.templates), seconds(tally.write)]
    let total = parts.reduce(0, +)
    let share = parts.map { total > 0 ? time("pages") * $0 / total : 0 }
    return [
      .init(name: "model", seconds: time("model")),
      .init(name: "contexts", seconds: time("contexts")),
      .init(name: "markdown", seconds: share[0]),
      .init(name: "templates", seconds: time("templates") + share[1]),
      .init(name: "write", seconds: share[2] + time("finish")),
      .init(name: "search", seconds: time("search")),
    ]
  }
}
