import Catalog
import Fetching
import GoogleBooks
import Sourcing

extension CommandContext {
  /// `bookgen fetch`: fills the cache from the catalog's sources (and with `site.covers: local`
  /// their covers), prints warnings and a summary.
  func fetch(_ options: FetchCommandOptions) async throws {
    var pipeline = Pipeline(self, command: .fetch, steps: 2)
    let catalog = try await pipeline.step("Loading catalog", stage: "loading the catalog") {
      try loadCatalog(options.catalog)
    }
    _ = try await pipeline.step("Fetching volumes", stage: "fetching volumes") {
      // One writer at a time on a cache: a second fetch (or online build) waits.
      let cache = ResponseCache(directory: catalog.cacheDirectory)
      try? cache.claimFolder()
      return try await holdingCacheLock(cache) {
        let books = try await fetchVolumes(for: catalog, offline: false, network: options.network)
        // With `site.covers: local`, the books' covers too: a build after it needs no network.
        _ = try await fetchCovers(
          for: catalog, books: books, offline: false, network: options.network, refreshesExpired: true)
        return books
      }
    }
  }

  /// Runs the fetch stage with the command's network options; prints its progress and warnings.
  /// The caller holds the cache's lock when the fetch may write (`holdingCacheLock`). With
  /// `kept` (serve's), what earlier rebuilds decoded and mapped is not done again; with
  /// `updating`, only the collections it names are sourced again when they can be alone.
  func fetchVolumes(
    for catalog: Catalog, offline: Bool, network: NetworkOptions, refreshesExpired: Bool = true,
    kept: PreviewState? = nil, updating update: (books: SourcedBooks, changed: Set<Int>)? = nil
  ) async throws -> SourcedBooks {
    let sourcing = sourcing(
      for: catalog, offline: offline, network: network, refreshesExpired: refreshesExpired, kept: kept)
    if let update, let books = await sourcing.run(updating: update.books, changed: update.changed) {
      return books
    }
    console.detail(
      "Cache: \(sourcing.options.cacheDirectory); APIs: \(catalog.googleBooks.apiURL), \(catalog.openLibrary.apiURL)"
    )
    let nothingCached = ResponseCache(directory: sourcing.options.cacheDirectory).isEmpty
    let result: SourcedBooks
    do {
      result = try await sourcing.run()
    } catch {
      let variable = catalog.googleBooks.apiKeyEnv
      throw FetchAdvice.wrap(
        error, keyVariable: variable, hasKey: !(environment.variables[variable] ?? "").isEmpty,
        nothingCached: nothingCached)
    }
    result.warnings.forEach(console.diagnostic)
    for entry in result.pending { console.detail("  still to fetch: \(entry.subject): \(entry.request)") }
    return result
  }

  /// The fetch stage's sources with the command's network options; with `kept` (serve's),
  /// what earlier rebuilds decoded and mapped.
  func sourcing(
    for catalog: Catalog, offline: Bool, network: NetworkOptions, refreshesExpired: Bool, kept: PreviewState?
  ) -> Sourcing {
    var fetchOptions = FetchOptions(
      cacheDirectory: catalog.cacheDirectory, offline: offline, refresh: network.refresh,
      refreshesExpired: refreshesExpired, jobs: network.jobs, maxRequests: network.maxRequests,
      environment: environment.variables)
    fetchOptions.answers = kept?.answers
    var sourcing = Sourcing(
      catalog: catalog, options: fetchOptions, version: BookgenCLI.version, progress: fetchProgress())
    sourcing.volumeMemo = kept?.volumes
    sourcing.keptRecords = kept?.records
    sourcing.keptRun = kept?.run
    return sourcing
  }

  /// A live line on a terminal, one line per collection otherwise, nothing with `--quiet`.
  private func fetchProgress() -> (any FetchProgress)? {
    // Preview rebuilds read the cache on every save: their progress would only be noise.
    guard console.verbosity > .quiet, !isPreview else { return nil }
    return FetchReporter(write: environment.standardError.write, live: environment.standardErrorIsTerminal)
  }
}
