import BookRecord
import Catalog
import Diagnostics
import Fetching
import GoogleBooks
import OpenLibrary
import Support

/// What all sources gave, combined: the records per collection, and the fetch's warnings,
/// counters and entries left to a later run, in catalog order.
package struct SourcedBooks: Sendable {
  /// Each collection's records, in catalog order, each book once.
  package var collections: [CollectionRecords] = []
  package var warnings: [Diagnostic] = []
  package var statistics = FetchStatistics()
  package var pending: [MissingEntry] = []
}

/// Asks the sources the catalog names, in its order, and combines their books.
///
/// Three runs at most, each through the fetch machinery: Google Books for its queries and
/// volume ids (and the ISBNs, when it comes first); Open Library for its queries and ids, the
/// ISBNs (all of them when it comes first, else those Google had no match for or refused with
/// HTTP 429), and the ISBNs of Google's books, to enrich them; Google again for the ISBNs Open
/// Library lacked (when it came first) and those of Open Library's books. A book both sources
/// know (the same ISBN-13) is one record: the first source's, its missing fields filled from
/// the other's — matched by ISBN, never by title.
package struct Sourcing: Sendable {
  package let catalog: Catalog
  package let options: FetchOptions
  /// bookgen's version, for Open Library's User-Agent.
  package let version: String
  package var googleTransport: any HTTPTransport = URLSessionTransport()
  /// Nil: Open Library's own URLSession transport, which sends its User-Agent.
  package var openLibraryTransport: (any HTTPTransport)?
  let progress: (any FetchProgress)?
  /// Google Books' volumes decoded so far (`VolumeMemo`), shared by every Google run of this
  /// build, and by `serve`'s rebuilds while it runs; nil: one for this build alone.
  package var volumeMemo: VolumeMemo?
  /// The records earlier runs mapped (`serve`'s, between rebuilds); nil: this run maps all.
  package var keptRecords: KeptRecords?
  /// The last run's answers (`serve`'s, between rebuilds), which `run(updating:changed:)` starts
  /// from; nil: none kept.
  package var keptRun: KeptRun?

  package init(catalog: Catalog, options: FetchOptions, version: String, progress: (any FetchProgress)? = nil)
  {
    self.catalog = catalog
    self.options = options
    self.version = version
    self.progress = progress
  }

  var order: [SourceName] { catalog.sources }
  var googleFirst: Bool { order.first == .googleBooks }
  /// Books both sources know are combined, and each source is asked for the other's ISBNs.
  var enriches: Bool { order.contains(.googleBooks) && order.contains(.openLibrary) }

  package func run() async throws(FetchError) -> SourcedBooks {
    let relay = progress.map(ProgressRelay.init)
    // Google's answers that its daily quota is spent hold for the later Google runs too.
    let quota = SpentQuota()
    let first = try await firstGoogleFetcher(firstGoogleCatalog, quota: quota, relay: relay).run()
    relay?.finished(first.statistics)
    var records = keptRecords?.take() ?? RecordMemo()
    defer { keptRecords?.keep(records) }
    records.add(first)

    var library = OpenLibraryFetcher(
      settings: catalog.openLibrary, options: options, maxAge: catalog.cache.maxAge,
      notFoundMaxAge: catalog.cache.notFoundMaxAge, version: version,
      transport: openLibraryTransport, progress: relay)
    library.standIns = standIns
    // Each collection's part on every core: it reads the record of each of its books.
    let mapped = records
    let parts = Parallel.map(count: first.collections.count, minimumChunk: 1) {
      libraryPart(first.collections[$0], at: $0, records: mapped)
    }
    let plan = libraryPlan(parts: parts)
    let found = try await library.run(plan.plan)
    relay?.finished(found.statistics)
    records.add(found.allBooks)

    var spent = first.statistics.requests
    var lookups = try await secondGoogleRun(
      catalogFallbackCatalog(after: found), enriching: false, spent: &spent, quota: quota, relay: relay)
    let enrichment = try await secondGoogleRun(
      enrichmentCatalog(after: found, plan: plan, records: records), enriching: true, spent: &spent,
      quota: quota, relay: relay)
    lookups.merge(enrichment)
    records.add(lookups.outcomes.keys.sorted().compactMap { lookups.outcomes[$0]?.volume })

    var run = SourcingRun(first: first, parts: parts, plan: plan, found: found, lookups: lookups)
    for outcome in enrichment.outcomes.values {
      switch outcome {
      case .rateLimited: run.enrichmentRefused += 1
      case .unavailable: run.enrichmentUnanswered += 1
      case .matched, .otherEdition, .notFound: continue
      }
    }
    let (books, clean) = try compose(run, records: records)
    run.clean = clean
    keptRun?.keep(run)
    // What the books were composed from is freed beside the next step.
    BackgroundRelease.drop(consume run)
    for collection in books.collections {
      progress?.report(.collectionFetched(slug: collection.slug, volumes: collection.records.count))
    }
    progress?.report(.finished(books.statistics, warnings: books.warnings.count))
    return books
  }

  /// The books of `run`'s answers, with its warnings, counters and entries left to a later run;
  /// with `only`, the records of the collections it names alone. Whether composing was clean
  /// (`Composer.isClean`).
  func compose(_ run: SourcingRun, records: RecordMemo, only: Set<Int>? = nil) throws(FetchError) -> (
    SourcedBooks, clean: Bool
  ) {
    var composer = Composer(
      catalog: catalog, order: order, first: run.first, library: run.found, plan: run.plan,
      second: run.lookups,
      records: records)
    composer.enrichmentRefused = run.enrichmentRefused
    composer.enrichmentUnanswered = run.enrichmentUnanswered
    var books = composer.compose(only: only)
    if let error = composer.unansweredError { throw error }
    books.warnings =
      composer.quotaWarning(hasKey: hasKey) + run.first.warnings + run.found.warnings + run.lookups.warnings
      + composer.warnings
    books.statistics = run.first.statistics + run.found.statistics + run.lookups.statistics
    books.statistics.volumes = books.collections.reduce(0) { $0 + $1.records.count }
    books.pending = run.first.pending + run.found.pending + run.lookups.pending
    return (books, composer.isClean)
  }

  /// The fetcher of Google's first run over `catalog`.
  func firstGoogleFetcher(_ catalog: Catalog, quota: SpentQuota, relay: ProgressRelay?) -> Fetcher {
    var google = Fetcher(catalog: catalog, options: options, transport: googleTransport, progress: relay)
    google.isbnFallback = googleFirst && order.contains(.openLibrary)
    google.standIns = standIns
    google.memo = volumeMemo
    google.quota = quota
    // Only a run kept for the next one (serve's) is asked which entries it read.
    google.listsEntries = keptRun != nil
    return google
  }

  /// ISBN-13s whose catalog entry an import wrote (`Fetcher.standIns`).
  var standIns: Set<String> { Set(catalog.books.filter { $0.value.imported != nil }.keys) }

  /// Whether the runs send an API key (the quota warning's advice depends on it).
  var hasKey: Bool { !(options.environment[catalog.googleBooks.apiKeyEnv] ?? "").isEmpty }

  /// Google's first run: its queries and volume ids, and the ISBNs when Google comes first.
  var firstGoogleCatalog: Catalog {
    var first = catalog
    if !googleFirst {
      for index in first.collections.indices { first.collections[index].isbns = [] }
    }
    return first
  }

  /// A second Google run over `catalog` (nil: nothing to ask), within what is left of the
  /// budget after the first.
  private func secondGoogleRun(
    _ catalog: Catalog?, enriching: Bool, spent: inout Int, quota: SpentQuota, relay: ProgressRelay?
  ) async throws(FetchError) -> SecondLookups {
    guard let catalog else { return SecondLookups() }
    var options = options
    if let budget = options.maxRequests ?? catalog.googleBooks.maxRequests {
      options.maxRequests = max(0, budget - spent)
    }
    var google = Fetcher(catalog: catalog, options: options, transport: googleTransport, progress: relay)
    google.isbnFallback = !enriching && !googleFirst
    google.memo = volumeMemo
    google.quota = quota
    google.listsEntries = keptRun != nil
    google.enrichingISBNs = enriching
    let result = try await google.run()
    spent += result.statistics.requests
    relay?.finished(result.statistics)
    return SecondLookups(result)
  }
}
