import Fetching
import Foundation
import OpenLibrary
import TestSupport

@testable import Catalog

/// Waits recorded instead of slept, with a lock: the fetch calls them from several tasks.
final class SleepRecorder: @unchecked Sendable {
  private let lock = NSLock()
  private var recorded: [Double] = []

  var sleeps: [Double] { lock.withLock { recorded } }

  func sleep(_ seconds: Double) {
    lock.withLock { recorded.append(seconds) }
  }
}

/// A fake Open Library on 127.0.0.1, a temp cache folder and a fetcher for one test.
struct OpenLibraryHarness {
  static let now = Date(timeIntervalSince1970: 1_790_000_000)  // 2026-09-21T14:13:20Z

  let server: FakeOpenLibraryServer
  let recorder = SleepRecorder()
  let directory = TestSupport.makeTemporaryDirectory("bookgen-openlibrary")

  var library: FakeOpenLibrary { server.library }
  var cacheDirectory: String { directory + "/cache" }

  init() throws {
    server = FakeOpenLibraryServer()
    try server.start()
  }

  func cleanUp() {
    TestSupport.removeTemporaryDirectory(directory)
    let server = self.server
    Task { await server.stop() }
  }

  /// No rate cap unless asked: the tests count waits, and the rate's would be among them.
  func settings(contact: String? = "shelf@example.org", requestsPerSecond: Double? = 0, retries: Int = 3)
    -> OpenLibrarySettings
  {
    OpenLibrarySettings(
      apiURL: server.apiURL, contact: contact, requestsPerSecond: requestsPerSecond, retries: retries,
      timeout: 4)
  }

  func options(offline: Bool = false, refresh: Bool = false, maxRequests: Int? = nil, now: Date = Self.now)
    -> FetchOptions
  {
    let recorder = self.recorder
    return FetchOptions(
      cacheDirectory: cacheDirectory, offline: offline, refresh: refresh, maxRequests: maxRequests,
      now: { now },
      sleep: { recorder.sleep($0) }, random: { 0.5 })
  }

  func fetcher(_ settings: OpenLibrarySettings? = nil, _ options: FetchOptions? = nil) -> OpenLibraryFetcher {
    OpenLibraryFetcher(
      settings: settings ?? self.settings(), options: options ?? self.options(), maxAge: 86_400,
      version: "9.9.9")
  }

  /// The request of every cache entry that loads as a later run would load it (header,
  /// length and checksum intact); an entry that does not is listed as `unreadable: …`.
  func cacheEntries() -> [String] {
    let cache = ResponseCache(directory: cacheDirectory)
    var requests: [String] = []
    let enumerator = FileManager.default.enumerator(atPath: cacheDirectory)
    while let path = enumerator?.nextObject() as? String {
      guard path.hasSuffix(".entry") else { continue }
      guard let file = FileManager.default.contents(atPath: cacheDirectory + "/" + path),
        let newline = file.firstIndex(of: 0x0A),
        let header = try? JSONSerialization.jsonObject(with: file[..<newline]) as? [String: Any],
        let request = header["request"] as? String
      else {
        requests.append("unreadable: \(path)")
        continue
      }
      let loaded = (try? cache.load(Canonical(canonical: request))) ?? nil
      requests.append(loaded == nil ? "unreadable: \(request)" : request)
    }
    return requests.sorted()
  }

  /// Le Guin's novel: an edition with an ISBN, its work, its author; and a second book.
  func storeShelf() {
    library.setRecord(FakeOpenLibrary.author(id: "OL31353A", name: "Ursula K. Le Guin"))
    library.setRecord(
      FakeOpenLibrary.work(
        id: "OL59863W", title: "The Left Hand of Darkness", authors: ["OL31353A"],
        description: "A lone envoy visits **Gethen**.",
        subjects: ["Science fiction", "award:hugo_award=novel"],
        firstPublishDate: "1969"))
    library.setRecord(
      FakeOpenLibrary.edition(
        id: "OL7582342M", title: "The Left Hand of Darkness", work: "OL59863W", authors: ["OL31353A"],
        isbn13: ["9780441478125"], isbn10: ["0441478123"], publishDate: "1976", pages: 304,
        publishers: ["Ace Books"], languages: ["eng"], covers: [6548261], series: ["Hainish cycle ; 4"]))
    library.setRecord(FakeOpenLibrary.author(id: "OL79034A", name: "Frank Herbert"))
    library.setRecord(FakeOpenLibrary.work(id: "OL893415W", title: "Dune", authors: ["OL79034A"]))
    library.setRecord(
      FakeOpenLibrary.edition(
        id: "OL24382006M", title: "Dune", work: "OL893415W", authors: ["OL79034A"], isbn13: ["9780441013593"],
        publishDate: "Aug 02, 2005", pages: 528, covers: [11481354]))
  }
}

/// A request known only by its canonical form, to load any entry.
private struct Canonical: CachedRequest {
  var canonical: String
}

extension OpenLibraryResult {
  func title(_ bibkey: String) -> String? { lookups[bibkey]?.record.title }
  var warningTexts: [String] { warnings.map(\.description) }
}
