import Catalog
import Foundation
import OpenLibrary
import TestSupport
import Testing

@testable import Fetching

/// Open Library misbehaving as it does (../shared/openlibrary/NOTES.md §5): each fault is
/// retried or reported, nothing is lost, and the cache it leaves reads back whole.
@Suite struct OpenLibraryFaultTests {
  static let books =
    "/api/books?bibkeys=ISBN%3A9780000000002%2CISBN%3A9780441013593%2CISBN%3A9780441478125&format=json&jscmd=data"

  static let shelfRequests = [
    "api/books?bibkeys=ISBN%3A9780000000002%2CISBN%3A9780441013593%2CISBN%3A9780441478125&format=json&jscmd=data",
    "books/OL24382006M.json", "books/OL7582342M.json", "works/OL59863W.json", "works/OL893415W.json",
  ]

  /// Runs the shelf with `fault` on the books-API request: both books arrive, the cache holds
  /// every answer, readable, and a second run asks nothing.
  func expectNothingLost(_ fault: FakeOpenLibrary.Fault, on matching: String = "/api/books") async throws
    -> OpenLibraryHarness
  {
    let harness = try OpenLibraryHarness()
    harness.storeShelf()
    harness.library.script(matching, [fault])
    let result = try await harness.fetcher().run(OpenLibraryFetcherTests.shelfPlan)
    #expect(result.title("ISBN:9780441478125") == "The Left Hand of Darkness")
    #expect(result.title("ISBN:9780441013593") == "Dune")
    #expect(result.statistics.retries == 1)
    #expect(result.warnings.isEmpty)
    #expect(harness.cacheEntries() == Self.shelfRequests)
    let again = try await harness.fetcher().run(OpenLibraryFetcherTests.shelfPlan)
    #expect(again.lookups == result.lookups)
    #expect(harness.library.requestCount == 6)
    return harness
  }

  @Test func tooManyRequestsWaitsAsRetryAfterSays() async throws {
    let harness = try await expectNothingLost(.tooManyRequests(retryAfter: "7"))
    defer { harness.cleanUp() }
    #expect(harness.recorder.sleeps == [7])
  }

  @Test func anOverloadedServersHTMLPageIsRetriedWithBackoff() async throws {
    let harness = try await expectNothingLost(.serviceUnavailable)
    defer { harness.cleanUp() }
    // base 1 s, jitter factor 0.5 + 0.5 × 0.5.
    #expect(harness.recorder.sleeps == [0.75])
  }

  @Test(arguments: [
    FakeOpenLibrary.Fault.closeWithoutResponse, .truncateBody(afterBytes: 60), .delay(seconds: 6),
  ])
  func networkFaultsAreRetried(_ fault: FakeOpenLibrary.Fault) async throws {
    let harness = try await expectNothingLost(fault)
    harness.cleanUp()
  }

  @Test func aTruncatedRecordIsRetriedToo() async throws {
    let harness = try await expectNothingLost(.truncateBody(afterBytes: 30), on: "/works/OL59863W.json")
    harness.cleanUp()
  }

  @Test func exhaustedRetriesFailNamingTheISBNsWithTheLimitersMessage() async throws {
    let harness = try OpenLibraryHarness()
    defer { harness.cleanUp() }
    harness.storeShelf()
    let limited = FakeOpenLibrary.Fault.tooManyRequests(retryAfter: "1")
    harness.library.script("/api/books", [limited, limited])
    await #expect(
      throws: FetchError.requestsFailed([
        RequestFailure(
          subject:
            "Open Library lookup of ISBN 9780000000002, ISBN 9780441013593, ISBN 9780441478125",
          url: harness.server.apiURL + Self.books,
          reason: .http(
            status: 429,
            error: APIErrorBody(
              code: 429,
              message: "Too Many Requests. Consider using https://openlibrary.org/developers/dumps.")),
          attempts: 2,
          hint:
            "Open Library is rate-limiting: set open_library.contact (identified clients may ask more often) "
            + "or lower open_library.requests_per_second")
      ])
    ) {
      try await harness.fetcher(harness.settings(retries: 1)).run(OpenLibraryFetcherTests.shelfPlan)
    }
    // Error answers are never cached.
    #expect(harness.cacheEntries() == [])
  }

  @Test func exhaustedRetriesFallBackOnTheStaleEntry() async throws {
    let harness = try OpenLibraryHarness()
    defer { harness.cleanUp() }
    harness.storeShelf()
    let weekAgo = OpenLibraryHarness.now.addingTimeInterval(-7 * 86_400)
    let first = try await harness.fetcher(nil, harness.options(now: weekAgo)).run(
      OpenLibraryFetcherTests.shelfPlan)
    harness.library.script("/api/books", [.serviceUnavailable, .serviceUnavailable])
    let result = try await harness.fetcher(harness.settings(retries: 1)).run(
      OpenLibraryFetcherTests.shelfPlan)
    #expect(result.lookups == first.lookups)
    #expect(
      result.warningTexts.first
        == "warning: Open Library lookup of ISBN 9780000000002, ISBN 9780441013593, ISBN 9780441478125: HTTP 503 "
        + "after 2 attempts; using the cached response from 2026-09-14T14:13:20Z")
  }

  @Test func anUnknownISBNIsNoBookAndNoProblem() async throws {
    let harness = try OpenLibraryHarness()
    defer { harness.cleanUp() }
    var plan = OpenLibraryPlan()
    plan.add(.isbn("9780000000002"))
    let result = try await harness.fetcher().run(plan)
    #expect(result.lookups.isEmpty)
    #expect(result.warnings.isEmpty)
    #expect(harness.library.requestCount == 1)
    // `{}` is a good answer: cached, and not asked again.
    _ = try await harness.fetcher().run(plan)
    #expect(harness.library.requestCount == 1)
  }

  @Test func aListedWorkThatIsNotFoundIsAnErrorWithAHint() async throws {
    let harness = try OpenLibraryHarness()
    defer { harness.cleanUp() }
    var plan = OpenLibraryPlan()
    plan.works = [.init(id: Fixture.id("OL404W"), subject: "work OL404W in collection 'sf'")]
    var failure = RequestFailure(
      subject: "work OL404W in collection 'sf'", url: harness.server.apiURL + "/works/OL404W.json",
      reason: .http(status: 404, error: APIErrorBody(message: "/works/OL404W", reasons: ["notfound"])),
      attempts: 1, hint: "check the Open Library id in catalog.yml")
    failure.isNotFound = true
    await #expect(throws: FetchError.requestsFailed([failure])) {
      try await harness.fetcher().run(plan)
    }
  }

  @Test func aMissingEditionRecordKeepsWhatTheBooksAPIGave() async throws {
    let harness = try OpenLibraryHarness()
    defer { harness.cleanUp() }
    harness.storeShelf()
    harness.library.script(
      "/books/OL24382006M.json",
      [.error(status: 404, body: #"{"error": "notfound", "key": "/books/OL24382006M"}"#)])
    let result = try await harness.fetcher().run(OpenLibraryFetcherTests.shelfPlan)
    #expect(result.lookups["ISBN:9780441013593"]?.record.title == "Dune")
    #expect(result.lookups["ISBN:9780441013593"]?.record.pageCount == 528)
    #expect(
      result.warningTexts == [
        "warning: Open Library edition OL24382006M: HTTP 404 (notfound: /books/OL24382006M); keeping what the books "
          + "API or the search gave"
      ])
  }

  @Test func optionalLookupsThatCannotBeMadeAreOneWarningNotAnError() async throws {
    let harness = try OpenLibraryHarness()
    defer { harness.cleanUp() }
    var plan = OpenLibraryPlan()
    plan.add(.isbn("9780441478125", optional: true))
    plan.add(.isbn("9780441013593", optional: true))
    let result = try await harness.fetcher(nil, harness.options(offline: true)).run(plan)
    #expect(result.lookups.isEmpty)
    #expect(
      result.warningTexts == [
        "warning: offline: 1 cache entry is missing for Open Library's data on 2 books; this build goes without it "
          + "(run without --offline to fetch)"
      ])
    var required = OpenLibraryPlan()
    required.add(.isbn("9780441478125"))
    await #expect(throws: FetchError.self) {
      try await harness.fetcher(nil, harness.options(offline: true)).run(required)
    }
  }
}
