import Foundation
import LoopbackHTTP
import Testing

@testable import BookgenBench

/// The mock answers searches as Google does (paging, the end of the results, errors).
@Suite struct MockGoogleBooksTests {
  static let plan = DatasetPlan(count: 2_000)
  static let mock = MockGoogleBooks(queries: plan.queries, seed: 5)

  static func json(_ response: LoopbackServer.Response) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
  }

  static func ids(_ response: LoopbackServer.Response) throws -> [String] {
    (try json(response)["items"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
  }

  @Test func aPageHoldsTheVolumesFromItsStartIndex() throws {
    let query = Self.plan.queries[0]
    let q = query.q.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
    let response = Self.mock.answer("/books/v1/volumes?q=\(q)&startIndex=40&maxResults=40&country=US")
    #expect(response.status == 200)
    let expected =
      (query.volumes.lowerBound + 40..<min(query.volumes.lowerBound + 80, query.volumes.upperBound))
      .map { SyntheticBook(index: $0, seed: 5).id }
    #expect(try Self.ids(response) == expected)
    #expect(
      response.body
        == SearchPage.body(
          query: query, volumes: query.volumes.lowerBound + 40..<query.volumes.lowerBound + 80, seed: 5))
  }

  @Test func pastTheEndThereAreNoItems() throws {
    let query = Self.plan.queries[0]
    let q = query.q.replacingOccurrences(of: " ", with: "+").replacingOccurrences(of: ":", with: "%3A")
    let response = Self.mock.answer("/books/v1/volumes?q=\(q)&startIndex=\(query.maxResults)&maxResults=40")
    let body = try Self.json(response)
    #expect(body["items"] == nil)
    #expect(body["totalItems"] as? Int == query.maxResults * 3 + query.volumes.lowerBound % 97)
  }

  @Test func unknownQueriesAndBadRequestsAnswerAsGoogle() throws {
    let mock = MockGoogleBooks(queries: Self.plan.queries, seed: 5)
    let unknown = mock.answer("/books/v1/volumes?q=nothing&maxResults=40")
    #expect(try Self.json(unknown)["totalItems"] as? Int == 0)
    #expect(mock.unknownQueries.value == 1)
    #expect(mock.answer("/books/v1/volumes?q=x&maxResults=41").status == 400)
    #expect(mock.answer("/books/v1/volumes?startIndex=0").status == 400)
    let missing = mock.answer("/books/v1/volumes/abc")
    #expect(missing.status == 404)
    let error = try #require(try Self.json(missing)["error"] as? [String: Any])
    #expect(error["code"] as? Int == 404)
  }
}
