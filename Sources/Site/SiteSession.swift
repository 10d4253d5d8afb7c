import BookRecord
import Catalog
import Mustache
import Support

/// The site `bookgen serve` keeps in memory between rebuilds: the catalog it was built from, the
/// book records, the model and page contexts, and each page's job and the books it read.
///
/// A rebuild writes into the output folder in place, and only the files whose bytes changed.
/// It renders again only what an edit touches:
/// - the same books in the same collections and order, changed only in what pages show (a
///   note or description of the owner's or of a refreshed cache entry, or nothing at all): the
///   model is patched, not made again, and only the pages that read a changed book are
///   rendered (`updateBooks`, `renderChanged`);
/// - the same books filed under the same terms, some changed in more (a title, a rating, a
///   collection): those books move to their places in the last model, and the list pages
///   whose books differ are rendered too (`SiteModel.replacing`, `renderReordered`);
/// - in both, the reload can be sent at once: the feeds, stats JSON and search index follow in
///   the background, and the next rebuild overtakes them (`overtakeFollowers`);
/// - templates or assets alone: the pages whose template includes an edited one (`updateTheme`).
/// Anything else (a book new or gone, or filed under another term, the settings, static files)
/// renders the whole site again, and the reload is sent once its pages are written: the search
/// index follows.
///
/// Used by one rebuild at a time. Nothing of it is kept on disk.
package final class SiteSession: @unchecked Sendable {
  /// What the last build made.
  struct Site {
    var catalog: Catalog
    var collections: [SiteInput.Collection]
    var options: BuildOptions
    var themeFiles: [TemplateLibrary.File]
    var staticFiles: [String]
    var renderer: ThemeRenderer
    var plan: SitePlan
    /// The collections' records as the model was merged from them.
    var merge: SiteModel.Merge
    /// Each page's job and the books it read, by path.
    var pages: [String: (job: PageJob, reads: [Int32])]
    /// Each book's index in the model, by id.
    var bookIndices: [String: Int]
    /// The books that take one of the owner's entries.
    var entryHolders: [Int]
    /// Every file of the output, by path.
    var entries: [String: OutputManifest.Entry]
    /// The processed covers the books showed.
    var covers: [String: LocalCover]
    var servesSourceCovers: Bool
  }

  var site: Site?
  /// Every file the output holds, as the last build left it (kept when `site` is dropped).
  var entries: [String: OutputManifest.Entry] = [:]
  /// The last rebuild's files that follow its pages (feeds, stats JSON, search index), being
  /// written; the error when they could not be, and the next rebuild builds everything again.
  var finishing: Task<SiteError?, Never>?
  /// Whether the files that follow the pages were overtaken before they were all written: the
  /// next rebuild writes them whatever it changes.
  var followersOwed = false
  /// Called before each file is placed; tests hold or interrupt a rebuild here.
  package var beforePlacing: (@Sendable (String) throws(SiteError) -> Void)?

  package init() {}

  /// Stops writing the files that follow the last rebuild's pages, and returns once nothing
  /// writes into the output any more (serve removes its folder after it).
  package func stopFollowers() async {
    _ = await overtakeFollowers()
  }

  /// Builds `catalog` from `collections` into `options.outputDirectory`, starting from what the
  /// last build made; `sameRecords` says the collections are the last build's, unchanged.
  package func build(
    catalog: Catalog, collections: [SiteInput.Collection], sameRecords: Bool, options: BuildOptions,
    covers: LocalCovers = .none
  ) async throws(SiteError) -> BuildReport {
    let failure = await overtakeFollowers()
    if failure != nil { site = nil }
    // A cover processed again (its file edited) or no longer served: every page may show it.
    if let last = site, last.covers != covers.covers || last.servesSourceCovers != covers.servesSourceCovers {
      site = nil
    }
    var report = try await rebuild(
      catalog: catalog, collections: collections, sameRecords: sameRecords, options: options, covers: covers)
    if let failure {
      report.warnings.insert(
        "the last rebuild could not write its feeds and search index (\(failure)); this one wrote them", at: 0
      )
    }
    return report
  }

  private func rebuild(
    catalog: Catalog, collections: [SiteInput.Collection], sameRecords: Bool, options: BuildOptions,
    covers: LocalCovers
  ) async throws(SiteError) -> BuildReport {
    var clock = StageTimer(clock: StageTimer.monotonic)
    let records = collections
    var builder = SiteBuilder(catalog: catalog, collections: collections, options: options)
    builder.localCovers = covers
    let (theme, renderer) = try builder.loadTheme()
    let staticFiles = try StaticFiles(folder: options.staticDirectory).identity()
    clock.lap("templates")
    // The same records, and no record made from the owner's entries changed: the same merge.
    // Some collections' records changed: only the books they list are merged again.
    var merge: SiteModel.Merge
    // The books whose record or collections may differ from the last merge's; nil: any.
    var mergedAgain: Set<String>?
    if let site, sameRecords, Self.sameImports(site.catalog, catalog) {
      merge = site.merge.applying(catalog)
      mergedAgain = []
    } else if let site, Self.sameImports(site.catalog, catalog),
      site.catalog.collections == catalog.collections,
      records.count == site.collections.count,
      let update = site.merge.updating(
        catalog, inputs: records, changed: records.indices.filter { records[$0] != site.collections[$0] })
    {
      (merge, mergedAgain) = update
    } else {
      merge = try SiteModel.Merge(catalog: catalog, collections: records)
    }
    merge.covers = covers
    if let site, site.staticFiles == staticFiles, Self.sameSettings(site, catalog, options) {
      if site.themeFiles == theme.siteTemplates, site.plan.assets == theme.assets,
        let report = try await updateBooks(
          site, merge: merge, mergedAgain: mergedAgain, collections: records, builder: builder, clock: clock)
      {
        return report
      }
      if sameRecords, catalog == site.catalog, Set(site.plan.assets.keys) == Set(theme.assets.keys) {
        return try await updateTheme(site, theme: theme, renderer: renderer, builder: builder, clock: clock)
      }
    }
    let last = site
    let written = last?.entries ?? entries
    site = nil
    entries = written
    let model = SiteModel(merge: merge, reusing: last?.plan.model)
    clock.lap("model")
    let plan = try builder.plan(model: model, assets: theme.assets)
    clock.lap("contexts")
    let writer = try inPlaceWriter(
      plan, renderer: renderer, options: options, current: written, builder: builder)
    let tally = try await builder.write(writer, plan)
    clock.lap("pages")
    var pages: [String: (job: PageJob, reads: [Int32])] = [:]
    for (job, path) in zip(plan.jobs, plan.paths.pages) { pages[path] = (job, tally.reads[path] ?? []) }
    site = Site(
      catalog: catalog, collections: records, options: options, themeFiles: theme.siteTemplates,
      staticFiles: staticFiles, renderer: renderer, plan: plan, merge: merge, pages: pages,
      bookIndices: Self.indices(of: plan.model), entryHolders: Self.entryHolders(of: plan.model),
      entries: tally.entries, covers: covers.covers, servesSourceCovers: covers.servesSourceCovers)
    // The reload is sent once the pages are written: the search index follows.
    finishing = Task { [self] in
      await finishSearch(
        model: model, entries: tally.entries, writer: writer, options: options, baseURL: plan.urls.baseURL)
    }
    return builder.report(plan, tally, pages: plan.jobs.count, removed: 0, clock: clock)
  }

  /// The search index of a whole-site rebuild, written after its pages; then the last build's
  /// files that are gone are removed. The error when it could not be.
  private func finishSearch(
    model: SiteModel, entries written: [String: OutputManifest.Entry], writer: PageWriter,
    options: BuildOptions, baseURL: String
  ) async -> SiteError? {
    var search = PageWriter.Tally()
    do throws(SiteError) {
      try writer.writeSearchIndex(model: model, into: &search)
      var entries = written
      entries.merge(search.entries) { _, new in new }
      return try finish(keeping: entries, update: writer.update, options: options, baseURL: baseURL)
    } catch {
      return stopped(error, placed: search.entries, update: writer.update)
    }
  }

  /// Waits for the files that follow the last rebuild's pages, cancelling them first: an edit
  /// in the browser's view matters more than the search index of the one before. The error
  /// when they failed.
  private func overtakeFollowers() async -> SiteError? {
    guard let finishing else { return nil }
    finishing.cancel()
    self.finishing = nil
    return await finishing.value
  }

  /// Removes the files `update` found that `entries` (what the rebuild's files are) lacks, and
  /// records the manifest; nil, or stops as `stopped` does when the next rebuild has already
  /// overtaken this one (nothing is then removed).
  private func finish(
    keeping entries: [String: OutputManifest.Entry], update: OutputUpdate, options: BuildOptions,
    baseURL: String
  ) throws(SiteError) -> SiteError? {
    if Task.isCancelled { return stopped(nil, placed: entries, update: update) }
    try update.removeStale(keeping: entries)
    try Self.recordManifest(entries, options: options, baseURL: baseURL)
    site?.entries = entries
    self.entries = entries
    followersOwed = false
    return nil
  }

  /// The files that follow a rebuild's pages, stopped by `error` or overtaken after `placed`
  /// were written: the output then holds the files `update` found, the rebuild's pages and
  /// `placed`, and the next rebuild starts from those (it writes again what differs and
  /// removes what it lacks). `error`, unless overtaken.
  private func stopped(
    _ error: SiteError?, placed: [String: OutputManifest.Entry], update: OutputUpdate
  ) -> SiteError? {
    var held = update.current
    held.merge(site?.entries ?? entries) { _, new in new }
    held.merge(placed) { _, new in new }
    site?.entries = held
    entries = held
    followersOwed = true
    return Task.isCancelled ? nil : error
  }

  /// A writer of `plan` into the output folder in place (made when missing), recording what
  /// each page reads.
  func inPlaceWriter(
    _ plan: SitePlan, renderer: ThemeRenderer, options: BuildOptions, current: [String: OutputManifest.Entry],
    builder: SiteBuilder
  ) throws(SiteError) -> PageWriter {
    let output = OutputFolder.absolute(options.outputDirectory, in: options.workingDirectory)
    try FileSystem.makeFolders(output)
    var update = OutputUpdate(root: output, source: output, current: current, replacesForeignFolder: false)
    update.inPlace = true
    update.beforePlacing = beforePlacing
    var writer = builder.writer(plan, update, renderer: renderer)
    writer.recordsReads = true
    return writer
  }

  /// Records what the output holds beside it, as a build does (the folder is then bookgen's to
  /// write again, and `check --site` knows its address).
  private static func recordManifest(
    _ entries: [String: OutputManifest.Entry], options: BuildOptions, baseURL: String
  ) throws(SiteError) {
    let folder = try OutputFolder(path: options.outputDirectory, currentDirectory: options.workingDirectory)
    guard let tree = TreeIdentity.key(of: folder.output) else { throw .invalidOutputDirectory(folder.output) }
    let manifest = OutputManifest(tree: tree, baseURL: baseURL, entries: entries)
    try manifest.serialized().withSiteBytes { bytes throws(SiteError) in
      try FileSystem.replaceAtomically(folder.manifest, with: bytes)
    }
  }

  /// Whether the owner's entries of `next` and `last` state the same imported books (what
  /// records are made from for the books no source gave).
  private static func sameImports(_ last: Catalog, _ next: Catalog) -> Bool {
    Set(last.books.keys).union(next.books.keys).allSatisfy {
      last.books[$0]?.imported == next.books[$0]?.imported
    }
  }

  /// Whether `catalog` and `options` differ from the last build's at most in the owner's
  /// `books:` entries (and where they are written).
  private static func sameSettings(_ site: Site, _ catalog: Catalog, _ options: BuildOptions) -> Bool {
    var last = site.catalog
    var next = catalog
    (last.books, next.books) = ([:], [:])
    (last.places, next.places) = (CatalogPlaces(), CatalogPlaces())
    (last.conflicts, next.conflicts) = ([], [])
    var lastOptions = site.options
    lastOptions.fingerprint = options.fingerprint
    return last == next && lastOptions == options
  }

  /// The rebuild of a model of the last one's shape (`SiteModel.hasSameShape`) whose books in
  /// `changed` alone differ: every job, path and list is the last build's, so only the pages
  /// that read a changed book are rendered again; the files that follow the pages (feeds,
  /// stats JSON, search index) are written in the background (`finishFiles`).
  func renderChanged(
    _ last: Site, model: SiteModel, changed: Set<Int32>, catalog: Catalog, records: [SiteInput.Collection],
    merge: SiteModel.Merge, builder: SiteBuilder, clock: StageTimer
  ) async throws(SiteError) -> BuildReport {
    var clock = clock
    var plan = last.plan
    plan.model = model
    // No book changed: every page's context is the last one's.
    plan.contexts =
      changed.isEmpty
      ? last.plan.contexts
      : PageContexts(
        model: model, settings: catalog.site, urls: plan.urls, strings: last.plan.contexts.strings,
        customStylesheet: plan.assets[PageContexts.customStylesheet] != nil,
        reusing: last.plan.contexts.seo.facts,
        changed: changed)
    plan.unusedEntries = SiteWarnings.unusedBookEntries(catalog: catalog, model: model)
    var jobs: [PageJob] = []
    var paths: [String] = []
    for (path, page) in last.pages where page.reads.contains(where: changed.contains) {
      jobs.append(page.job)
      paths.append(path)
    }
    clock.lap("contexts")
    let writer = try inPlaceWriter(
      plan, renderer: last.renderer, options: last.options, current: last.entries, builder: builder)
    var tally = try await writer.writePages(jobs, paths: paths, concurrency: max(1, last.options.jobs))
    clock.lap("pages")
    var site = last
    site.catalog = catalog
    site.collections = records
    site.merge = merge
    site.plan = plan
    // The same books in the same places; only which entries they take may differ.
    site.entryHolders = Self.entryHolders(of: model)
    for path in paths { site.pages[path]?.reads = tally.reads[path] ?? [] }
    site.entries.merge(tally.entries) { _, new in new }
    tally.entries = site.entries
    tally.bytes = site.entries.values.reduce(0) { $0 + $1.size }
    self.site = site
    entries = site.entries
    var report = builder.report(plan, tally, pages: last.plan.jobs.count, removed: 0, clock: clock)
    report.pagesRendered = jobs.count
    // No book changed: the files that follow the pages would be the same, once written.
    if !changed.isEmpty || followersOwed {
      finishing = Task { [self] in await finishFiles(site, writer: writer) }
    }
    return report
  }

  /// The rebuild after an edit of the site's templates or assets alone: the pages whose
  /// template includes an edited one (or may: one included by a name the context gives) are
  /// rendered again, and the assets written where their bytes changed.
  private func updateTheme(
    _ last: Site, theme: Theme, renderer: ThemeRenderer, builder: SiteBuilder, clock: StageTimer
  ) async throws(SiteError) -> BuildReport {
    var clock = clock
    var sources: [String: [UInt8]] = [:]
    for file in last.themeFiles { sources[file.path] = file.contents }
    var edited: Set<String> = []
    for file in theme.siteTemplates where sources.removeValue(forKey: file.path) != file.contents {
      if let name = TemplateLibrary.templateName(ofFile: file.path) { edited.insert(name) }
    }
    // Removed from the site's folder: the default theme's takes its place.
    for path in sources.keys {
      if let name = TemplateLibrary.templateName(ofFile: path) { edited.insert(name) }
    }
    var plan = last.plan
    plan.assets = theme.assets
    // Per page template, whether it may include an edited one.
    var touched: [String: Bool] = [:]
    var jobs: [PageJob] = []
    var paths: [String] = []
    for (path, page) in last.pages {
      let template = page.job.template
      if touched[template] == nil {
        touched[template] =
          renderer.templates(reachableFrom: template).map { !$0.isDisjoint(with: edited) } ?? true
      }
      if touched[template] == true {
        jobs.append(page.job)
        paths.append(path)
      }
    }
    clock.lap("templates")
    let writer = try inPlaceWriter(
      plan, renderer: renderer, options: last.options, current: last.entries, builder: builder)
    var tally = try await writer.writePages(jobs, paths: paths, concurrency: max(1, last.options.jobs))
    tally.merge(try writer.writeAssets(plan.assets, paths: plan.paths.assets))
    clock.lap("pages")
    var site = last
    site.themeFiles = theme.siteTemplates
    site.renderer = renderer
    site.plan = plan
    for path in paths { site.pages[path]?.reads = tally.reads[path] ?? [] }
    site.entries.merge(tally.entries) { _, new in new }
    self.site = site
    entries = site.entries
    if followersOwed {
      finishing = Task { [self, site] in await finishFiles(site, writer: writer) }
    } else {
      try Self.recordManifest(site.entries, options: site.options, baseURL: plan.urls.baseURL)
    }
    tally.entries = site.entries
    tally.bytes = site.entries.values.reduce(0) { $0 + $1.size }
    var report = builder.report(plan, tally, pages: last.plan.jobs.count, removed: 0, clock: clock)
    report.pagesRendered = jobs.count
    return report
  }

  /// The files that follow the pages, written again after `renderChanged`: the discovery files,
  /// stats JSON and search index; the last build's ones that are gone are removed. The error
  /// when one could not be written.
  func finishFiles(_ site: Site, writer: PageWriter) async -> SiteError? {
    let plan = site.plan
    var tally = PageWriter.Tally()
    do throws(SiteError) {
      try writer.writeDiscoveryFiles(
        model: plan.model, jobs: plan.jobs, settings: site.catalog.site,
        options: DiscoveryOptions(sourceDateEpoch: site.options.sourceDateEpoch), into: &tally)
      try writer.writeFiles(plan.statsFiles, into: &tally)
      try writer.writeSearchIndex(model: plan.model, into: &tally)
      // The pages, assets and static files are the last build's; the rest is what was just made.
      var entries = tally.entries
      for path in Array(site.pages.keys) + Array(plan.paths.assets.values) + plan.statics.paths {
        entries[path] = site.entries[path]
      }
      return try finish(
        keeping: entries, update: writer.update, options: site.options, baseURL: plan.urls.baseURL)
    } catch {
      return stopped(error, placed: tally.entries, update: writer.update)
    }
  }

  /// Each book's index in `model`, by id.
  static func indices(of model: SiteModel) -> [String: Int] {
    var indices: [String: Int] = [:]
    indices.reserveCapacity(model.books.count)
    for index in model.books.indices { indices[model.books[index].id] = index }
    return indices
  }

  /// The books of `model` that take one of the owner's entries.
  static func entryHolders(of model: SiteModel) -> [Int] {
    model.books.indices.filter { model.books[$0].entryKey != nil }
  }
}
