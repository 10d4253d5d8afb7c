import Catalog
import Diagnostics
import Fetching
import Foundation
import Support

/// The fetch stage for Google Books: turns a catalog into volumes per collection, through the
/// fetch machinery (cache, retries, budget, rate, offline and stale fallbacks) in `Fetching`.
///
/// The requests are planned here (`RequestPlanner`), answered by `FetchScheduler`, and the
/// result assembled afterwards in catalog order, so nothing in the output depends on timing.
package struct Fetcher: Sendable {
  package let catalog: Catalog
  package let options: FetchOptions
  let transport: any HTTPTransport
  let progress: (any FetchProgress)?

  package init(
    catalog: Catalog, options: FetchOptions, transport: any HTTPTransport = URLSessionTransport(),
    progress: (any FetchProgress)? = nil
  ) {
    self.catalog = catalog
    self.options = options
    self.transport = transport
    self.progress = progress
  }

  /// `google_books.api_url` (which the command line sets from `BOOKGEN_API_URL` when given).
  package var apiURL: String { APIRequest.trimmedBase(catalog.googleBooks.apiURL) }

  var apiKey: String? {
    let key = options.environment[catalog.googleBooks.apiKeyEnv] ?? ""
    return key.isEmpty ? nil : key
  }

  package func run() async throws(FetchError) -> FetchResult {
    let settings = catalog.googleBooks
    let planner = RequestPlanner(catalog: catalog)
    let scheduler = FetchScheduler(
      source: GoogleBooksSource(planner: planner, baseURL: apiURL, key: apiKey),
      limits: FetchLimits(
        retries: settings.retries, timeout: settings.timeout,
        maxRequests: options.maxRequests ?? settings.maxRequests,
        requestsPerSecond: options.requestsPerSecond ?? settings.requestsPerSecond,
        maxAge: catalog.cache.maxAge),
      options: options, cache: ResponseCache(directory: options.cacheDirectory), transport: transport,
      progress: progress)
    let run = try await scheduler.run(planner.initialRequests())
    return try assemble(run)
  }
}
