import BookRecord
import Catalog
import CoverImages
import Diagnostics
import Fetching
import Support

/// The sources' covers a fetch found in the cache (or fetched into it), by URL, and what the
/// fetch has to say.
package struct FetchedCovers: Sendable {
  var images: [String: SourceImage] = [:]
  package var warnings: [Diagnostic] = []
  package var statistics = FetchStatistics()
  /// Covers the request budget did not reach: the next run fetches them.
  package var pending: [MissingEntry] = []
  /// The covers' memo as the fetch found it (read once a build), and the cache entries it
  /// read or took from the memo, for the memo the processing keeps.
  var memo: CoverMemo?
  var sources: [String: CachedAnswers.Remembered<SourceImage>] = [:]

  package init() {}

  /// How many covers the cache holds for the build.
  package var count: Int { images.count }
}

/// The HTTP clients cover fetches use: Open Library's (which sends its User-Agent) and any
/// other host's.
package struct CoverTransports: Sendable {
  package var openLibrary: any HTTPTransport
  package var other: any HTTPTransport

  package init(openLibrary: any HTTPTransport, other: any HTTPTransport) {
    self.openLibrary = openLibrary
    self.other = other
  }

  /// The most read of one image: what the processing accepts.
  package static let bodyLimit = CoverLimits.standard.maxBytes
}

extension CoverStage {
  /// Open Library's cover host: its images are fetched at Open Library's rate, with its settings.
  static let openLibraryHost = "covers.openlibrary.org"

  /// Fetches each book's source cover once into the cache (`site.covers: local`), through the
  /// fetch machinery the APIs use: Open Library's covers at its rate and with its retries, any
  /// other host's with Google Books' settings; `options` as for the API requests (offline,
  /// `--refresh`, the budget: `spent` requests are already gone from `--max-requests`). An
  /// image the source does not have (404) is remembered like a record it does not have; a
  /// failed fetch is a warning, and the book shows its title card.
  package func fetch(
    records: [CollectionRecords], options: FetchOptions, spent: Int, transports: CoverTransports,
    progress: (any FetchProgress)? = nil
  ) async throws(FetchError) -> FetchedCovers {
    var fetched = FetchedCovers()
    guard catalog.site.covers == .local else { return fetched }
    var library: [(CoverRequest, CoverPurpose)] = []
    var other: [(CoverRequest, CoverPurpose)] = []
    var seen: Set<String> = []
    var order = 0
    let owned = ownerCoverKeys
    for collection in records {
      for record in collection.records where !showsOwnerCover(record, owned) {
        guard let url = LocalCovers.sourceURL(of: record), seen.insert(url).inserted else { continue }
        let request = (CoverRequest(url: url), CoverPurpose(order: order, subject: Self.subject(of: record)))
        order += 1
        if WebLink.host(of: url) == Self.openLibraryHost {
          library.append(request)
        } else {
          other.append(request)
        }
      }
    }
    // An entry whose file is as the memo remembers it is taken without being read.
    let memo = store.memo()
    let answers = CachedAnswers()
    let cacheFolder = options.cacheDirectory + "/"
    for (path, source) in memo.sources { answers.remember(source, at: cacheFolder + path) }
    var spent = spent
    let settings = catalog.openLibrary
    for (requests, limits, transport, names) in [
      (
        library,
        FetchLimits(
          retries: settings.retries, timeout: settings.timeout, maxRequests: settings.maxRequests,
          requestsPerSecond: settings.effectiveRequestsPerSecond, maxAge: catalog.cache.maxAge,
          notFoundMaxAge: catalog.cache.notFoundMaxAge),
        transports.openLibrary,
        SourceSettingNames(maxRequests: "open_library.max_requests", apiURL: "the cover's URL")
      ),
      (
        other,
        FetchLimits(
          retries: catalog.googleBooks.retries, timeout: catalog.googleBooks.timeout,
          maxRequests: catalog.googleBooks.maxRequests,
          requestsPerSecond: catalog.googleBooks.requestsPerSecond,
          maxAge: catalog.cache.maxAge, notFoundMaxAge: catalog.cache.notFoundMaxAge),
        transports.other,
        SourceSettingNames(maxRequests: "google_books.max_requests", apiURL: "the cover's URL")
      ),
    ] where !requests.isEmpty {
      var limits = limits
      var runOptions = options
      runOptions.answers = answers
      if let budget = options.maxRequests {
        runOptions.maxRequests = max(0, budget - spent)
        limits.maxRequests = runOptions.maxRequests
      }
      if let rate = options.requestsPerSecond { limits.requestsPerSecond = rate }
      let host = requests.first.flatMap { WebLink.host(of: $0.0.url) } ?? "the image hosts"
      let source = CoverSource(baseURL: host, settingNames: names)
      let scheduler = FetchScheduler(
        source: source, limits: limits, options: runOptions,
        cache: ResponseCache(directory: options.cacheDirectory), transport: transport, progress: progress)
      // The entries the memo knows need no task of the run's: most of them, once fetched.
      let known = Parallel.map(count: requests.count) { scheduler.knownAnswer(for: requests[$0].0) }
      var unknown: [(CoverRequest, CoverPurpose)] = []
      for (request, image) in zip(requests, known) {
        if let image { fetched.images[request.0.url] = image } else { unknown.append(request) }
      }
      fetched.statistics.cacheHits += requests.count - unknown.count
      guard !unknown.isEmpty else { continue }
      let run = try await scheduler.run(unknown)
      var collector = FetchCollector(run)
      for (request, purpose) in unknown {
        // No image at the source is no problem: the book shows its title card.
        guard let (image, _) = collector.take(request, purpose, handled: { failure, _ in failure.isNotFound })
        else { continue }
        fetched.images[request.url] = image
      }
      fetched.pending += try collector.finish()
      fetched.warnings += collector.warnings
      fetched.statistics = fetched.statistics + run.statistics
      spent += run.statistics.requests
    }
    fetched.memo = memo
    for (path, source) in answers.remembered(SourceImage.self) where path.hasPrefix(cacheFolder) {
      fetched.sources[String(path.dropFirst(cacheFolder.count))] = source
    }
    return fetched
  }
}
