import Foundation
import TestSupport
import Testing

@testable import Fetching

/// The fetch machinery serves a source that is not Google Books: cache, follow-ups, offline
/// runs, stale fallbacks, the budget and key scrubbing, with the source's own words in messages.
@Suite struct SecondSourceTests {
  static let now = Date(timeIntervalSince1970: 1_790_000_000)  // 2026-09-21T14:13:20Z
  static let day = 86_400.0

  let directory = TestSupport.makeTemporaryDirectory("bookgen-fetching")
  var cache: ResponseCache { ResponseCache(directory: directory + "/cache") }

  func scheduler(
    _ transport: TableTransport, offline: Bool = false, maxRequests: Int? = nil, key: String? = nil,
    retries: Int = 0
  ) -> FetchScheduler<ShelfSource> {
    FetchScheduler(
      source: ShelfSource(key: key),
      limits: FetchLimits(
        retries: retries, timeout: 5, maxRequests: maxRequests, requestsPerSecond: nil, maxAge: Self.day),
      options: FetchOptions(
        cacheDirectory: cache.directory, offline: offline, jobs: 2, now: { Self.now }, sleep: { _ in },
        random: { 0.5 }),
      cache: cache, transport: transport, progress: nil)
  }

  static let first: [(ShelfSource.Request, ShelfSource.Purpose)] = [
    (ShelfSource.Request(shelf: "a"), ShelfSource.Purpose(position: 0, shelf: "a"))
  ]

  func shelves(_ run: FetchRun<ShelfSource>) throws -> [String] {
    var collector = FetchCollector(run)
    var books: [String] = []
    var shelf: String? = "a"
    var position = 0
    while let name = shelf,
      let (answer, _) = collector.take(.init(shelf: name), .init(position: position, shelf: name))
    {
      books += answer.books
      shelf = answer.next
      position += 1
    }
    _ = try collector.finish()
    return books
  }

  @Test func answersAndTheirFollowUpsComeThroughTheCache() async throws {
    defer { TestSupport.removeTemporaryDirectory(directory) }
    let online = TableTransport([
      "http://shelves.test/api/shelves/a": [
        TransportResponse(status: 200, body: Shelf.body(["x"], next: "b"))
      ],
      "http://shelves.test/api/shelves/b": [TransportResponse(status: 200, body: Shelf.body(["y", "z"]))],
    ])
    let fetched = try await scheduler(online).run(Self.first)
    #expect(try shelves(fetched) == ["x", "y", "z"])
    #expect(online.requests.count == 2)
    #expect(fetched.statistics.requests == 2)

    let broken = TableTransport([:])
    let again = try await scheduler(broken).run(Self.first)
    #expect(try shelves(again) == ["x", "y", "z"])
    #expect(broken.requests.isEmpty)
    #expect(again.statistics.cacheHits == 2)
  }

  @Test func offlineWithoutEntriesSaysWhatIsMissing() async throws {
    defer { TestSupport.removeTemporaryDirectory(directory) }
    let transport = TableTransport([:])
    let run = try await scheduler(transport, offline: true).run(Self.first)
    #expect(transport.requests.isEmpty)
    let error = #expect(throws: FetchError.self) { try shelves(run) }
    #expect(
      error?.description == """
        error: offline, and 1 cache entry is missing (run without --offline to fetch):
          shelf 'a': shelves/a
        """)
  }

  @Test func anExpiredEntryIsTheFallbackWhenTheSourceFails() async throws {
    defer { TestSupport.removeTemporaryDirectory(directory) }
    try cache.store(
      ShelfSource.Request(shelf: "a"), body: Shelf.body(["old"]), status: 200,
      fetchedAt: Self.now.addingTimeInterval(-2 * Self.day))
    let failing = TableTransport(["http://shelves.test/api/shelves/a": [TransportResponse(status: 503)]])
    let run = try await scheduler(failing, retries: 1).run(Self.first)
    var collector = FetchCollector(run)
    #expect(collector.take(.init(shelf: "a"), .init(position: 0, shelf: "a"))?.answer.books == ["old"])
    _ = try collector.finish()
    #expect(failing.requests.count == 2)
    #expect(
      collector.warnings.map(\.description) == [
        "warning: shelf 'a': HTTP 503 after 2 attempts; using the cached response from 2026-09-19T14:13:20Z"
      ])
  }

  @Test func theBudgetLeavesTheRestForLaterInTheSourcesWords() async throws {
    defer { TestSupport.removeTemporaryDirectory(directory) }
    let online = TableTransport([
      "http://shelves.test/api/shelves/a": [
        TransportResponse(status: 200, body: Shelf.body(["x"], next: "b"))
      ]
    ])
    let run = try await scheduler(online, maxRequests: 1).run(Self.first)
    var collector = FetchCollector(run)
    #expect(collector.take(.init(shelf: "a"), .init(position: 0, shelf: "a"))?.answer.books == ["x"])
    #expect(collector.take(.init(shelf: "b"), .init(position: 1, shelf: "b")) == nil)
    let pending = try collector.finish()
    #expect(pending == [MissingEntry(subject: "shelf 'b'", request: "shelves/b")])
    #expect(
      collector.warnings.map(\.description) == [
        "warning: the request budget of 1 is spent with 1 shelf still to fetch (1 request); this run builds "
          + "with what is cached and the next one fetches more (or raise --max-requests / shelves.max_requests)"
      ])
  }

  @Test func failuresNameTheRequestWithoutItsKeyAndCarryTheSourcesHint() async throws {
    defer { TestSupport.removeTemporaryDirectory(directory) }
    let run = try await scheduler(TableTransport([:]), key: "secret-token").run(Self.first)
    let error = #expect(throws: FetchError.self) { try shelves(run) }
    #expect(
      error?.description == """
        error: shelf 'a': HTTP 404 after 1 attempt; check the shelf's name
          request: http://shelves.test/api/shelves/a?token=REDACTED
        """)
  }
}
