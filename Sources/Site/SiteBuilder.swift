import Catalog
import Foundation

/// Renders a catalog's site into the output folder: the render stage's entry point for the CLI.
///
/// The steps, in order: resolve the base URL and UI strings (cheap checks that fail fast), load
/// and parse the theme, build the site model, then render every page in parallel into a staging
/// folder, streaming each page to disk as it is done, and swap the staging folder into place.
public struct SiteBuilder: Sendable {
  public let catalog: Catalog
  public let collections: [SiteInput.Collection]
  public let options: BuildOptions

  public init(catalog: Catalog, collections: [SiteInput.Collection], options: BuildOptions) {
    self.catalog = catalog
    self.collections = collections
    self.options = options
  }

  public init(input: SiteInput, options: BuildOptions) {
    self.init(catalog: input.catalog, collections: input.collections, options: options)
  }

  /// Builds the site; on failure the previous output is left untouched.
  public func build() async throws(SiteError) -> BuildReport {
    var clock = StageClock()
    let theme = try Theme.load(directory: options.templatesDirectory)
    let renderer = try ThemeRenderer(theme: theme)
    clock.lap("templates")
    return try await build(renderer: renderer, assets: theme.assets, clock: clock)
  }

  /// The build with an injected renderer (tests use this to exercise the writer alone).
  func build(renderer: some TemplateRendering, assets: [String: [UInt8]], clock: StageClock = StageClock())
    async throws(SiteError) -> BuildReport
  {
    var clock = clock
    let urls = try SiteURLs(baseURL: options.baseURL ?? catalog.site.baseURL)
    let strings = try UIStrings(
      language: UILanguage(tag: catalog.site.language), overrides: catalog.site.strings)
    let model = try SiteModel(catalog: catalog, collections: collections)
    let contexts = PageContexts(model: model, settings: catalog.site, urls: urls, strings: strings)
    let jobs = model.pageJobs(perPage: contexts.perPage)
    clock.lap("model")

    let folder = try OutputFolder(path: options.outputDirectory)
    try folder.prepare()
    do {
      let writer = PageWriter(root: folder.staging, contexts: contexts, renderer: renderer)
      try writer.makeDirectories(for: jobs, assets: assets.keys)
      let assetBytes = try writer.writeAssets(assets)
      let pageBytes = try await writer.writePages(jobs, concurrency: max(1, options.jobs))
      // Feeds, OPDS, sitemap and the search index come from the same model and URLs as the pages.
      let discovery = DiscoveryFiles.render(
        model: model, jobs: jobs, settings: catalog.site, urls: urls, strings: strings,
        options: DiscoveryOptions(environment: ProcessInfo.processInfo.environment),
        facts: contexts.seo.facts)
      let discoveryBytes = try DiscoveryFiles.write(discovery, into: folder.staging)
      clock.lap("render+write")
      try folder.commit()
      clock.lap("swap")
      return BuildReport(
        pages: jobs.count, files: jobs.count + assets.count + discovery.count,
        bytes: pageBytes + assetBytes + discoveryBytes,
        books: model.books.count, stages: clock.stages, warnings: SiteWarnings.collect(model))
    } catch {
      folder.discard()
      throw error
    }
  }
}

/// Measures the stages of a build (reported, never written into the output).
struct StageClock: Sendable {
  private(set) var stages: [BuildReport.Stage] = []
  private var last = ContinuousClock.now

  mutating func lap(_ name: String) {
    let now = ContinuousClock.now
    let elapsed = now - last
    stages.append(
      BuildReport.Stage(
        name: name,
        seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18))
    last = now
  }
}

/// Data problems worth telling the owner about, in a stable order.
enum SiteWarnings {
  static func collect(_ model: SiteModel) -> [String] {
    var warnings: [String] = []
    for book in model.books where book.title == nil {
      warnings.append("volume \(book.id) has no title; its page says \"Untitled\"")
    }
    for collection in model.collections where collection.books.isEmpty {
      warnings.append("collection '\(collection.slug)' has no books")
    }
    return warnings
  }
}
