import Catalog
import Diagnostics
import Fetching
import Foundation

/// What an Open Library run found, by what the plan asked.
package struct OpenLibraryResult: Sendable {
  /// The book each found bibkey (`ISBN:…`, `OLID:…`) stands for; unknown ones are absent.
  package var lookups: [String: OpenLibraryBook] = [:]
  /// The bibkeys Open Library answered for, found or not (not those it could not be asked).
  package var answered: Set<String> = []
  /// Each search's books, in result order, each once.
  package var searches: [[OpenLibraryBook]] = []
  /// Each listed work's book (nil when it could not be had).
  package var works: [OpenLibraryBook?] = []
  /// Notes on values left out, redirects, fallbacks… in plan order.
  package var warnings: [Diagnostic] = []
  package var statistics = FetchStatistics()
  /// Entries the request budget did not reach.
  package var pending: [MissingEntry] = []
  /// Searches that may fall back (`Search.mayFallBack`) Open Library could not answer or the
  /// budget did not reach, by index in the plan.
  package var searchFallbacks = SearchFallbacks()

  package init() {}
}

/// The fetch stage for Open Library: a plan in, books out, through the same machinery as every
/// source (cache, retries and `Retry-After`, the budget, offline runs, stale fallbacks), at its
/// own polite pace: few requests at once, a rate cap, and a `User-Agent` naming bookgen and
/// the site's contact.
package struct OpenLibraryFetcher: Sendable {
  package let settings: OpenLibrarySettings
  package let options: FetchOptions
  /// Seconds a cache entry stays fresh (`cache.max_age`).
  package let maxAge: Double
  /// Seconds an answer that a record is not there stays fresh (`cache.not_found_max_age`).
  package let notFoundMaxAge: Double
  let transport: any HTTPTransport
  let progress: (any FetchProgress)?
  /// The catalog's keys of imported books: shown with the export's data when they cannot be
  /// looked up (offline, Open Library unreachable) instead of failing the run.
  package var standIns: Set<String> = []

  /// `version` is bookgen's, for the `User-Agent`; `transport` defaults to URLSession sending it.
  package init(
    settings: OpenLibrarySettings, options: FetchOptions, maxAge: Double, notFoundMaxAge: Double = 86_400,
    version: String, transport: (any HTTPTransport)? = nil, progress: (any FetchProgress)? = nil
  ) {
    self.settings = settings
    self.options = options
    self.maxAge = maxAge
    self.notFoundMaxAge = notFoundMaxAge
    let userAgent = UserAgent.make(version: version, contact: settings.contact)
    self.transport = transport ?? URLSessionTransport(headers: ["User-Agent": userAgent])
    self.progress = progress
  }

  /// `open_library.api_url` without a trailing slash (the command line sets it from
  /// `BOOKGEN_OPENLIBRARY_URL` when given).
  package var apiURL: String {
    var base = settings.apiURL
    while base.hasSuffix("/") { base.removeLast() }
    return base
  }

  package func run(_ plan: OpenLibraryPlan) async throws(FetchError) -> OpenLibraryResult {
    guard !plan.isEmpty else { return OpenLibraryResult() }
    let source = OpenLibrarySource(planner: OpenLibraryPlanner(plan), baseURL: apiURL)
    var options = options
    options.jobs = max(1, min(options.jobs, settings.concurrency))
    let scheduler = FetchScheduler(
      source: source,
      limits: FetchLimits(
        retries: settings.retries, timeout: settings.timeout,
        maxRequests: options.maxRequests ?? settings.maxRequests,
        requestsPerSecond: options.requestsPerSecond ?? settings.effectiveRequestsPerSecond, maxAge: maxAge,
        notFoundMaxAge: notFoundMaxAge),
      options: options, cache: ResponseCache(directory: options.cacheDirectory), transport: transport,
      progress: progress)
    let planner = source.planner
    let run = try await scheduler.run(planner.initialRequests())
    var assembly = OpenLibraryAssembly(
      collector: FetchCollector(run), planner: planner, standIns: StandIns(keys: standIns))
    var result = assembly.assemble()
    if let warning = assembly.standIns.warning(source: "Open Library", offline: options.offline) {
      assembly.collector.warn(warning)
    }
    if run.statistics.requests > 0, settings.contact == nil {
      assembly.collector.note(
        "open_library.contact is not set: Open Library was asked at its anonymous rate (one request a "
          + "second); set it to your e-mail address or site URL to be identified (three a second)")
    }
    result.pending = try assembly.collector.finish()
    result.warnings = assembly.collector.warnings
    result.statistics = run.statistics
    return result
  }
}

/// The `User-Agent` Open Library asks clients to send: the application and a way to reach
/// whoever runs it, `bookgen/0.2.0 (+mailto:me@example.org)` or `bookgen/0.2.0 (+https://…)`.
package enum UserAgent {
  package static func make(version: String, contact: String?) -> String {
    guard let contact, !contact.isEmpty else { return "bookgen/\(version)" }
    let isURL = contact.hasPrefix("https://") || contact.hasPrefix("http://")
    return "bookgen/\(version) (+\(isURL ? "" : "mailto:")\(contact))"
  }
}
