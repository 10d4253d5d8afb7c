import Fetching
import GoogleBooks
import TestSupport
import Testing

/// The fake must answer like Google, or the fetcher tests prove nothing.
@Suite struct FakeGoogleBooksTests {
  @Test func moreThanFortyResultsIsABadRequestInGooglesFormat() async throws {
    let fake = FakeGoogleBooks()
    let reply = await fake.respond(method: "GET", target: "/books/v1/volumes?q=x&maxResults=41")
    #expect(reply.status == 400)
    #expect(
      throws: BodyDecodingError.apiError(
        APIErrorBody(
          code: 400, message: "Invalid value at 'max_results' (TYPE_INT32), 41", status: "INVALID_ARGUMENT",
          reasons: ["invalid"], detailMessages: ["Invalid value at 'max_results' (TYPE_INT32), 41"]))
    ) { try VolumeDecoder.decode(reply.body) }
  }

  @Test func aMissingQueryAndAnUnknownVolumeUseGooglesMessages() async throws {
    let fake = FakeGoogleBooks()
    let missing = await fake.respond(method: "GET", target: "/books/v1/volumes?q=")
    #expect(
      throws: BodyDecodingError.apiError(
        APIErrorBody(
          code: 400, message: "Missing query.", reasons: ["queryRequired"], detailMessages: ["Missing query."]
        ))
    ) {
      try VolumeDecoder.decode(missing.body)
    }
    let unknown = await fake.respond(method: "GET", target: "/books/v1/volumes/nope")
    #expect(unknown.status == 404)
  }

  @Test func pagesEndWithoutAnItemsKeyAndTotalItemsIsOnlyAnEstimate() async throws {
    let fake = FakeGoogleBooks()
    fake.setSearch("a b", results: [FakeGoogleBooks.volumeJSON(id: "x", title: "X")])
    let first = await fake.respond(
      method: "GET", target: "/books/v1/volumes?q=a%20b&startIndex=0&maxResults=40")
    #expect(try VolumeDecoder.decode(first.body).volumes.map(\.id) == ["x"])
    let second = await fake.respond(
      method: "GET", target: "/books/v1/volumes?q=a%20b&startIndex=40&maxResults=40")
    #expect(
      String(decoding: second.body, as: UTF8.self)
        == "{\n  \"kind\": \"books#volumes\",\n  \"totalItems\": 1001\n}\n")
    #expect(fake.requestCount == 2)
  }
}
