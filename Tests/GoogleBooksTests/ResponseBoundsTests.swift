import Fetching
import Foundation
import GoogleBooks
import TestSupport
import Testing

@testable import Catalog

/// Answers far larger than any Google sends: held whole in memory they took gigabytes, and
/// taken whole they grew the site without bound.
@Suite struct ResponseBoundsTests {
  static func oneQuery(_ harness: FetchHarness, maxResults: Int = 3) -> Catalog {
    harness.catalog(
      [Collection(title: "SF", slug: "sf", queries: [Query(q: "dune", maxResults: maxResults)])],
      settings: GoogleBooksSettings(retries: 3, timeout: 15))
  }

  /// A body that inflates past the limit, or is sent that large, fails at once: retrying gets
  /// the same answer, and nothing is cached.
  @Test(arguments: ["gzip bomb", "plain"])
  func aBodyLargerThanTheLimitFailsTheRequest(kind: String) async throws {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    if kind == "plain" {
      let description = String(repeating: "x", count: 17 << 20)
      harness.fake.setSearch(
        "dune", results: [FakeGoogleBooks.volumeJSON(id: "d0", title: "D", description: description)])
    } else {
      harness.fake.setSearch("dune", results: FetchHarness.volumes("d", 3))
      harness.fake.script("q=dune", [.gzipBomb(decodedBytes: 64 << 20)])
    }
    let text = await FetcherFaultTests.failureText(harness, Self.oneQuery(harness))
    #expect(
      text == """
        error: query 'dune' in collection 'sf': the response body is larger than 16 MiB after 1 attempt; \
        Google's answers are far smaller: check google_books.api_url (or BOOKGEN_API_URL)
          request: \(harness.apiURL)/volumes?maxResults=3&q=dune&startIndex=0
        """)
    #expect(harness.fake.requestCount == 1)
    #expect(harness.cacheFiles().keys.filter { $0.hasSuffix(".entry") } == [])  // nothing cached
  }

  /// The limit holds while the body arrives: 1 MiB into a body of 64 MiB the request fails,
  /// and the chunks still arriving are dropped unread.
  @Test func aBodyIsCutOffAsSoonAsItPassesTheLimit() async throws {
    let fake = FakeGoogleBooks()
    fake.script("q=dune", [.gzipBomb(decodedBytes: 64 << 20)])
    let server = FakeGoogleBooksServer(google: fake)
    try server.start()
    let transport = URLSessionTransport(bodyLimit: 1 << 20)
    await #expect(throws: TransportError.bodyTooLarge(limit: 1 << 20)) {
      try await transport.get(server.apiURL + "/volumes?q=dune", timeout: 60)
    }
    await server.stop()
  }

  @Test func aGzipEncodedAnswerIsDecoded() async throws {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    harness.fake.setSearch("dune", results: FetchHarness.volumes("d", 3))
    harness.fake.script("q=dune", [.gzip])
    let result = try await harness.fetcher(Self.oneQuery(harness), harness.options()).run()
    #expect(result.ids("sf") == ["d0", "d1", "d2"])
    #expect(result.warnings == [])
  }

  /// A thousand items for `maxResults=40`: the first 40 are used, with a warning, online and
  /// from the cache.
  @Test func itemsBeyondWhatWasAskedForAreIgnored() async throws {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    harness.fake.setSearch("dune", results: (0..<1000).map { #"{"id": "vol\#($0)"}"# })
    harness.fake.script("q=dune", [.everyResult])
    let catalog = Self.oneQuery(harness, maxResults: 40)
    let warning =
      "warning: query 'dune' in collection 'sf': the answer holds 1000 items for maxResults=40; "
      + "only the first 40 are used"
    let online = try await harness.fetcher(catalog, harness.options()).run()
    #expect(online.ids("sf") == (0..<40).map { "vol\($0)" })
    #expect(online.warningTexts == [warning])
    let offline = try await harness.fetcher(catalog, harness.options(offline: true)).run()
    #expect(offline.ids("sf") == online.ids("sf"))
    #expect(offline.warningTexts == [warning])
    #expect(harness.fake.requestCount == 1)
  }
}
