import BookRecord
import Catalog
import Diagnostics
import Fetching
import GoogleBooks
import OpenLibrary
import Support

/// Puts each collection's records together in catalog order — queries (each source's in the
/// order written), ISBNs (each from the first source in `sources` that lists it), volume ids,
/// Open Library ids — and makes one record of a book both sources know (by ISBN-13).
struct Composer {
  let catalog: Catalog
  let order: [SourceName]
  let first: FetchResult
  let library: OpenLibraryResult
  let plan: LibraryPlan
  let second: SecondLookups
  /// Every book of both sources as its record, mapped once.
  let memo: RecordMemo
  private(set) var warnings: [Diagnostic] = []
  /// Enrichment lookups Google refused with HTTP 429 (its second run's), and those it did not
  /// answer (down or out of reach).
  var enrichmentRefused = 0
  var enrichmentUnanswered = 0
  /// Catalog ISBN lookups Google refused with HTTP 429, and the first refusal.
  private var refused = 0
  private var refusal: RequestFailure?
  /// Catalog ISBN lookups Google did not answer (5xx, no connection), and the first failure.
  private var unanswered = 0
  private var outage: RequestFailure?
  /// Google's errors for the lookups it did not answer and no other source found, in catalog
  /// order: the run fails with them as Google's fetch would have.
  private var unansweredErrors: [FetchError] = []
  /// Each source's records by ISBN-13, for enrichment.
  private var googleByISBN: [String: BookRecord] = [:]
  private var libraryByISBN: [String: BookRecord] = [:]

  init(
    catalog: Catalog, order: [SourceName], first: FetchResult, library: OpenLibraryResult, plan: LibraryPlan,
    second: SecondLookups, records: RecordMemo
  ) {
    memo = records
    self.catalog = catalog
    self.order = order
    self.first = first
    self.library = library
    self.plan = plan
    self.second = second
  }

  var enriches: Bool { order.contains(.googleBooks) && order.contains(.openLibrary) }

  /// Each collection's records; with `only`, those of the collections it names, and none for
  /// the others.
  mutating func compose(only: Set<Int>? = nil) -> SourcedBooks {
    indexByISBN()
    // The collections are composed on every core, a run of them by each copy of this composer;
    // what each copy found to report (warnings, refusals, failures) is added here in catalog
    // order, as one loop over them would have. A copy retains every table: one per run.
    let start = self
    let count = catalog.collections.count
    let runs = min(count, Parallel.coreCount * 4)
    let parts = Parallel.map(count: runs, minimumChunk: 1) { run in
      var composer = start
      let records = (run * count / runs..<(run + 1) * count / runs).map {
        composer.records(ofCollection: $0, only: only, reading: start)
      }
      return (records: records, composer: composer)
    }
    var books = SourcedBooks()
    for part in parts {
      books.collections += part.records
      let found = part.composer
      warnings += found.warnings.dropFirst(start.warnings.count)
      refused += found.refused - start.refused
      refusal = refusal ?? found.refusal
      unanswered += found.unanswered - start.unanswered
      outage = outage ?? found.outage
      unansweredErrors += found.unansweredErrors.dropFirst(start.unansweredErrors.count)
    }
    return books
  }

  /// The records of collection `c` (none when `only` leaves it out). `tables`: this composer's
  /// tables, read there: calling `combined` on `self`, which `resolve` changes, would copy the
  /// whole composer for each record.
  private mutating func records(ofCollection c: Int, only: Set<Int>?, reading tables: Composer)
    -> CollectionRecords
  {
    let collection = catalog.collections[c]
    guard only?.contains(c) ?? true else { return CollectionRecords(slug: collection.slug, records: []) }
    let memo = tables.memo
    var records: [BookRecord] = []
    var seen: Set<String> = []
    func add(_ record: BookRecord?) {
      guard let record = record.map(tables.combined), seen.insert(record.id).inserted else { return }
      records.append(record)
    }
    for (q, query) in collection.queries.enumerated() {
      if query.source == .googleBooks {
        tables.first.collections[c].queryVolumes[q].forEach { add(memo.record($0)) }
      } else if let index = tables.plan.searches[c][q], index < tables.library.searches.count {
        tables.library.searches[index].forEach { add(memo.record($0)) }
      }
    }
    var unfound: [String] = []
    for isbn in collection.isbns {
      guard let record = resolve(isbn, inCollection: c) else {
        unfound.append(isbn.isbn13)
        continue
      }
      add(record)
    }
    let idVolumes = tables.first.collections[c].idVolumes
    idVolumes.forEach { add(memo.record($0)) }
    let foundIDs = Set(idVolumes.map(\.id))
    unfound += collection.volumes.filter { !foundIDs.contains($0) }
    for (i, id) in collection.openLibraryIDs.enumerated() {
      let book: OpenLibraryBook?
      if let index = tables.plan.works[c][i] {
        book = index < tables.library.works.count ? tables.library.works[index] : nil
      } else {
        book = tables.library.lookups["OLID:\(id)"]
      }
      guard let book else {
        unfound.append(id.description)
        continue
      }
      add(memo.record(book))
    }
    var composed = CollectionRecords(slug: collection.slug, records: records)
    composed.unfound = unfound
    return composed
  }

  /// The record for a catalog ISBN: the first source's that lists it; else the first other
  /// edition Google offered (with a warning); else none (with a warning, once every source
  /// answered).
  private mutating func resolve(_ isbn: ISBN, inCollection c: Int) -> BookRecord? {
    let subject = "ISBN \(isbn.isbn13) in collection '\(catalog.collections[c].slug)'"
    let bibkey = "ISBN:" + isbn.isbn13
    var otherEdition: Volume?
    var everyAnswer = true
    // Google's own error for a lookup it could not answer: the run's when no source finds it.
    var googleError: FetchError?
    for source in order {
      switch source {
      case .googleBooks:
        switch googleOutcome(isbn, inCollection: c) {
        case .matched(let volume)?: return memo.record(volume)
        case .otherEdition(let volume)?: otherEdition = otherEdition ?? volume
        case .notFound?: break
        case .rateLimited(let failure)?:
          refused += 1
          refusal = refusal ?? failure
        case .unavailable(let failure, let error)?:
          unanswered += 1
          outage = outage ?? failure
          googleError = error
        case nil: everyAnswer = false
        }
      case .openLibrary:
        if let book = library.lookups[bibkey] { return memo.record(book) }
        if !library.answered.contains(bibkey) { everyAnswer = false }
      }
    }
    // With Google alone, its fetch has said so already.
    let googleAlone = order == [.googleBooks]
    if let volume = otherEdition {
      if !googleAlone {
        let title = volume.volumeInfo.title.map { " ('\($0)')" } ?? ""
        let where_ = order.contains(.openLibrary) ? "no source lists this ISBN" : "no result lists this ISBN"
        warnings.append(
          .warning("\(subject): \(where_); using Google's first result, volume '\(volume.id)'\(title)"))
      }
      return memo.record(volume)
    }
    if let googleError {
      unansweredErrors.append(googleError)
      return nil
    }
    if everyAnswer, !googleAlone {
      let names = order.map(\.displayName).joined(separator: " nor ")
      warnings.append(.warning("\(subject): \(order.count > 1 ? "neither " : "")\(names) found this ISBN"))
    }
    return nil
  }

  /// Google's answer for a catalog ISBN: from its first run when it comes first, else from
  /// its second.
  private func googleOutcome(_ isbn: ISBN, inCollection c: Int) -> ISBNOutcome? {
    order.first == .googleBooks
      ? first.collections[c].isbnOutcomes[isbn.isbn13] : second.outcomes[isbn.isbn13]
  }

  /// Every record each source gave, by ISBN-13: a catalog ISBN's answer under that ISBN, any
  /// other book under its first ISBN-13.
  private mutating func indexByISBN() {
    // Without a book of Open Library's, no record has another source's to combine with.
    guard enriches, library.hasBooks else { return }
    for collection in first.collections {
      for volume in collection.foundVolumes {
        let record = memo.record(volume)
        if let isbn = record.isbn13, googleByISBN[isbn] == nil { googleByISBN[isbn] = record }
      }
      for (isbn, outcome) in collection.isbnOutcomes {
        if case .matched(let volume) = outcome { googleByISBN[isbn] = memo.record(volume) }
      }
    }
    for (isbn, outcome) in second.outcomes {
      if case .matched(let volume) = outcome {
        googleByISBN[isbn] = googleByISBN[isbn] ?? memo.record(volume)
      }
    }
    for (bibkey, book) in library.lookups where bibkey.hasPrefix("ISBN:") {
      libraryByISBN[String(bibkey.dropFirst(5))] = memo.record(book)
    }
    let others =
      library.searches.flatMap { $0 } + library.works.compactMap { $0 }
      + library.lookups.filter { $0.key.hasPrefix("OLID:") }.sorted { $0.key < $1.key }.map(\.value)
    for book in others {
      let record = memo.record(book)
      if let isbn = record.isbn13, libraryByISBN[isbn] == nil { libraryByISBN[isbn] = record }
    }
  }

  /// The record with the other source's record of the same ISBN-13 merged in: the source
  /// first in `sources` gives the book (its id, its page) and the fields it has, the other the
  /// fields it lacks.
  private func combined(_ record: BookRecord) -> BookRecord {
    guard enriches, let isbn = record.isbn13 else { return record }
    let isGoogle = record.provenance.records[0].source.id == BookSource.googleBooks.id
    guard let other = isGoogle ? libraryByISBN[isbn] : googleByISBN[isbn] else { return record }
    let recordFirst = (order.first == .googleBooks) == isGoogle
    return recordFirst ? record.enriched(with: other) : other.enriched(with: record)
  }

  /// Whether composing gave no warning, and met no lookup Google refused or did not answer.
  var isClean: Bool { warnings.isEmpty && refused == 0 && unanswered == 0 && unansweredErrors.isEmpty }

  /// One warning for all ISBN lookups Google refused with HTTP 429, and one for all it did not
  /// answer: Open Library answered for them in this run.
  func quotaWarning(hasKey: Bool) -> [Diagnostic] {
    var warnings: [Diagnostic] = []
    let count = refused + enrichmentRefused
    if count > 0, let failure = refusal ?? firstFailure(\.isRateLimit) {
      let advice =
        hasKey
        ? "the API key's quota is spent or Google is rate-limiting; try again later for Google's data"
        : "set \(catalog.googleBooks.apiKeyEnv) to a Google Books API key for Google's data"
      warnings.append(
        .warning(
          "Google Books refused \(lookups(count)) with \(failure.reason): this run takes those books from "
            + "Open Library; " + advice))
    }
    let missed = unanswered + enrichmentUnanswered
    if missed > 0, let failure = outage ?? firstFailure(\.isUnavailable) {
      warnings.append(
        .warning(
          "Google Books did not answer \(lookups(missed)) (\(failure.reason)): this run takes those books "
            + "from Open Library; the next build asks Google again"))
    }
    return warnings
  }

  /// The error for the ISBNs Google did not answer and no other source found, as Google's own
  /// fetch would have thrown it: the failed requests, else the missing entries.
  var unansweredError: FetchError? {
    var failures: [RequestFailure] = []
    var missing: [MissingEntry] = []
    var reason: FetchError.MissingReason?
    for error in unansweredErrors {
      switch error {
      case .requestsFailed(let more): failures += more
      case .missingEntries(let more, let why):
        missing += more
        reason = reason ?? why
      case .unwrittenEntries, .tooFewDescriptors: continue
      }
    }
    if !failures.isEmpty { return .requestsFailed(failures) }
    return reason.map { .missingEntries(missing, reason: $0) }
  }

  private func lookups(_ count: Int) -> String { count == 1 ? "1 ISBN lookup" : "\(count) ISBN lookups" }

  /// The first of Google's second-run failures of a kind, in ISBN order.
  private func firstFailure(_ kind: (RequestFailure) -> Bool) -> RequestFailure? {
    for isbn in second.outcomes.keys.sorted() {
      switch second.outcomes[isbn] {
      case .rateLimited(let failure)?, .unavailable(let failure, _)?: if kind(failure) { return failure }
      default: continue
      }
    }
    return nil
  }
}
