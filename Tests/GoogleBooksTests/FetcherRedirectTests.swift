import Catalog
import Fetching
import Foundation
import GoogleBooks
import TestSupport
import Testing

/// An API request carries the key in its URL: a redirect is followed only on the API's own
/// origin, so the key never reaches another host, and a redirect loop is called one.
@Suite struct FetcherRedirectTests {
  static let key = "test-key-0123456789"

  private func catalog(_ harness: FetchHarness) -> Catalog {
    harness.fake.setVolume("V1", json: FakeGoogleBooksFixtures.volume("V1"))
    return harness.catalog([Collection(title: "Vol", slug: "vol", volumes: ["V1"])])
  }

  private func options(_ harness: FetchHarness) -> FetchOptions {
    harness.options(environment: ["GOOGLE_BOOKS_API_KEY": Self.key])
  }

  @Test(arguments: ["127.0.0.2", "127.0.0.1"])
  func aRedirectToAnotherHostOrPortIsRefusedAndGetsNoKey(host: String) async throws {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    let catalog = catalog(harness)
    let other = FakeGoogleBooks()
    other.setVolume("V1", json: FakeGoogleBooksFixtures.volume("V1"))
    let elsewhere = FakeGoogleBooksServer(google: other, host: host)
    try elsewhere.start()
    harness.fake.script("volumes/V1", [.redirect(to: elsewhere.origin)])
    let error = await #expect(throws: FetchError.self) {
      try await harness.fetcher(catalog, options(harness)).run()
    }
    let hostPort = String(elsewhere.origin.dropFirst("http://".count))
    #expect(
      error?.description == """
        error: volume 'V1' in collection 'vol': the server redirected the request to another host \
        (\(hostPort)), refused (the API key never leaves the API host) after 1 attempt; check google_books.api_url \
        (or BOOKGEN_API_URL): it must be the API's own address
          request: \(harness.apiURL)/volumes/V1?key=REDACTED
        """)
    #expect(other.requestCount == 0, "the other host was sent \(other.requests)")
    #expect(harness.fake.requestCount == 1)
    await elsewhere.stop()
  }

  @Test func aRedirectOnTheAPIsOwnOriginIsFollowed() async throws {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    let catalog = catalog(harness)
    let origin = try #require(harness.server?.origin)
    harness.fake.script("volumes/V1", [.redirect(to: origin)])
    let result = try await harness.fetcher(catalog, options(harness)).run()
    #expect(result.ids("vol") == ["V1"])
    #expect(harness.fake.requestCount == 2)
  }

  @Test func aRedirectLoopIsCalledOne() async throws {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    let catalog = catalog(harness)
    let origin = try #require(harness.server?.origin)
    harness.fake.script("volumes/V1", Array(repeating: .redirect(to: origin), count: 100))
    let error = await #expect(throws: FetchError.self) {
      try await harness.fetcher(catalog, options(harness)).run()
    }
    #expect(
      error?.description == """
        error: volume 'V1' in collection 'vol': the server redirected the request in a loop (too many \
        redirects) after 1 attempt; check google_books.api_url (or BOOKGEN_API_URL)
          request: \(harness.apiURL)/volumes/V1?key=REDACTED
        """)
  }
}
