import Catalog
import Fetching
import Foundation
import GoogleBooks
import TestSupport
import Testing

@Suite struct ISBNMatchingTests {
  static let isbn = ISBN(isbn13: "9780316452502")  // ISBN-10 0316452505

  func run(_ results: [String]) async throws -> FetchResult {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    harness.fake.setSearch("isbn:9780316452502", results: results)
    let catalog = harness.catalog([Collection(title: "Time", slug: "time", isbns: [Self.isbn])])
    return try await harness.fetcher(catalog, harness.options()).run()
  }

  @Test func theVolumeListingTheISBN13IsChosen() async throws {
    let result = try await run([
      FakeGoogleBooksFixtures.volume("other", isbn13: "9780000000002"),
      FakeGoogleBooksFixtures.volume("match", isbn13: "9780316452502"),
    ])
    #expect(result.ids("time") == ["match"])
    #expect(result.collections[0].isbnOutcomes["9780316452502"] == .matched(result.collections[0].volumes[0]))
    #expect(result.warnings.isEmpty)
  }

  @Test func theISBN10FormMatchesToo() async throws {
    let result = try await run([
      FakeGoogleBooksFixtures.volume("other", other: "UOM:39015004307750"),
      FakeGoogleBooksFixtures.volume("match", isbn10: "0-316-45250-5"),
    ])
    #expect(result.ids("time") == ["match"])
    #expect(result.warnings.isEmpty)
  }

  @Test func withoutAMatchTheFirstResultIsUsedWithAWarning() async throws {
    let result = try await run([
      FakeGoogleBooksFixtures.volume("first", other: "UOM:39015004307750"),
      FakeGoogleBooksFixtures.volume("second", isbn13: "9780000000002"),
    ])
    #expect(result.ids("time") == ["first"])
    #expect(
      result.warningTexts == [
        "warning: ISBN 9780316452502 in collection 'time': no result lists this ISBN; using the first result, "
          + "volume 'first' ('Title first')"
      ])
  }

  @Test func zeroResultsWarnNamingTheISBNAndCollectionAndTheBuildGoesOn() async throws {
    let result = try await run([])
    #expect(result.ids("time") == [])
    #expect(
      result.warningTexts == [
        "warning: ISBN 9780316452502 in collection 'time': Google found no volume for this ISBN"
      ])
  }
}

@Suite struct FetchProgressTests {
  /// What the command line draws (BookgenCLI's reporters) comes from these events alone.
  @Test func eachCollectionAndTheEndAreReported() async throws {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    harness.fake.setSearch("dune", results: FetchHarness.volumes("d", 3))
    harness.fake.setVolume("V", json: FakeGoogleBooksFixtures.volume("V"))
    harness.fake.script(
      "q=dune", [.error(status: 503, reason: "backendFailed", message: "Service temporarily unavailable.")])
    let catalog = harness.catalog([
      Collection(title: "SF", slug: "sf", queries: [Query(q: "dune", maxResults: 3)]),
      Collection(title: "V", slug: "v", volumes: ["V"]),
    ])
    let events = EventRecorder()
    _ = try await harness.fetcher(catalog, harness.options(), progress: events).run()
    var statistics = FetchStatistics()
    (statistics.requests, statistics.retries, statistics.plannedRequests, statistics.resolvedRequests) = (
      3, 1, 2, 2
    )
    statistics.volumes = 4
    #expect(
      events.events.filter {
        if case .update = $0 { return false }
        if case .requestFinished = $0 { return false }
        return true
      } == [
        .retrying(
          request: harness.apiURL + "/volumes?maxResults=3&q=dune&startIndex=0", retry: 1, delay: 0.75,
          reason: "HTTP 503 (backendFailed: Service temporarily unavailable.)"),
        .collectionFetched(slug: "sf", volumes: 3), .collectionFetched(slug: "v", volumes: 1),
        .finished(statistics, warnings: 0),
      ])
  }
}
