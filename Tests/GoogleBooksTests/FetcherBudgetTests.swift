import Catalog
import Fetching
import Foundation
import GoogleBooks
import TestSupport
import Testing

/// A catalog that needs more requests than one run may make: each run fetches what its budget
/// allows, missing entries first, and the result holds what is cached.
@Suite struct FetcherBudgetTests {
  static let advice =
    "this run builds with what is cached and the next one fetches more "
    + "(or raise --max-requests / google_books.max_requests)"

  /// Volumes `OLD`, cached a month ago, and `NEW`, never fetched.
  static func oneExpiredOneMissing(_ harness: FetchHarness) throws -> (Catalog, [String]) {
    let ids = ["OLD", "NEW"]
    for id in ids { harness.fake.setVolume(id, json: FakeGoogleBooksFixtures.volume(id)) }
    try ResponseCache(directory: harness.cacheDirectory).store(
      APIRequest.volume("OLD"), body: Array(FakeGoogleBooksFixtures.volume("OLD").utf8), status: 200,
      fetchedAt: FetchHarness.now.addingTimeInterval(-30 * 86_400))
    return (harness.catalog([Collection(title: "Vol", slug: "vol", volumes: ids)]), ids)
  }

  @Test func aBudgetTooSmallForTheCatalogConvergesOverSeveralRuns() async throws {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    let ids = ["A", "B", "C", "D", "E"]
    for id in ids { harness.fake.setVolume(id, json: FakeGoogleBooksFixtures.volume(id)) }
    let catalog = harness.catalog([Collection(title: "Vol", slug: "vol", volumes: ids)])

    let first = try await harness.fetcher(catalog, harness.options(maxRequests: 2)).run()
    // Sent concurrently: the order of arrival is the network's.
    #expect(harness.fake.requests.sorted() == ["/books/v1/volumes/A", "/books/v1/volumes/B"])
    #expect(first.ids("vol") == ["A", "B"])
    #expect(
      first.warningTexts == [
        "warning: the request budget of 2 is spent with 3 books still to fetch (3 requests); \(Self.advice)"
      ])
    #expect(first.pending.map(\.request) == ["volumes/C", "volumes/D", "volumes/E"])
    #expect(first.pending.first?.subject == "volume 'C' in collection 'vol'")

    let second = try await harness.fetcher(catalog, harness.options(maxRequests: 2)).run()
    #expect(harness.fake.requests.suffix(2).sorted() == ["/books/v1/volumes/C", "/books/v1/volumes/D"])
    #expect(second.ids("vol") == ["A", "B", "C", "D"])
    #expect(
      second.warningTexts == [
        "warning: the request budget of 2 is spent with 1 book still to fetch (1 request); \(Self.advice)"
      ])

    let third = try await harness.fetcher(catalog, harness.options(maxRequests: 2)).run()
    #expect(harness.fake.requests.last == "/books/v1/volumes/E")
    #expect(third.ids("vol") == ids)
    #expect(third.warningTexts == [])
    #expect(third.pending == [])

    let fourth = try await harness.fetcher(catalog, harness.options(maxRequests: 2)).run()
    #expect(harness.fake.requestCount == 5, "a complete, fresh cache needs no request")
    #expect(fourth.ids("vol") == ids)
  }

  @Test func missingEntriesGetTheBudgetBeforeExpiredOnes() async throws {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    let (catalog, ids) = try Self.oneExpiredOneMissing(harness)
    let result = try await harness.fetcher(catalog, harness.options(maxRequests: 1)).run()
    #expect(harness.fake.requests == ["/books/v1/volumes/NEW"])
    #expect(result.ids("vol") == ids)
  }

  @Test func searchPagesCountAsUpToTheirSizeInBooks() async throws {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    harness.fake.setSearch("dune", results: FetchHarness.volumes("d", 60))
    harness.fake.setSearch(
      "isbn:9780316452502", results: [FakeGoogleBooksFixtures.volume("T1", isbn13: "9780316452502")])
    let catalog = harness.catalog([
      Collection(
        title: "SF", slug: "sf", queries: [Query(q: "dune", maxResults: 70)],
        isbns: [ISBN(isbn13: "9780316452502")])
    ])
    let first = try await harness.fetcher(catalog, harness.options(maxRequests: 1)).run()
    #expect(harness.fake.requestCount == 1)
    #expect(first.ids("sf").count == 40)
    #expect(
      first.warningTexts == [
        "warning: the request budget of 1 is spent with up to 31 books still to fetch (2 requests); \(Self.advice)"
      ])
    let second = try await harness.fetcher(catalog, harness.options(maxRequests: 5)).run()
    #expect(second.ids("sf").count == 61)
    #expect(second.warningTexts == [])
  }

  @Test func aMissingEntryThatFailsForAnotherReasonStillFails() async throws {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    harness.fake.setVolume("A", json: FakeGoogleBooksFixtures.volume("A"))
    let catalog = harness.catalog([Collection(title: "Vol", slug: "vol", volumes: ["A", "GONE", "B"])])
    let error = await #expect(throws: FetchError.self) {
      try await harness.fetcher(catalog, harness.options(maxRequests: 2)).run()
    }
    #expect(
      error?.description == """
        error: volume 'GONE' in collection 'vol': HTTP 404 (notFound: The volume ID could not be found.) after \
        1 attempt; check the volume id in catalog.yml
          request: \(harness.apiURL)/volumes/GONE
        """)
  }

  @Test func withoutRefreshingExpiredEntriesOnlyMissingOnesAreFetched() async throws {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    let (catalog, ids) = try Self.oneExpiredOneMissing(harness)
    var options = harness.options()
    options.refreshesExpired = false
    let result = try await harness.fetcher(catalog, options).run()
    #expect(harness.fake.requests == ["/books/v1/volumes/NEW"])
    #expect(result.ids("vol") == ids)
    #expect(
      result.warningTexts == [
        "warning: 1 cache entry is older than cache.max_age and was used as it is; "
          + "'bookgen build' or 'bookgen fetch' refreshes it"
      ])
  }
}
