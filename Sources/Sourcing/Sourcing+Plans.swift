import BookRecord
import Catalog
import Diagnostics
import Fetching
import GoogleBooks
import OpenLibrary

/// What Open Library is asked, and where each catalog entry's answer is found in its plan.
struct LibraryPlan: Sendable {
  var plan = OpenLibraryPlan()
  /// `[collection][query]` → index in `plan.searches` (nil for Google's queries).
  var searches: [[Int?]] = []
  /// `[collection][id]` → index in `plan.works` (nil for editions, found by `OLID:` bibkey).
  var works: [[Int?]] = []
}

/// Google's answers from its second run, by ISBN-13 whatever the collection.
struct SecondLookups: Sendable {
  var outcomes: [String: ISBNOutcome] = [:]
  var warnings: [Diagnostic] = []
  var statistics = FetchStatistics()
  var pending: [MissingEntry] = []
  /// The cache entries the runs read.
  var entries: [String] = []

  init() {}

  init(_ result: FetchResult) {
    for collection in result.collections {
      outcomes.merge(collection.isbnOutcomes) { first, _ in first }
    }
    warnings = result.warnings
    statistics = result.statistics
    pending = result.pending
    entries = result.collections.flatMap(\.entries)
  }

  mutating func merge(_ other: SecondLookups) {
    outcomes.merge(other.outcomes) { first, _ in first }
    warnings += other.warnings
    statistics = statistics + other.statistics
    pending += other.pending
    entries += other.entries
  }
}

/// What one collection adds to Open Library's plan beyond its catalog entries: the ISBNs it is
/// asked for (those Google had no match for or refused, when Google comes first), and its
/// Google books' ISBNs, to enrich them.
struct LibraryPart: Sendable, Equatable {
  var isbns: [OpenLibraryPlan.Lookup] = []
  var enrichment: [OpenLibraryPlan.Lookup] = []
}

extension Sourcing {
  /// Open Library's queries and ids; the ISBNs it is asked (all, when it comes first; else
  /// those Google had no match for or refused); Google's books' ISBNs, to enrich them.
  /// `parts`: each collection's (`libraryPart`), in catalog order.
  func libraryPlan(parts: [LibraryPart]) -> LibraryPlan {
    var library = LibraryPlan()
    for (c, collection) in catalog.collections.enumerated() {
      library.searches.append(
        collection.queries.map { query in
          guard query.source == .openLibrary, let search = query.openLibrary else { return nil }
          library.plan.searches.append(
            OpenLibraryPlan.Search(
              fields: search.parameters.map { OpenLibraryRequest.Parameter($0.name, $0.value) },
              maxResults: query.maxResults,
              subject: "Open Library query '\(search.summary)' in collection '\(collection.slug)'"))
          return library.plan.searches.count - 1
        })
      library.works.append(
        collection.openLibraryIDs.map { id in
          guard id.kind == .work else {
            library.plan.add(.edition(id))
            return nil
          }
          library.plan.works.append(
            .init(id: id, subject: "Open Library work \(id) in collection '\(collection.slug)'"))
          return library.plan.works.count - 1
        })
      parts[c].isbns.forEach { library.plan.add($0) }
    }
    for part in parts { part.enrichment.forEach { library.plan.add($0) } }
    return library
  }

  /// What collection `c`, whose Google volumes are `google`, adds to Open Library's plan.
  func libraryPart(_ google: CollectionVolumes, at c: Int, records: RecordMemo) -> LibraryPart {
    var part = LibraryPart()
    guard order.contains(.openLibrary) else { return part }
    for isbn in catalog.collections[c].isbns {
      if !googleFirst {
        part.isbns.append(.isbn(isbn.isbn13))
      } else if let outcome = google.isbnOutcomes[isbn.isbn13], !outcome.isMatch {
        part.isbns.append(.isbn(isbn.isbn13))
      }
    }
    guard enriches else { return part }
    for volume in google.foundVolumes {
      // The edition and work records are asked only for what the books API cannot give:
      // a description. Most of Google's books have one; asking two more requests for each
      // of them would make a large catalog's first build take hours at Open Library's rate.
      let record = records.record(volume)
      if let isbn = record.isbn13 {
        part.enrichment.append(.isbn(isbn, optional: true, records: record.description == nil))
      }
    }
    return part
  }

  /// When Open Library comes first: Google asked for the catalog's ISBNs it did not find.
  func catalogFallbackCatalog(after library: OpenLibraryResult) -> Catalog? {
    guard !googleFirst, order.contains(.googleBooks) else { return nil }
    var fallback = catalog
    var any = false
    for index in fallback.collections.indices {
      var collection = fallback.collections[index]
      collection.queries = []
      collection.volumes = []
      collection.openLibraryIDs = []
      collection.isbns = collection.isbns.filter { isbn in
        let bibkey = "ISBN:" + isbn.isbn13
        return library.answered.contains(bibkey) && library.lookups[bibkey] == nil
      }
      any = any || !collection.isbns.isEmpty
      fallback.collections[index] = collection
    }
    return any ? fallback : nil
  }

  /// Google asked for the ISBNs of Open Library's books it was not asked about, to enrich
  /// them; one collection holds them all (messages name them by ISBN).
  func enrichmentCatalog(after library: OpenLibraryResult, plan: LibraryPlan, records: RecordMemo) -> Catalog?
  {
    guard enriches else { return nil }
    var asked: Set<String> = []
    var isbns: [ISBN] = []
    func add(_ isbn13: String?) {
      guard let isbn13, asked.insert(isbn13).inserted else { return }
      isbns.append(ISBN(isbn13: isbn13))
    }
    let catalogISBNs = catalog.collections.flatMap(\.isbns).map(\.isbn13)
    if googleFirst {
      // Google had every catalog ISBN already.
      asked.formUnion(catalogISBNs)
    } else {
      // The ones Open Library did not find go to Google anyway (`catalogFallbackCatalog`);
      // the ones it found, to enrich them.
      for isbn in catalogISBNs where library.lookups["ISBN:" + isbn] == nil { asked.insert(isbn) }
      for isbn in catalogISBNs { add(isbn) }
    }
    for books in library.searches { books.forEach { add(records.record($0).isbn13) } }
    library.works.forEach { add($0.map { records.record($0).isbn13 } ?? nil) }
    for bibkey in plan.plan.lookups.map(\.bibkey) where bibkey.hasPrefix("OLID:") {
      add(library.lookups[bibkey].flatMap { records.record($0).isbn13 })
    }
    guard !isbns.isEmpty else { return nil }
    var enrichment = catalog
    enrichment.collections = [Collection(title: "Enrichment", slug: "enrichment", isbns: isbns)]
    return enrichment
  }
}

extension ISBNOutcome {
  var isMatch: Bool {
    if case .matched = self { return true }
    return false
  }
}

extension CollectionVolumes {
  /// The volumes Google found for the collection: its queries', its ISBN matches, its ids'.
  var foundVolumes: [Volume] {
    var volumes = queryVolumes.flatMap { $0 }
    for outcome in isbnOutcomes.values.sorted(by: { ($0.volume?.id ?? "") < ($1.volume?.id ?? "") }) {
      if case .matched(let volume) = outcome { volumes.append(volume) }
    }
    return volumes + idVolumes
  }
}
