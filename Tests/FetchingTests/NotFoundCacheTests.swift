import Fetching
import Foundation
import TestSupport
import Testing

/// A source's answer that what was asked is not there (a 404 for a record, a search without
/// results) is kept like any answer, for `notFoundMaxAge`: later runs, offline ones too, use it
/// without asking; `--refresh` and expiry ask again; its warning is given once.
@Suite struct NotFoundCacheTests {
  static let now = Date(timeIntervalSince1970: 1_790_000_000)  // 2026-09-21T14:13:20Z
  static let day = 86_400.0
  static let url = "http://shelves.test/api/shelves/a"

  let directory = TestSupport.makeTemporaryDirectory("bookgen-not-found")
  var cache: ResponseCache { ResponseCache(directory: directory + "/cache") }

  func run(
    _ transport: TableTransport, at now: Date = Self.now, offline: Bool = false, refresh: Bool = false,
    remembers: Bool = true
  ) async throws -> FetchRun<ShelfSource> {
    var source = ShelfSource(key: nil)
    source.remembersAbsence = remembers
    return try await FetchScheduler(
      source: source,
      limits: FetchLimits(
        retries: 0, timeout: 5, maxRequests: nil, requestsPerSecond: nil, maxAge: 7 * Self.day,
        notFoundMaxAge: Self.day),
      options: FetchOptions(
        cacheDirectory: cache.directory, offline: offline, refresh: refresh, jobs: 1, now: { now },
        sleep: { _ in }, random: { 0.5 }),
      cache: cache, transport: transport, progress: nil
    ).run([(ShelfSource.Request(shelf: "a"), Self.purpose)])
  }

  static let purpose = ShelfSource.Purpose(position: 0, shelf: "a", fallback: "the shelf without its books")

  /// The shelf's books, and the run's warnings, as its caller reads them.
  func take(_ run: FetchRun<ShelfSource>, purpose: ShelfSource.Purpose = Self.purpose) throws -> (
    books: [String]?, warnings: [String]
  ) {
    var collector = FetchCollector(run)
    let books = collector.take(.init(shelf: "a"), purpose)?.answer.books
    _ = try collector.finish()
    return (books, collector.warnings.map(\.description))
  }

  @Test func aNotFoundAnswerIsKeptUntilItExpires() async throws {
    defer { TestSupport.removeTemporaryDirectory(directory) }
    let missing = TableTransport([Self.url: [TransportResponse(status: 404, body: Array("gone".utf8))]])
    let first = try await run(missing)
    #expect(missing.requests.count == 1)
    #expect(first.statistics.notFound == 1)
    #expect(
      try take(first)
        == (nil, ["warning: shelf 'a': HTTP 404; keeping the shelf without its books"]))

    // A day less a second later: from the cache, no request, no second warning; offline too.
    let silent = TableTransport([:])
    let second = try await run(silent, at: Self.now.addingTimeInterval(Self.day - 1))
    #expect(silent.requests.isEmpty)
    #expect(second.statistics.notFound == 1)
    #expect(second.statistics.cacheHits == 1)
    #expect(try take(second) == (nil, []))
    let offline = try await run(silent, at: Self.now.addingTimeInterval(3 * Self.day), offline: true)
    #expect(try take(offline).books == nil)
    #expect(silent.requests.isEmpty)

    // Past not_found_max_age it is asked again, and the shelf that exists now replaces it.
    let found = TableTransport([Self.url: [TransportResponse(status: 200, body: Shelf.body(["x"]))]])
    let later = try await run(found, at: Self.now.addingTimeInterval(Self.day + 1))
    #expect(found.requests == [Self.url])
    #expect(try take(later) == (["x"], []))
    #expect(later.statistics.notFound == 0)
  }

  @Test func refreshAsksAgain() async throws {
    defer { TestSupport.removeTemporaryDirectory(directory) }
    let flip = TableTransport([
      Self.url: [TransportResponse(status: 404), TransportResponse(status: 200, body: Shelf.body(["x"]))]
    ])
    _ = try await run(flip)
    let refreshed = try await run(flip, refresh: true)
    #expect(flip.requests.count == 2)
    #expect(try take(refreshed).books == ["x"])
    // The good answer is what the cache holds now.
    let cached = try await run(TableTransport([:]))
    #expect(try take(cached).books == ["x"])
  }

  /// Where the caller needs the answer, a cached not-found is the same error each time.
  @Test func whereTheAnswerIsNeededItStaysAnError() async throws {
    defer { TestSupport.removeTemporaryDirectory(directory) }
    let needed = ShelfSource.Purpose(position: 0, shelf: "a")
    _ = try await run(TableTransport([Self.url: [TransportResponse(status: 404)]]))
    let cached = try await run(TableTransport([:]))
    let error = #expect(throws: FetchError.self) { _ = try take(cached, purpose: needed) }
    #expect(
      error?.description == """
        error: shelf 'a': HTTP 404; check the shelf's name
          request: http://shelves.test/api/shelves/a
        """)
  }

  /// A 404 the source does not call an answer (a wrong address) is never kept.
  @Test func anErrorThatIsNoAnswerIsNotKept() async throws {
    defer { TestSupport.removeTemporaryDirectory(directory) }
    let missing = TableTransport([Self.url: [TransportResponse(status: 404)]])
    _ = try await run(missing, remembers: false)
    _ = try await run(missing, remembers: false)
    #expect(missing.requests.count == 2)
  }

  /// An answer that finds nothing expires with not-found answers, a day, not the week others keep.
  @Test func anEmptyAnswerExpiresSooner() async throws {
    defer { TestSupport.removeTemporaryDirectory(directory) }
    let empty = TableTransport([Self.url: [TransportResponse(status: 200, body: Shelf.body([]))]])
    let first = try await run(empty)
    #expect(first.statistics.notFound == 1)
    _ = try await run(empty, at: Self.now.addingTimeInterval(Self.day / 2))
    #expect(empty.requests.count == 1)
    _ = try await run(empty, at: Self.now.addingTimeInterval(2 * Self.day))
    #expect(empty.requests.count == 2)
  }
}
