import BookRecord
import Catalog
import CoverImages
import Diagnostics
import Fetching
import Glibc
import Support

/// The sources' covers the books show and what the cache holds of each, and what the fetch
/// has to say.
package struct FetchedCovers: Sendable {
  /// Each cover's URL once, in the order the books first show them, with the image the cache
  /// holds (nil: none, and the books show their title cards).
  var images: [(url: String, image: SourceImage?)] = []
  package var warnings: [Diagnostic] = []
  package var statistics = FetchStatistics()
  /// Covers the request budget did not reach: the next run fetches them.
  package var pending: [MissingEntry] = []
  /// The covers' memo as the fetch found it (read once a build), and for the memo the
  /// processing keeps: the cache entries it read or took from the memo (`read`: whether it read
  /// any), and the stamps of their folders before it looked at them.
  var memo: CoverMemo?
  var sources: [UInt64: CoverMemo.Source] = [:]
  var read = false
  var entryFolders: [String: FileStamp] = [:]

  package init() {}
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
    // Each URL once, with the position and record of the first book that shows it.
    var library: [Wanted] = []
    var other: [Wanted] = []
    var seen: Set<String> = []
    // Read while the URLs are worked out: both take one core.
    async let remembered = store.memo()
    let owned = ownerCoverKeys
    // Sized once: growing tables of 10,000 URLs rehashed each several times.
    let count = records.reduce(0) { $0 + $1.records.count }
    seen.reserveCapacity(count)
    fetched.images.reserveCapacity(count)
    for collection in records {
      for record in collection.records {
        guard let url = sourceURL(of: record, owned), seen.insert(url).inserted else { continue }
        let wanted = Wanted(
          request: CoverRequest(url: url), key: CoverMemo.key(url: url), order: fetched.images.count,
          record: record)
        fetched.images.append((url, nil))
        if WebLink.host(of: url) == Self.openLibraryHost {
          library.append(wanted)
        } else {
          other.append(wanted)
        }
      }
    }
    // An entry the memo knows, in a folder or a file as the memo found it, is taken without
    // being read; `answers` keeps what the fetch reads of the others, for the memo.
    let memo = await remembered
    let answers = CachedAnswers()
    let cacheFolder = options.cacheDirectory + "/"
    // Each entry the memo knows is looked at relative to the cache folder, opened once.
    let folder = open(options.cacheDirectory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    defer { if folder >= 0 { close(folder) } }
    var folders: Set<Substring> = []
    for source in memo.sources.values { folders.insert(Self.folderName(of: source.entry)) }
    for name in folders {
      fetched.entryFolders[String(name)] = FileStamp.of(String(name), in: folder)
    }
    let unchanged = Set(fetched.entryFolders.filter { memo.entryFolders[$0.key] == $0.value }.keys)
    var spent = spent
    // The memo's entries taken as they are: when they are all it knows, and nothing was read,
    // its table of sources is the next memo's as it is.
    var taken: [(key: UInt64, source: CoverMemo.Source)] = []
    taken.reserveCapacity(fetched.images.count)
    let settings = catalog.openLibrary
    for (wanted, limits, transport, names) in [
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
    ] where !wanted.isEmpty {
      var limits = limits
      var runOptions = options
      runOptions.answers = answers
      if let budget = options.maxRequests {
        runOptions.maxRequests = max(0, budget - spent)
        limits.maxRequests = runOptions.maxRequests
      }
      if let rate = options.requestsPerSecond { limits.requestsPerSecond = rate }
      let host = wanted.first.flatMap { WebLink.host(of: $0.request.url) } ?? "the image hosts"
      let source = CoverSource(baseURL: host, settingNames: names)
      let scheduler = FetchScheduler(
        source: source, limits: limits, options: runOptions,
        cache: ResponseCache(directory: options.cacheDirectory), transport: transport, progress: progress)
      let known = Parallel.map(count: wanted.count) { index -> CoverMemo.Source? in
        let request = wanted[index].request
        guard let source = memo.sources[wanted[index].key],
          folder >= 0, source.entry.utf8.first != UInt8(ascii: "/"),
          unchanged.contains(String(Self.folderName(of: source.entry)))
            || FileStamp.of(source.entry, in: folder) == source.answer.stamp,
          scheduler.isFresh(source.answer, for: request)
        else { return nil }
        return source
      }
      var requests: [(CoverRequest, CoverPurpose)] = []
      for (wanted, known) in zip(wanted, known) {
        if let known {
          fetched.images[wanted.order].image = known.answer.value
          taken.append((wanted.key, known))
        } else {
          requests.append(
            (wanted.request, CoverPurpose(order: wanted.order, subject: Self.subject(of: wanted.record))))
        }
      }
      fetched.statistics.cacheHits += wanted.count - requests.count
      guard !requests.isEmpty else { continue }
      let run = try await scheduler.run(requests)
      var collector = FetchCollector(run)
      for (request, purpose) in requests {
        // No image at the source is no problem: the book shows its title card.
        guard let (image, _) = collector.take(request, purpose, handled: { failure, _ in failure.isNotFound })
        else { continue }
        fetched.images[purpose.order].image = image
      }
      fetched.pending += try collector.finish()
      fetched.warnings += collector.warnings
      fetched.statistics = fetched.statistics + run.statistics
      spent += run.statistics.requests
    }
    fetched.memo = memo
    let read = answers.remembered(SourceImage.self)
    fetched.read = !read.isEmpty
    if read.isEmpty, taken.count == memo.sources.count {
      fetched.sources = memo.sources
      return fetched
    }
    fetched.sources.reserveCapacity(taken.count)
    for (key, source) in taken { fetched.sources[key] = source }
    if !read.isEmpty {
      let cache = ResponseCache(directory: options.cacheDirectory)
      for wanted in library + other where fetched.sources[wanted.key] == nil {
        let entry = cache.relativePath(for: wanted.request)
        guard let answer = read[cacheFolder + entry] else { continue }
        fetched.sources[wanted.key] = CoverMemo.Source(entry: entry, answer: answer)
      }
    }
    return fetched
  }

  /// The folder below the cache's that the entry at `path` (below the cache's) lies in.
  static func folderName(of path: String) -> Substring {
    path.utf8.firstIndex(of: UInt8(ascii: "/")).map { path[..<$0] } ?? ""
  }
}

/// A source's cover to fetch: its request, and the first book that shows it (the cover's
/// position in `FetchedCovers.images`, and its record, for messages).
struct Wanted: Sendable {
  let request: CoverRequest
  /// The memo's key for its URL (`CoverMemo.key(url:)`).
  let key: UInt64
  let order: Int
  let record: BookRecord
}
