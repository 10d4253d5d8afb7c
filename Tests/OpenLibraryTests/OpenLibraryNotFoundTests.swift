import Catalog
import Fetching
import Foundation
import OpenLibrary
import TestSupport
import Testing

/// Open Library's 404 for a record is an answer: kept in the cache for `not_found_max_age`, so
/// later runs ask nothing for it (offline ones too), warn once, and `--refresh` or expiry ask
/// again.
@Suite struct OpenLibraryNotFoundTests {
  static let day = 86_400.0
  static let missingEdition = "/books/OL24382006M.json"

  func fetcher(_ harness: OpenLibraryHarness, _ options: FetchOptions) -> OpenLibraryFetcher {
    OpenLibraryFetcher(
      settings: harness.settings(), options: options, maxAge: 7 * Self.day, notFoundMaxAge: Self.day,
      version: "9.9.9")
  }

  /// The shelf with Dune's edition record missing: 404 then, on request, the record.
  func harness() throws -> OpenLibraryHarness {
    let harness = try OpenLibraryHarness()
    harness.storeShelf()
    harness.library.script(
      Self.missingEdition, [.error(status: 404, body: #"{"error": "notfound", "key": "/books/OL24382006M"}"#)]
    )
    return harness
  }

  @Test func aMissingRecordIsAskedForOnceAndWarnedAboutOnce() async throws {
    let harness = try harness()
    defer { harness.cleanUp() }
    let first = try await fetcher(harness, harness.options()).run(OpenLibraryFetcherTests.shelfPlan)
    #expect(first.statistics.notFound == 1)
    #expect(
      first.warningTexts == [
        "warning: Open Library edition OL24382006M: HTTP 404 (notfound: /books/OL24382006M); keeping what the books "
          + "API or the search gave"
      ])
    let asked = harness.library.requestCount

    // The next run, and an offline one, ask nothing and say nothing; the book is as before.
    let second = try await fetcher(harness, harness.options()).run(OpenLibraryFetcherTests.shelfPlan)
    #expect(harness.library.requestCount == asked)
    #expect(second.warningTexts.isEmpty)
    #expect(second.statistics.notFound == 1)
    #expect(second.lookups == first.lookups)
    let offline = try await fetcher(harness, harness.options(offline: true)).run(
      OpenLibraryFetcherTests.shelfPlan)
    #expect(offline.lookups == first.lookups)
    #expect(harness.library.requestCount == asked)
  }

  @Test func refreshAsksAgainAndTheRecordNowThereIsUsed() async throws {
    let harness = try harness()
    defer { harness.cleanUp() }
    _ = try await fetcher(harness, harness.options()).run(OpenLibraryFetcherTests.shelfPlan)
    // The script is spent: Open Library has the record now.
    let refreshed = try await fetcher(harness, harness.options(refresh: true)).run(
      OpenLibraryFetcherTests.shelfPlan)
    #expect(refreshed.statistics.notFound == 0)
    #expect(refreshed.warningTexts.isEmpty)
    #expect(harness.library.requests.filter { $0 == Self.missingEdition }.count == 2)
  }

  @Test func anExpiredNotFoundIsAskedAgain() async throws {
    let harness = try harness()
    defer { harness.cleanUp() }
    _ = try await fetcher(harness, harness.options()).run(OpenLibraryFetcherTests.shelfPlan)
    let later = harness.options(now: OpenLibraryHarness.now.addingTimeInterval(Self.day + 60))
    let result = try await fetcher(harness, later).run(OpenLibraryFetcherTests.shelfPlan)
    // Only the not-found answer was stale: the others keep for a week.
    #expect(harness.library.requests.filter { $0 == Self.missingEdition }.count == 2)
    #expect(harness.library.requestCount == 6)
    #expect(result.statistics.notFound == 0)
  }

  /// A listed work Open Library does not have stays the catalog's error, from the cache too.
  @Test func aListedWorkNotFoundIsTheSameErrorWithoutARequest() async throws {
    let harness = try OpenLibraryHarness()
    defer { harness.cleanUp() }
    var plan = OpenLibraryPlan()
    plan.works = [.init(id: Fixture.id("OL404W"), subject: "work OL404W in collection 'sf'")]
    // The work and its editions (none) are asked for once, by the first run.
    for _ in 0..<2 {
      await #expect(throws: FetchError.self) {
        try await fetcher(harness, harness.options()).run(plan)
      }
    }
    #expect(
      harness.library.requests.sorted() == ["/works/OL404W.json", "/works/OL404W/editions.json?limit=50"])
  }

  /// A 404 for the books API is a wrong address, not an answer: it is asked again.
  @Test func aWrongAddressIsNotRemembered() async throws {
    let harness = try OpenLibraryHarness()
    defer { harness.cleanUp() }
    harness.library.script(
      "/api/books", [.error(status: 404, body: "no such page"), .error(status: 404, body: "")])
    var plan = OpenLibraryPlan()
    plan.add(.isbn("9780441478125"))
    for _ in 0..<2 {
      await #expect(throws: FetchError.self) {
        try await fetcher(harness, harness.options()).run(plan)
      }
    }
    #expect(harness.library.requestCount == 2)
  }
}
