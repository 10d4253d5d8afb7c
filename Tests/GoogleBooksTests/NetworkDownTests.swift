import Catalog
import Fetching
import Foundation
import GoogleBooks
import TestSupport
import Testing

/// With the network down (here: a local port nothing listens on, so connections are refused),
/// the fetch learns it from the first failure: no retries, no further requests, cached entries
/// served at once with one warning, and the missing ones listed in one error.
@Suite struct NetworkDownTests {
  @Test func anEmptyCacheFailsOnceListingEveryMissingEntry() async throws {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    let unreachable = try await TestSupport.unreachableAPIURL()
    var catalog = FetcherCacheTests.threeCollections(harness)
    catalog.googleBooks.apiURL = unreachable
    let counting = CountingTransport(harness.transport)
    let error = await #expect(throws: FetchError.self) {
      try await harness.fetcher(catalog, harness.options(jobs: 1), transport: counting).run()
    }
    #expect(counting.calls == 1)
    #expect(harness.recorder.sleeps.isEmpty)
    #expect(
      error?.description == """
        error: cannot reach \(unreachable) (could not connect to the server), and 3 cache entries are missing \
        (check the network connection, and google_books.api_url or BOOKGEN_API_URL if set, then run again):
          query 'dune' in collection 'sf': volumes?maxResults=40&q=dune&startIndex=0
          ISBN 9780316452502 in collection 'time': volumes?maxResults=10&q=isbn%3A9780316452502&startIndex=0
          volume 'V1' in collection 'vol': volumes/V1
        """)
  }

  @Test func expiredEntriesAreServedAtOnceWithOneWarning() async throws {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    var catalog = FetcherCacheTests.threeCollections(harness)
    let online = try await harness.fetcher(catalog, harness.options()).run()
    let unreachable = try await TestSupport.unreachableAPIURL()
    catalog.googleBooks.apiURL = unreachable
    let counting = CountingTransport(harness.transport)
    let monthLater = FetchHarness.now.addingTimeInterval(30 * 86_400)
    let result = try await harness.fetcher(
      catalog, harness.options(jobs: 1, now: monthLater), transport: counting
    ).run()
    #expect(counting.calls == 1)
    #expect(harness.recorder.sleeps.isEmpty)
    #expect(result.statistics.retries == 0)
    #expect(result.statistics.staleServed == 5)
    #expect(result.collections == online.collections)
    #expect(
      result.warningTexts == [
        "warning: cannot reach \(unreachable) (could not connect to the server): 5 cache entries are older "
          + "than cache.max_age and used as they are; no further requests were sent"
      ])
  }

  /// Requests already in flight when the first one fails are not retried either.
  @Test func requestsInFlightAreNotRetried() async throws {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    var catalog = FetcherCacheTests.threeCollections(harness)
    catalog.googleBooks.apiURL = try await TestSupport.unreachableAPIURL()
    let counting = CountingTransport(harness.transport)
    await #expect(throws: FetchError.self) {
      try await harness.fetcher(catalog, harness.options(jobs: 4), transport: counting).run()
    }
    #expect((1...4).contains(counting.calls))
    #expect(harness.recorder.sleeps.isEmpty)
  }
}
