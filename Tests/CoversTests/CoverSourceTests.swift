import Fetching
import Testing

@testable import Covers

/// What the cover fetch shows and stores of a URL: never a key.
@Suite struct CoverSourceTests {
  @Test(arguments: [
    ("https://x.test/c.jpg?id=1&key=AIzaSyABCDEF&zoom=1", "https://x.test/c.jpg?id=1&key=REDACTED&zoom=1"),
    ("https://x.test/c.jpg?key=secret", "https://x.test/c.jpg?key=REDACTED"),
    ("https://x.test/monkey=1/c.jpg", "https://x.test/monkey=1/c.jpg"),
    ("https://x.test/AIzaSyABC-_9/c.jpg", "https://x.test/REDACTED/c.jpg"),
    (
      "https://books.google.com/books/content?id=a&zoom=1",
      "https://books.google.com/books/content?id=a&zoom=1"
    ),
  ])
  func aKeyInACoverURLIsNeverShown(url: String, shown: String) {
    #expect(CoverSource.redacted(url) == shown)
  }

  @Test func aCacheEntryIsNamedWithoutTheKey() {
    let keyed = CoverRequest(url: "https://x.test/c.jpg?key=AIzaSyABCDEF")
    #expect(!keyed.canonical.contains("AIza"))
    #expect(keyed.canonical.hasPrefix("cover https://x.test/c.jpg?key=REDACTED "))
    // Two keys are two entries.
    #expect(keyed.canonical != CoverRequest(url: "https://x.test/c.jpg?key=AIzaSyOTHER").canonical)
    #expect(CoverRequest(url: "https://x.test/c.jpg").canonical == "cover https://x.test/c.jpg")
  }

  @Test func onlyAMissingImageIsRememberedAsNotFound() {
    let source = CoverSource(
      baseURL: "x.test", settingNames: SourceSettingNames(maxRequests: "m", apiURL: "a"))
    let request = CoverRequest(url: "https://x.test/c.jpg")
    #expect(source.isNotFound(.http(status: 404, error: nil), for: request))
    #expect(source.isNotFound(.http(status: 410, error: nil), for: request))
    #expect(!source.isNotFound(.http(status: 503, error: nil), for: request))
    #expect(source.isRetryable(.http(status: 503, error: nil)))
    #expect(source.isRetryable(.http(status: 429, error: nil)))
    #expect(!source.isRetryable(.http(status: 403, error: nil)))
  }
}
