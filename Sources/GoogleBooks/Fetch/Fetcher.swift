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
  /// True when another source is asked for the ISBNs Google cannot answer: an ISBN without a
  /// volume that lists it is then no warning and no book here (`isbnOutcomes` says what came
  /// of it), and one that meets HTTP 429 is no error.
  package var isbnFallback = false
  /// True when the catalog's ISBNs are asked only to enrich books another source found: their
  /// failures are warnings (HTTP 429 not even that: see `isbnOutcomes`), and offline or with
  /// Google unreachable they are skipped with one warning.
  package var enrichingISBNs = false
  /// True when another source is searched for what Google's queries cannot answer (title
  /// matching on import): a query refused with HTTP 429 or not sent because Google cannot be
  /// reached is no error, and `CollectionVolumes.searchFallbacks` lists it.
  package var searchFallback = false
  /// ISBN-13s whose catalog entry an import wrote, and so carries the book's title and authors:
  /// offline, or with Google unreachable, their missing lookups are no error but one warning,
  /// and the book is shown from the export's data.
  package var standIns: Set<String> = []
  /// The volumes decoded so far, shared by the runs of one build (and by `serve`'s rebuilds,
  /// in memory): an item of the same bytes is decoded once (`VolumeMemo`); nil: this run's alone.
  package var memo: VolumeMemo?
  /// Whether Google's daily quota is spent, shared by the runs of one build: once one run has
  /// met it, no run sends another request (`SpentQuota`); nil: this run's alone.
  package var quota: SpentQuota?
  /// Whether each collection lists the cache entries it was read from
  /// (`CollectionVolumes.entries`), which only `serve` asks for between rebuilds.
  package var listsEntries = true

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
    var planner = RequestPlanner(catalog: catalog)
    planner.enrichingISBNs = enrichingISBNs
    var scheduler = FetchScheduler(
      source: GoogleBooksSource(planner: planner, baseURL: apiURL, key: apiKey, memo: memo ?? VolumeMemo()),
      limits: FetchLimits(
        retries: settings.retries, timeout: settings.timeout,
        maxRequests: options.maxRequests ?? settings.maxRequests,
        requestsPerSecond: options.requestsPerSecond ?? settings.requestsPerSecond,
        maxAge: catalog.cache.maxAge, notFoundMaxAge: catalog.cache.notFoundMaxAge),
      options: options, cache: ResponseCache(directory: options.cacheDirectory), transport: transport,
      progress: progress)
    if let quota { scheduler.quota = quota }
    let run = try await scheduler.run(planner.initialRequests())
    let result = try assemble(run)
    // The run's tables are freed beside the next step.
    BackgroundRelease.drop(consume run)
    return result
  }
}
