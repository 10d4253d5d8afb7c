import Fetching
import Foundation
import Support
import TestSupport
import Testing

@testable import GoogleBooks

@Suite struct ResponseCacheTests {
  @Test func theKeyIsTheCanonicalRelativeRequestWithoutTheAPIKey() {
    let request = APIRequest(
      path: "volumes",
      parameters: [
        .init("q", "isbn:9789573317241"), .init("startIndex", "0"), .init("key", "SECRET"),
        .init("maxResults", "40"), .init("country", "TW"),
      ])
    #expect(request.canonical == "volumes?country=TW&maxResults=40&q=isbn%3A9789573317241&startIndex=0")
    #expect(
      request.urlString(base: "https://www.googleapis.com/books/v1/", key: "SECRET")
        == "https://www.googleapis.com/books/v1/volumes?country=TW&maxResults=40&q=isbn%3A9789573317241&startIndex=0&key=SECRET"
    )
    #expect(
      request.redacted(base: "http://127.0.0.1:8080/books/v1", hasKey: true)
        == "http://127.0.0.1:8080/books/v1/volumes?country=TW&maxResults=40&q=isbn%3A9789573317241&startIndex=0&key=REDACTED"
    )
    let cache = ResponseCache(directory: "/c")
    let key = SHA256.hex("volumes?country=TW&maxResults=40&q=isbn%3A9789573317241&startIndex=0")
    #expect(cache.path(for: request) == "/c/\(key.prefix(2))/\(key).entry")
  }

  @Test func volumeIDsArePercentEncodedInThePath() {
    #expect(APIRequest.volume("a b/c").canonical == "volumes/a%20b%2Fc")
    #expect(APIRequest.volume("hV--zQEACAAJ").canonical == "volumes/hV--zQEACAAJ")
  }

  @Test func anEntryIsOneHeaderLineThenTheBodyExactlyAsReceived() throws {
    let directory = TestSupport.makeTemporaryDirectory()
    defer { TestSupport.removeTemporaryDirectory(directory) }
    let cache = ResponseCache(directory: directory)
    let request = APIRequest.volume("x")
    let body = Array("\u{FEFF}{\r\n \"id\": \"x\"\r\n}".utf8)
    let fetchedAt = Date(timeIntervalSince1970: 1_790_000_000)
    try cache.store(request, body: body, status: 200, fetchedAt: fetchedAt)
    let file = try #require(FileManager.default.contents(atPath: cache.path(for: request)))
    let header =
      #"{"format":1,"request":"volumes/x","status":200,"fetched_at":"2026-09-21T14:13:20Z","body_length":\#(body.count),"#
      + #""body_xxh64":"\#(XXH64.hex(body))"}"# + "\n"
    #expect([UInt8](file) == Array(header.utf8) + body)
    let entry = try #require(try cache.load(request))
    #expect(Array(entry.body) == body)
    #expect(entry.fetchedAt == fetchedAt)
    #expect(entry.status == 200)
    #expect(entry.request == "volumes/x")
    // No temp files are left behind.
    let folder = (cache.path(for: request) as NSString).deletingLastPathComponent
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 1)
  }

  @Test func damagedEntriesAreReportedAsCorrupt() throws {
    let directory = TestSupport.makeTemporaryDirectory()
    defer { TestSupport.removeTemporaryDirectory(directory) }
    let cache = ResponseCache(directory: directory)
    let request = APIRequest.volume("x")
    let path = cache.path(for: request)
    try cache.store(request, body: Array(#"{"id": "x"}"#.utf8), status: 200, fetchedAt: Date())
    let good = try #require(FileManager.default.contents(atPath: path))
    var flipped = [UInt8](good)
    flipped[flipped.count - 3] = UInt8(ascii: "y")
    try Data(flipped).write(to: URL(fileURLWithPath: path))
    #expect(throws: CacheError.corrupt(path: path, reason: "body checksum mismatch")) {
      try cache.load(request)
    }
    try Data("garbage".utf8).write(to: URL(fileURLWithPath: path))
    #expect(throws: CacheError.corrupt(path: path, reason: "no header line")) { try cache.load(request) }
    #expect(try cache.load(APIRequest.volume("never")) == nil)
  }

  @Test func anErrorResponseNeverReplacesAGoodEntry() throws {
    let directory = TestSupport.makeTemporaryDirectory()
    defer { TestSupport.removeTemporaryDirectory(directory) }
    let cache = ResponseCache(directory: directory)
    let request = APIRequest.volume("x")
    try cache.store(request, body: Array(#"{"id": "x"}"#.utf8), status: 200, fetchedAt: Date())
    try cache.store(request, body: Array(#"{"error": {"code": 503}}"#.utf8), status: 503, fetchedAt: Date())
    #expect(try cache.load(request).map { Array($0.body) } == Array(#"{"id": "x"}"#.utf8))
  }
}
