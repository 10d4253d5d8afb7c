import BookRecord
import Fetching
import Foundation
import Sourcing
import TestSupport

@testable import Catalog

/// Waits recorded instead of slept: the tests count none of them, and wait for none.
final class Waits: @unchecked Sendable {
  private let lock = NSLock()
  private var recorded: [Double] = []

  var all: [Double] { lock.withLock { recorded } }
  func add(_ seconds: Double) { lock.withLock { recorded.append(seconds) } }
}

/// A fake Google Books and a fake Open Library on 127.0.0.1, a temp cache, a catalog builder.
struct SourcingHarness {
  static let now = Date(timeIntervalSince1970: 1_790_000_000)

  let google: FakeGoogleBooksServer
  let library: FakeOpenLibraryServer
  let waits = Waits()
  let directory = TestSupport.makeTemporaryDirectory("bookgen-sourcing")

  init() throws {
    google = FakeGoogleBooksServer()
    library = FakeOpenLibraryServer()
    try google.start()
    try library.start()
  }

  func cleanUp() {
    TestSupport.removeTemporaryDirectory(directory)
    let (google, library) = (google, library)
    Task {
      await google.stop()
      await library.stop()
    }
  }

  func catalog(_ collections: [Collection], sources: [SourceName] = SourceName.allCases) -> Catalog {
    var catalog = Catalog(
      site: SiteSettings(title: "Test"),
      googleBooks: GoogleBooksSettings(apiURL: google.apiURL, retries: 1, timeout: 5),
      cache: CacheSettings(dir: "cache", maxAge: 86_400), collections: collections, directory: directory)
    catalog.openLibrary = OpenLibrarySettings(
      apiURL: library.apiURL, contact: "shelf@example.org", requestsPerSecond: 1000, retries: 1, timeout: 5)
    catalog.sources = sources
    return catalog
  }

  func run(_ catalog: Catalog, offline: Bool = false, environment: [String: String] = [:]) async throws
    -> SourcedBooks
  {
    let waits = self.waits
    let options = FetchOptions(
      cacheDirectory: directory + "/cache", offline: offline, environment: environment, now: { Self.now },
      sleep: { waits.add($0) }, random: { 0.5 })
    return try await Sourcing(catalog: catalog, options: options, version: "9.9.9").run()
  }

  /// Stores Sabriel, which only Open Library knows: a work and its edition with an ISBN-13.
  func storeSabriel() {
    library.library.setRecord(FakeOpenLibrary.work(id: "OL15832982W", title: "Sabriel"))
    library.library.setRecord(
      FakeOpenLibrary.edition(
        id: "OL22951843M", title: "Sabriel", work: "OL15832982W", isbn13: ["9780060273224"]))
  }

  /// Stores Le Guin's novel in the fake Open Library: edition, work (with a description) and author.
  func storeLeftHand(isbn13: String = "9780441478125", description: String? = "Genly Ai visits Gethen.") {
    library.library.setRecord(FakeOpenLibrary.author(id: "OL31353A", name: "Ursula K. Le Guin"))
    library.library.setRecord(
      FakeOpenLibrary.work(
        id: "OL59863W", title: "The Left Hand of Darkness", authors: ["OL31353A"], description: description,
        subjects: ["Science fiction", "Gender"], covers: [6548261], firstPublishDate: "1969"))
    library.library.setRecord(
      FakeOpenLibrary.edition(
        id: "OL7582342M", title: "The Left Hand of Darkness", work: "OL59863W", authors: ["OL31353A"],
        isbn13: [isbn13], publishDate: "1976", pages: 304, publishers: ["Ace Books"], languages: ["eng"],
        covers: [6548261], series: ["Hainish cycle ; 4"]))
  }
}

extension SourcedBooks {
  func ids(_ slug: String) -> [String] {
    collections.first { $0.slug == slug }?.records.map(\.id) ?? []
  }

  func record(_ id: String) -> BookRecord? {
    collections.lazy.flatMap(\.records).first { $0.id == id }
  }

  var warningTexts: [String] { warnings.map(\.description) }
}
