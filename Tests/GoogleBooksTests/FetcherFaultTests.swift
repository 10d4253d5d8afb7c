import Foundation
import GoogleBooks
import TestSupport
import Testing

@testable import Catalog
@testable import Fetching

@Suite struct FetcherFaultTests {
  static func oneQuery(_ harness: FetchHarness, retries: Int = 3) -> Catalog {
    harness.fake.setSearch("dune", results: FetchHarness.volumes("d", 3))
    return harness.catalog(
      [Collection(title: "SF", slug: "sf", queries: [Query(q: "dune", maxResults: 3)])],
      settings: GoogleBooksSettings(retries: retries, timeout: 4))
  }

  @Test func rateLimitIsRetriedAfterRetryAfterThenSucceeds() async throws {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    let catalog = Self.oneQuery(harness)
    harness.fake.script(
      "q=dune",
      [
        .error(
          status: 429, reason: "rateLimitExceeded",
          message: "Quota exceeded for quota metric 'Queries per minute'.", retryAfter: "7")
      ])
    let result = try await harness.fetcher(catalog, harness.options()).run()
    #expect(result.ids("sf") == ["d0", "d1", "d2"])
    #expect(harness.recorder.sleeps == [7])
    #expect(result.statistics.requests == 2)
    #expect(result.statistics.retries == 1)
  }

  @Test func retryAfterAsHTTPDateIsHonoured() async throws {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    let catalog = Self.oneQuery(harness)
    // FetchHarness.now is 2026-09-21T…; the date below is 30 s later.
    let later = Date(timeIntervalSince1970: FetchHarness.now.timeIntervalSince1970 + 30)
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    harness.fake.script(
      "q=dune",
      [
        .error(
          status: 503, reason: "backendFailed", message: "Service temporarily unavailable.",
          retryAfter: formatter.string(from: later))
      ])
    _ = try await harness.fetcher(catalog, harness.options()).run()
    #expect(harness.recorder.sleeps == [30])
  }

  @Test func backendFailuresAreRetriedWithExponentialBackoff() async throws {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    let catalog = Self.oneQuery(harness)
    let backend = FakeGoogleBooks.Fault.error(
      status: 503, reason: "backendFailed", message: "Service temporarily unavailable.")
    harness.fake.script(
      "q=dune", [backend, .error(status: 502, reason: "badGateway", message: "Bad Gateway"), backend])
    let result = try await harness.fetcher(catalog, harness.options()).run()
    #expect(result.ids("sf") == ["d0", "d1", "d2"])
    // base 1 s doubling, jitter factor 0.5 + 0.5 × 0.5.
    #expect(harness.recorder.sleeps == [0.75, 1.5, 3])
    #expect(result.statistics.retries == 3)
  }

  @Test(arguments: [
    FakeGoogleBooks.Fault.delay(seconds: 8),
    .closeWithoutResponse,
    .truncateBody(afterBytes: 40),
    .nonJSON,
  ])
  func networkFaultsAreRetried(_ fault: FakeGoogleBooks.Fault) async throws {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    let catalog = Self.oneQuery(harness)
    harness.fake.script("q=dune", [fault])
    let result = try await harness.fetcher(catalog, harness.options()).run()
    #expect(result.ids("sf") == ["d0", "d1", "d2"])
    #expect(result.statistics.retries == 1)
    #expect(result.warnings.isEmpty)
  }

  @Test func exhaustedRetriesFallBackToAStaleEntryWithAWarning() async throws {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    let catalog = Self.oneQuery(harness, retries: 2)
    let dayAgo = FetchHarness.now.addingTimeInterval(-3 * 86_400)
    _ = try await harness.fetcher(catalog, harness.options(now: dayAgo)).run()
    let backend = FakeGoogleBooks.Fault.error(
      status: 503, reason: "backendFailed", message: "Service temporarily unavailable.")
    harness.fake.script("q=dune", [backend, backend, backend])
    harness.fake.setSearch("dune", results: [])
    let result = try await harness.fetcher(catalog, harness.options()).run()
    #expect(result.ids("sf") == ["d0", "d1", "d2"])
    #expect(
      result.warningTexts == [
        "warning: query 'dune' in collection 'sf': HTTP 503 (backendFailed: Service temporarily unavailable.) "
          + "after 3 attempts; using the cached response from 2026-09-18T14:13:20Z"
      ])
    #expect(result.statistics.staleServed == 1)
  }

  /// A spent daily quota is not retried, but it is no configuration error: the expired entry
  /// serves, as for any transient failure (a scheduled CI build must not fail on it).
  @Test func aSpentDailyQuotaFallsBackToAStaleEntryWithAWarning() async throws {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    let catalog = Self.oneQuery(harness, retries: 2)
    let dayAgo = FetchHarness.now.addingTimeInterval(-3 * 86_400)
    _ = try await harness.fetcher(catalog, harness.options(now: dayAgo)).run()
    let message =
      "Quota exceeded for quota metric 'Queries' and limit 'Queries per day' of service 'books.googleapis.com'"
    harness.fake.script("q=dune", [.error(status: 429, reason: "rateLimitExceeded", message: message)])
    let result = try await harness.fetcher(catalog, harness.options()).run()
    #expect(result.ids("sf") == ["d0", "d1", "d2"])
    #expect(
      result.warningTexts == [
        "warning: query 'dune' in collection 'sf': HTTP 429 (rateLimitExceeded: \(message)); "
          + "using the cached response from 2026-09-18T14:13:20Z"
      ])
    #expect(result.statistics.staleServed == 1)
  }

  @Test func exhaustedRetriesWithoutACachedEntryFailNamingTheQuery() async throws {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    let catalog = Self.oneQuery(harness, retries: 1)
    harness.fake.script("q=dune", [.closeWithoutResponse, .closeWithoutResponse])
    await #expect(
      throws: FetchError.requestsFailed([
        RequestFailure(
          subject: "query 'dune' in collection 'sf'",
          url: "\(harness.apiURL)/volumes?maxResults=3&q=dune&startIndex=0",
          reason: .transport(.connectionLost), attempts: 2, hint: nil)
      ])
    ) {
      try await harness.fetcher(catalog, harness.options()).run()
    }
  }

  static func failureText(_ harness: FetchHarness, _ catalog: Catalog, environment: [String: String] = [:])
    async
    -> String
  {
    do {
      _ = try await harness.fetcher(catalog, harness.options(environment: environment)).run()
      return "no error"
    } catch {
      return error.description
    }
  }

  @Test func unknownLocationSaysToSetTheCountry() async throws {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    let catalog = Self.oneQuery(harness)
    harness.fake.requiresCountry = true
    #expect(
      await Self.failureText(harness, catalog)
        == """
        error: query 'dune' in collection 'sf': HTTP 403 (unknownLocation: Cannot determine user location for \
        geographically restricted operation.) after 1 attempt; Google cannot tell where this machine is: set \
        google_books.country in catalog.yml (e.g. country: US)
          request: \(harness.apiURL)/volumes?maxResults=3&q=dune&startIndex=0
        """)
    #expect(harness.fake.requestCount == 1)
  }

  @Test func dailyQuotaWithoutAKeySaysToSetTheKeyVariable() async throws {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    let catalog = Self.oneQuery(harness)
    let message =
      "Quota exceeded for quota metric 'Queries' and limit 'Queries per day' of service 'books.googleapis.com'"
    harness.fake.script("q=dune", [.error(status: 429, reason: "rateLimitExceeded", message: message)])
    #expect(
      await Self.failureText(harness, catalog)
        == """
        error: query 'dune' in collection 'sf': HTTP 429 (rateLimitExceeded: \(message)); anonymous requests \
        share a quota that is usually spent: set the GOOGLE_BOOKS_API_KEY environment variable to a Google Books \
        API key
          request: \(harness.apiURL)/volumes?maxResults=3&q=dune&startIndex=0
        """)
  }

  static let dailyQuota =
    "Quota exceeded for quota metric 'Queries' and limit 'Queries per day' of service 'books.googleapis.com'"

  /// Three queries, one request at a time, each scripted to meet the spent daily quota.
  static func threeQueriesMeetingTheQuota(_ harness: FetchHarness) -> Catalog {
    let names = ["dune", "emma", "ubik"]
    for name in names {
      harness.fake.setSearch(name, results: FetchHarness.volumes(String(name.prefix(1)), 2))
    }
    return harness.catalog(
      [Collection(title: "SF", slug: "sf", queries: names.map { Query(q: $0, maxResults: 2) })],
      settings: GoogleBooksSettings(retries: 2, timeout: 4))
  }

  static func scriptTheQuota(_ harness: FetchHarness) {
    for name in ["dune", "emma", "ubik"] {
      harness.fake.script(
        "q=\(name)", [.error(status: 429, reason: "rateLimitExceeded", message: dailyQuota)])
    }
  }

  /// After the first answer that the daily quota is spent, no request is sent: the others meet
  /// the same failure without asking (each expired entry serves, with the same warning).
  @Test func aSpentDailyQuotaStopsTheRequestsAndServesEveryExpiredEntry() async throws {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    let catalog = Self.threeQueriesMeetingTheQuota(harness)
    let daysAgo = FetchHarness.now.addingTimeInterval(-3 * 86_400)
    _ = try await harness.fetcher(catalog, harness.options(jobs: 1, now: daysAgo)).run()
    Self.scriptTheQuota(harness)
    let before = harness.fake.requestCount
    let result = try await harness.fetcher(catalog, harness.options(jobs: 1)).run()
    #expect(harness.fake.requestCount == before + 1)
    #expect(result.statistics.requests == 1)
    #expect(result.statistics.staleServed == 3)
    #expect(result.ids("sf") == ["d0", "d1", "e0", "e1", "u0", "u1"])
    #expect(
      result.warningTexts
        == ["dune", "emma", "ubik"].map {
          "warning: query '\($0)' in collection 'sf': HTTP 429 (rateLimitExceeded: \(Self.dailyQuota)); "
            + "using the cached response from 2026-09-18T14:13:20Z"
        })
  }

  /// Without cached entries, every query fails with the answer the first met, and only one was
  /// asked; a per-minute limit (retried) does not stop the others.
  @Test func aSpentDailyQuotaFailsTheOtherRequestsWithoutSendingThem() async throws {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    let catalog = Self.threeQueriesMeetingTheQuota(harness)
    Self.scriptTheQuota(harness)
    var text = "no error"
    do {
      _ = try await harness.fetcher(catalog, harness.options(jobs: 1)).run()
    } catch {
      text = error.description
    }
    #expect(harness.fake.requestCount == 1)
    for name in ["dune", "emma", "ubik"] {
      #expect(
        text.contains(
          "query '\(name)' in collection 'sf': HTTP 429 (rateLimitExceeded: \(Self.dailyQuota)); anonymous"),
        "\(text)")
    }

    let perMinute = try FetchHarness()
    defer { perMinute.cleanUp() }
    let again = Self.threeQueriesMeetingTheQuota(perMinute)
    perMinute.fake.script(
      "q=dune",
      [.error(status: 429, reason: "rateLimitExceeded", message: "Quota exceeded for 'Queries per minute'.")])
    let result = try await perMinute.fetcher(again, perMinute.options(jobs: 1)).run()
    #expect(result.ids("sf") == ["d0", "d1", "e0", "e1", "u0", "u1"])
    #expect(perMinute.fake.requestCount == 4)
  }

  @Test func badRequestWithAKeySaysToCheckTheKey() async throws {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    let catalog = Self.oneQuery(harness)
    harness.fake.script(
      "q=dune",
      [.error(status: 400, reason: "keyInvalid", message: "API key not valid. Please pass a valid API key.")])
    #expect(
      await Self.failureText(harness, catalog, environment: ["GOOGLE_BOOKS_API_KEY": "k-123456"])
        == """
        error: query 'dune' in collection 'sf': HTTP 400 (keyInvalid: API key not valid. Please pass a valid API \
        key.) after 1 attempt; check the API key in the GOOGLE_BOOKS_API_KEY environment variable (Google answers \
        400 for a bad key)
          request: \(harness.apiURL)/volumes?maxResults=3&q=dune&startIndex=0&key=REDACTED
        """)
  }

  @Test func unknownVolumeIDIsAnErrorThatPointsAtTheCatalog() async throws {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    let catalog = harness.catalog([Collection(title: "V", slug: "v", volumes: ["nope_123"])])
    #expect(
      await Self.failureText(harness, catalog)
        == """
        error: volume 'nope_123' in collection 'v': HTTP 404 (notFound: The volume ID could not be found.) after 1 \
        attempt; check the volume id in catalog.yml
          request: \(harness.apiURL)/volumes/nope_123
        """)
  }
}
