import BookRecord
import Catalog
import Covers
import Fetching
import OpenLibrary
import Site
import Sourcing

extension CommandContext {
  /// With `site.covers: local`, fetches each book's source cover into the cache through the
  /// fetch machinery (after the books: `spent` requests of `--max-requests` are gone); the
  /// fetch's warnings are shown. Nothing to do, and nothing read, for remote covers.
  func fetchCovers(
    for catalog: Catalog, books: SourcedBooks, offline: Bool, network: NetworkOptions, refreshesExpired: Bool
  ) async throws -> FetchedCovers {
    guard catalog.site.covers == .local else { return FetchedCovers() }
    let options = FetchOptions(
      cacheDirectory: catalog.cacheDirectory, offline: offline, refresh: network.refresh,
      refreshesExpired: refreshesExpired, jobs: network.jobs, maxRequests: network.maxRequests,
      environment: environment.variables)
    let userAgent = UserAgent.make(version: BookgenCLI.version, contact: catalog.openLibrary.contact)
    let transports = CoverTransports(
      openLibrary: URLSessionTransport(
        bodyLimit: CoverTransports.bodyLimit, headers: ["User-Agent": userAgent]),
      other: URLSessionTransport(bodyLimit: CoverTransports.bodyLimit))
    let fetched = try await CoverStage(catalog: catalog, widths: SiteBuilder.coverWidths).fetch(
      records: books.collections, options: options, spent: books.statistics.requests, transports: transports)
    fetched.warnings.forEach(console.diagnostic)
    for entry in fetched.pending { console.detail("  still to fetch: \(entry.subject): \(entry.request)") }
    return fetched
  }

  /// The covers the site serves itself, each image processed once and kept in the cache; a
  /// warning for each book whose image cannot be a cover. None (and nothing read) when the
  /// site shows remote covers only.
  func processCovers(for catalog: Catalog, books: SourcedBooks, fetched: FetchedCovers) -> LocalCovers {
    guard CoverStage.isNeeded(for: catalog) else { return .none }
    let result = CoverStage(catalog: catalog, widths: SiteBuilder.coverWidths).run(
      records: books.collections, fetched: fetched)
    result.warnings.forEach(console.diagnostic)
    console.detail(
      "Covers: \(result.covers.covers.count) served from the site, \(result.decoded) processed by this build")
    return result.covers
  }
}
