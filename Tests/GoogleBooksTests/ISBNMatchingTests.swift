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
    #expect(result.collections[0].isbnMatches == ["9780316452502": "match"])
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
  @Test func plainReporterWritesOneLinePerCollectionAndASummary() async throws {
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
    let reporter = PlainFetchReporter(write: { harness.recorder.write($0) })
    _ = try await harness.fetcher(catalog, harness.options(), progress: reporter).run()
    #expect(
      harness.recorder.output == """
        fetch: sf: 3 volumes
        fetch: v: 1 volume
        Fetched 4 volumes: 3 requests, 0 cache hits, 1 retry, 0 warnings

        """)
  }

  @Test func terminalReporterRewritesOneLineThenPrintsTheSummary() {
    let recorder = Recorder()
    let reporter = TerminalFetchReporter(write: { recorder.write($0) }, minimumInterval: 0)
    var statistics = FetchStatistics()
    statistics.plannedRequests = 3
    statistics.cacheHits = 1
    statistics.requests = 1
    reporter.report(.update(statistics))
    statistics.requests = 3
    statistics.retries = 1
    statistics.cacheHits = 1
    reporter.report(.update(statistics))
    statistics.volumes = 7
    reporter.report(.finished(statistics, warnings: 1))
    #expect(
      recorder.output
        == "\rfetch: 1/2 requests, 1 cache hits, 0 retries"
        + "\rfetch: 2/2 requests, 1 cache hits, 1 retries"
        + "\r" + String(repeating: " ", count: 44) + "\r"
        + "Fetched 7 volumes: 3 requests, 1 cache hit, 1 retry, 1 warning\n")
  }
}

@Suite struct TerminalReporterThrottleTests {
  @Test func updatesCloserThanTheIntervalAreNotRedrawn() {
    let recorder = Recorder()
    let reporter = TerminalFetchReporter(write: { recorder.write($0) }, minimumInterval: 60)
    var statistics = FetchStatistics()
    statistics.plannedRequests = 2
    reporter.report(.update(statistics))
    statistics.cacheHits = 2
    reporter.report(.update(statistics))
    #expect(recorder.output == "\rfetch: 0/2 requests, 0 cache hits, 0 retries")
  }
}
