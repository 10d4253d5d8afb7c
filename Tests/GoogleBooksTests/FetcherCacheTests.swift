import Fetching
import Foundation
import GoogleBooks
import TestSupport
import Testing

@testable import Catalog

@Suite struct FetcherCacheTests {
  static func threeCollections(_ harness: FetchHarness) -> Catalog {
    harness.fake.setSearch("dune", results: FetchHarness.volumes("d", 45))
    harness.fake.setSearch(
      "isbn:9780316452502", results: [FakeGoogleBooksFixtures.volume("T1", isbn13: "9780316452502")])
    harness.fake.setVolume("V1", json: FakeGoogleBooksFixtures.volume("V1"))
    return harness.catalog([
      Collection(title: "SF", slug: "sf", queries: [Query(q: "dune", maxResults: 100)]),
      Collection(title: "Time", slug: "time", isbns: [ISBN(isbn13: "9780316452502")]),
      Collection(title: "Vol", slug: "vol", volumes: ["V1"]),
    ])
  }

  @Test func aRebuildRightAfterMakesZeroRequests() async throws {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    let catalog = Self.threeCollections(harness)
    let first = try await harness.fetcher(catalog, harness.options()).run()
    #expect(harness.fake.requestCount == 5)
    let second = try await harness.fetcher(
      catalog, harness.options(now: FetchHarness.now.addingTimeInterval(60))
    ).run()
    #expect(harness.fake.requestCount == 5)
    #expect(second.statistics.requests == 0)
    #expect(second.statistics.cacheHits == 5)
    #expect(second.collections == first.collections)
  }

  @Test func offlineNeverTouchesTheNetworkAndListsEveryMissingEntry() async throws {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    let catalog = Self.threeCollections(harness)
    let counting = CountingTransport(harness.transport)
    let error = await #expect(throws: FetchError.self) {
      try await harness.fetcher(catalog, harness.options(offline: true), transport: counting).run()
    }
    #expect(counting.calls == 0)
    #expect(harness.fake.requestCount == 0)
    #expect(
      error?.description == """
        error: offline, and 3 cache entries are missing (run without --offline to fetch):
          query 'dune' in collection 'sf': volumes?maxResults=40&q=dune&startIndex=0
          ISBN 9780316452502 in collection 'time': volumes?maxResults=10&q=isbn%3A9780316452502&startIndex=0
          volume 'V1' in collection 'vol': volumes/V1
        """)
  }

  @Test func offlineServesStaleEntriesWithOneWarning() async throws {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    let catalog = Self.threeCollections(harness)
    let online = try await harness.fetcher(catalog, harness.options()).run()
    let monthLater = FetchHarness.now.addingTimeInterval(30 * 86_400)
    let counting = CountingTransport(harness.transport)
    let offline = try await harness.fetcher(
      catalog, harness.options(offline: true, now: monthLater), transport: counting
    )
    .run()
    #expect(counting.calls == 0)
    #expect(harness.fake.requestCount == 5)
    #expect(offline.collections == online.collections)
    #expect(
      offline.warningTexts == [
        "warning: offline: 5 cache entries are older than cache.max_age; run without --offline to refresh"
      ])
  }

  @Test func refreshIgnoresMaxAge() async throws {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    let catalog = Self.threeCollections(harness)
    _ = try await harness.fetcher(catalog, harness.options()).run()
    let result = try await harness.fetcher(catalog, harness.options(refresh: true)).run()
    #expect(harness.fake.requestCount == 10)
    #expect(result.statistics.cacheHits == 0)
  }

  @Test func aCorruptEntryIsReportedAndRefetched() async throws {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    let catalog = Self.threeCollections(harness)
    _ = try await harness.fetcher(catalog, harness.options()).run()
    let cache = ResponseCache(directory: harness.cacheDirectory)
    let request = APIRequest.volume("V1")
    let path = cache.path(for: request)
    let bytes = try #require(FileManager.default.contents(atPath: path))
    try bytes.dropLast(20).write(to: URL(fileURLWithPath: path))
    let result = try await harness.fetcher(catalog, harness.options()).run()
    #expect(harness.fake.requestCount == 6)
    #expect(harness.fake.requests.last == "/books/v1/volumes/V1")
    let length = bytes.count - bytes.firstIndex(of: 0x0A)! - 1
    #expect(
      result.warningTexts == [
        "warning: volume 'V1' in collection 'vol': cache entry \(path) is corrupt (body is \(length - 20) bytes, "
          + "expected \(length)); fetching it again"
      ])
    #expect(try cache.load(request) != nil)
  }

  @Test func theInFlightCapHolds() async throws {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    harness.fake.latency = 0.05
    let ids = (0..<12).map { "V\($0)" }
    for id in ids { harness.fake.setVolume(id, json: FakeGoogleBooksFixtures.volume(id)) }
    let catalog = harness.catalog([Collection(title: "Vol", slug: "vol", volumes: ids)])
    let result = try await harness.fetcher(catalog, harness.options(jobs: 3)).run()
    #expect(harness.fake.maxInFlight == 3)
    #expect(result.ids("vol") == ids)
  }

  @Test func aSpentBudgetServesStaleEntriesAndRefreshesTheStalestFirst() async throws {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    let ids = ["A", "B", "C"]
    for id in ids { harness.fake.setVolume(id, json: FakeGoogleBooksFixtures.volume(id)) }
    let catalog = harness.catalog([Collection(title: "Vol", slug: "vol", volumes: ids)])
    let cache = ResponseCache(directory: harness.cacheDirectory)
    // B is the stalest, then C, then A.
    for (id, daysAgo) in [("A", 2.0), ("B", 9.0), ("C", 5.0)] {
      try cache.store(
        APIRequest.volume(id), body: Array(FakeGoogleBooksFixtures.volume(id).utf8), status: 200,
        fetchedAt: FetchHarness.now.addingTimeInterval(-daysAgo * 86_400))
    }
    let result = try await harness.fetcher(catalog, harness.options(maxRequests: 1)).run()
    #expect(harness.fake.requests == ["/books/v1/volumes/B"])
    #expect(result.ids("vol") == ids)
    #expect(
      result.warningTexts == [
        "warning: the request budget of 1 is spent: 2 cache entries are served from expired cache entries; "
          + "the stalest are refreshed first on the next run"
      ])
    _ = try await harness.fetcher(catalog, harness.options(maxRequests: 1)).run()
    #expect(harness.fake.requests == ["/books/v1/volumes/B", "/books/v1/volumes/C"])
  }

  @Test func theKeyAppearsInNoCacheFileMessageOrOutput() async throws {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    let key = "AIzaSyTESTKEY-0123456789"
    let catalog = Self.threeCollections(harness)
    harness.fake.script(
      "q=isbn",
      [.error(status: 503, reason: "backendFailed", message: "Service temporarily unavailable (key \(key)).")]
    )
    let events = EventRecorder()
    let result = try await harness.fetcher(
      catalog, harness.options(environment: ["GOOGLE_BOOKS_API_KEY": key]), progress: events
    )
    .run()
    // Every event a --verbose mode could print shows the key redacted.
    #expect(events.texts.contains { $0.contains("key=REDACTED") })
    #expect(events.texts.filter { $0.contains(key) } == [])
    #expect(harness.fake.requests.allSatisfy { $0.contains("key=\(key)") })
    let files = harness.cacheFiles()
    #expect(files.keys.filter { $0.hasSuffix(".entry") }.count == 5)
    #expect(files.values.allSatisfy { !$0.contains(key) })
    #expect(!result.warningTexts.joined().contains(key))
    // A failure that echoes the key: the message is scrubbed.
    harness.fake.script(
      "volumes/V1", [.error(status: 400, reason: "keyInvalid", message: "API key \(key) not valid.")])
    let failure = await #expect(throws: FetchError.self) {
      try await harness.fetcher(
        catalog, harness.options(refresh: true, environment: ["GOOGLE_BOOKS_API_KEY": key])
      ).run()
    }
    #expect(failure?.description.contains("API key REDACTED not valid.") == true)
    #expect(failure?.description.contains(key) == false)
  }
}

@Suite struct FetcherRateTests {
  @Test func theRequestsPerSecondCapSpacesRequestStarts() async throws {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    let ids = ["A", "B", "C"]
    for id in ids { harness.fake.setVolume(id, json: FakeGoogleBooksFixtures.volume(id)) }
    var settings = GoogleBooksSettings(retries: 0, timeout: 15)
    settings.requestsPerSecond = 2
    let catalog = harness.catalog([Collection(title: "Vol", slug: "vol", volumes: ids)], settings: settings)
    let result = try await harness.fetcher(catalog, harness.options()).run()
    #expect(result.ids("vol") == ids)
    // The clock stands still, so each start waits for its own slot: now, +0.5 s, +1 s.
    #expect(harness.recorder.sleeps.sorted() == [0.5, 1.0])
  }
}

/// Keeps every progress event, and its text.
final class EventRecorder: FetchProgress, @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [FetchEvent] = []

  var events: [FetchEvent] { lock.withLock { storage } }

  var texts: [String] { events.map { "\($0)" } }

  func report(_ event: FetchEvent) {
    lock.withLock { storage.append(event) }
  }
}
