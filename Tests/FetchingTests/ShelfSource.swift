import Fetching
import Foundation

/// A source that is not Google Books: `shelves/<name>` answers `{"books": ["a", "b"], "next": "other"}`,
/// and a `next` shelf is fetched as a follow-up. What a second source (Open Library) needs
/// from the fetch machinery, and nothing more.
struct ShelfSource: FetchSource {
  struct Request: CachedRequest, Comparable {
    var shelf: String
    var canonical: String { "shelves/" + shelf }
    static func < (a: Request, b: Request) -> Bool { a.shelf < b.shelf }
  }

  struct Purpose: FetchPurpose {
    var position: Int
    var shelf: String
    /// What is kept when the shelf fails: its failure is then a warning.
    var fallback: String? = nil
    var order: Int { position }
  }

  let baseURL = "http://shelves.test/api"
  let key: String?
  /// A 404 is the shelf's absence, kept like an answer; an empty shelf finds nothing.
  var remembersAbsence = false

  var settingNames: SourceSettingNames {
    SourceSettingNames(maxRequests: "shelves.max_requests", apiURL: "shelves.api_url")
  }

  func url(for request: Request) -> String {
    baseURL + "/" + request.canonical + (key.map { "?token=" + $0 } ?? "")
  }

  func displayURL(for request: Request) -> String {
    baseURL + "/" + request.canonical + (key == nil ? "" : "?token=REDACTED")
  }

  func scrubbed(_ text: String) -> String {
    guard let key else { return text }
    return text.replacingOccurrences(of: key, with: "REDACTED")
  }

  func decodeCached(_ body: ArraySlice<UInt8>, for request: Request) -> Shelf? { Shelf(body) }

  func interpret(_ response: TransportResponse, for request: Request) -> Result<Shelf, RequestFailure.Reason>
  {
    guard (200..<300).contains(response.status) else {
      return .failure(.http(status: response.status, error: nil))
    }
    guard let shelf = Shelf(response.body[...]) else { return .failure(.invalidBody("not a shelf")) }
    return .success(shelf)
  }

  func isNotFound(_ reason: RequestFailure.Reason, for request: Request) -> Bool {
    guard remembersAbsence, case .http(404, _) = reason else { return false }
    return true
  }

  func isEmptyAnswer(_ decoded: Shelf, for request: Request) -> Bool {
    remembersAbsence && decoded.books.isEmpty && decoded.next == nil
  }

  func isRetryable(_ reason: RequestFailure.Reason) -> Bool {
    if case .http(let status, _) = reason { return status >= 500 }
    return true
  }

  func hint(for reason: RequestFailure.Reason, purpose: Purpose) -> String? {
    if case .http(404, _) = reason { return "check the shelf's name" }
    return nil
  }

  func subject(of purpose: Purpose) -> String { "shelf '\(purpose.shelf)'" }

  func followUps(of request: Request, for purpose: Purpose, answer: Shelf) -> [(Request, Purpose)] {
    guard let next = answer.next else { return [] }
    return [(Request(shelf: next), Purpose(position: purpose.position + 1, shelf: next))]
  }

  func pendingSummary(_ purposes: [Purpose]) -> String {
    purposes.count == 1 ? "1 shelf still to fetch" : "\(purposes.count) shelves still to fetch"
  }
}

/// A shelf's books and the shelf after it.
struct Shelf: Sendable, Equatable {
  var books: [String]
  var next: String?

  init?(_ body: ArraySlice<UInt8>) {
    guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any],
      let books = object["books"] as? [String]
    else { return nil }
    self.books = books
    next = object["next"] as? String
  }

  static func body(_ books: [String], next: String? = nil) -> [UInt8] {
    var object: [String: Any] = ["books": books]
    if let next { object["next"] = next }
    return [UInt8](try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
  }
}

/// Answers from a table of responses by URL and counts the requests; 404 for anything else.
final class TableTransport: HTTPTransport, @unchecked Sendable {
  private let lock = NSLock()
  private var responses: [String: [TransportResponse]]
  private var requested: [String] = []

  init(_ responses: [String: [TransportResponse]]) {
    self.responses = responses
  }

  /// Every URL asked for, in order.
  var requests: [String] { lock.withLock { requested } }

  /// The next queued response for `url` (the last one repeats).
  func get(_ url: String, timeout: Double) async throws(TransportError) -> TransportResponse {
    lock.withLock {
      requested.append(url)
      guard var queue = responses[url], let first = queue.first else { return TransportResponse(status: 404) }
      if queue.count > 1 {
        queue.removeFirst()
        responses[url] = queue
      }
      return first
    }
  }
}
