import Foundation
import LoopbackHTTP

/// Answers Google Books API searches over a synthetic dataset's queries as Google does, so that
/// `bookgen fetch` fills a real cache from it.
///
/// `GET /books/v1/volumes?q=…&startIndex=…&maxResults=…` answers the query's volumes from
/// `startIndex` (`maxResults` of them, 10 when not given; none and no `items` key past the end);
/// other parameters (`country`, `printType`…) are ignored. An unknown query has `totalItems` 0
/// and no items; a `maxResults` over 40, a negative `startIndex` or a missing `q` is a 400, and
/// any other path a 404, each with Google's error body.
struct MockGoogleBooks: Sendable {
  static let basePath = "/books/v1"

  let queries: [String: DatasetPlan.Query]
  let seed: UInt64
  /// Searches for a query the plan does not have (a catalog that drifted from its plan).
  let unknownQueries = Tally()

  init(queries: [DatasetPlan.Query], seed: UInt64) {
    self.queries = Dictionary(queries.map { ($0.q, $0) }, uniquingKeysWith: { first, _ in first })
    self.seed = seed
  }

  /// Starts a server answering as this mock, `latency` seconds late.
  func start(latency: Double = 0) throws -> LoopbackServer {
    try LoopbackServer(latency: latency) { target in answer(target) }
  }

  func answer(_ target: String) -> LoopbackServer.Response {
    let (path, parameters) = Self.split(target)
    guard path == Self.basePath + "/volumes" else {
      return Self.error(404, "notFound", "The requested URL was not found.")
    }
    guard let q = parameters["q"], !q.isEmpty else {
      return Self.error(400, "queryRequired", "Required parameter: q")
    }
    let start = parameters["startIndex"].map { Int($0) ?? -1 } ?? 0
    let count = parameters["maxResults"].map { Int($0) ?? -1 } ?? 10
    guard start >= 0, (0...40).contains(count) else {
      return Self.error(400, "invalid", "Invalid value for startIndex or maxResults")
    }
    guard let query = queries[q] else {
      unknownQueries.add()
      return LoopbackServer.Response(
        status: 200, body: Array("{\"kind\": \"books#volumes\", \"totalItems\": 0}\n".utf8))
    }
    let lower = min(query.volumes.lowerBound + start, query.volumes.upperBound)
    let upper = min(lower + count, query.volumes.upperBound)
    return LoopbackServer.Response(
      status: 200, body: SearchPage.body(query: query, volumes: lower..<upper, seed: seed))
  }

  /// The path and the decoded query parameters of a request target (`+` is a space).
  static func split(_ target: String) -> (path: String, parameters: [String: String]) {
    let halves = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    var parameters: [String: String] = [:]
    for pair in (halves.count > 1 ? halves[1] : "").split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      func decode(_ text: Substring) -> String {
        String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(text)
      }
      parameters[decode(parts[0])] = parts.count > 1 ? decode(parts[1]) : ""
    }
    return (String(halves[0]), parameters)
  }

  /// Google's error body: `{"error": {"code", "message", "errors": [{…}], "status"}}`.
  static func error(_ code: Int, _ reason: String, _ message: String) -> LoopbackServer.Response {
    let status = code == 404 ? "NOT_FOUND" : "INVALID_ARGUMENT"
    let body = """
      {
        "error": {
          "code": \(code),
          "message": "\(message)",
          "errors": [
            {
              "message": "\(message)",
              "domain": "global",
              "reason": "\(reason)"
            }
          ],
          "status": "\(status)"
        }
      }

      """
    return LoopbackServer.Response(status: code, body: Array(body.utf8))
  }
}

/// A count several threads add to.
final class Tally: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0

  func add() {
    lock.lock()
    count += 1
    lock.unlock()
  }

  var value: Int {
    lock.lock()
    defer { lock.unlock() }
    return count
  }
}
