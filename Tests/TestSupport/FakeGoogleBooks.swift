import Foundation

/// A stand-in for the Google Books API v1 that answers like Google: paging with `startIndex`
/// and `maxResults`, single volumes by id, Google's error bodies, and scripted faults.
///
/// It knows nothing of sockets: `FakeGoogleBooksServer` serves it over real HTTP, and tests can
/// also call `respond` directly. It counts requests and the most that were in flight at once.
public final class FakeGoogleBooks: @unchecked Sendable {
  /// One scripted misbehaviour, used instead of the normal answer.
  public enum Fault: Sendable, Equatable {
    /// Answer with this status and Google's error body; `retryAfter` sets the header.
    case error(status: Int, reason: String, message: String, retryAfter: String? = nil)
    /// Sleep this long before answering normally (longer than the client's timeout → timeout).
    case delay(seconds: Double)
    /// Close the connection without a response (a reset).
    case closeWithoutResponse
    /// Send the headers and only the first bytes of the normal body.
    case truncateBody(afterBytes: Int)
    /// 200 with an HTML body, as a captive portal or proxy would send.
    case nonJSON
    /// 302 to the same path and query (API key included) on `base`, e.g. `http://127.0.0.2:8080`.
    case redirect(to: String)
    /// The normal answer sent with `Content-Encoding: gzip`.
    case gzip
    /// 200 with `Content-Encoding: gzip` and a body of zeros that inflates to `decodedBytes`
    /// (nil: never ends), streamed until the client hangs up.
    case gzipBomb(decodedBytes: Int?)
    /// A search answers with every result at once, whatever `maxResults` asked for.
    case everyResult
  }

  /// What to send back.
  public struct Reply: Sendable {
    public var status: Int
    public var headers: [(String, String)]
    public var body: [UInt8]
    /// Set for `.closeWithoutResponse`, `.truncateBody` and `.gzipBomb`.
    public var fault: Fault?

    public init(status: Int, headers: [(String, String)] = [], body: [UInt8], fault: Fault? = nil) {
      self.status = status
      self.headers = headers
      self.body = body
      self.fault = fault
    }
  }

  private let lock = NSLock()
  private var searches: [String: [String]] = [:]
  private var volumes: [String: String] = [:]
  private var scripts: [(matching: String, faults: [Fault])] = []
  private var log: [String] = []
  private var inFlight = 0
  private var mostInFlight = 0

  /// Seconds every answer waits (server latency).
  public var latency: Double {
    get { locked { storedLatency } }
    set { locked { storedLatency = newValue } }
  }
  private var storedLatency = 0.0

  /// When set, requests without `country=` get Google's 403 unknownLocation.
  public var requiresCountry: Bool {
    get { locked { storedRequiresCountry } }
    set { locked { storedRequiresCountry = newValue } }
  }
  private var storedRequiresCountry = false

  public init() {}

  private func locked<T>(_ body: () -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body()
  }

  // MARK: Data

  /// Results for `q`, as volume JSON objects in result order; served in pages.
  public func setSearch(_ q: String, results: [String]) {
    locked { searches[q] = results }
  }

  /// The record `GET volumes/{id}` returns.
  public func setVolume(_ id: String, json: String) {
    locked { volumes[id] = json }
  }

  /// Faults for requests whose target contains `matching`, used one per request in order.
  public func script(_ matching: String, _ faults: [Fault]) {
    locked { scripts.append((matching, faults)) }
  }

  // MARK: Counters

  /// Request targets (path and query) in arrival order.
  public var requests: [String] { locked { log } }
  public var requestCount: Int { locked { log.count } }
  public var maxInFlight: Int { locked { mostInFlight } }

  // MARK: Answering

  /// Answers one request (`target` is path plus query, as sent).
  public func respond(method: String, target: String) async -> Reply {
    let fault: Fault? = locked {
      log.append(target)
      inFlight += 1
      mostInFlight = max(mostInFlight, inFlight)
      guard let index = scripts.firstIndex(where: { target.contains($0.matching) && !$0.faults.isEmpty })
      else {
        return nil
      }
      return scripts[index].faults.removeFirst()
    }
    defer { locked { inFlight -= 1 } }
    let latency = self.latency
    if latency > 0 { try? await Task.sleep(nanoseconds: UInt64(latency * 1e9)) }
    switch fault {
    case .error(let status, let reason, let message, let retryAfter):
      return Self.errorReply(status: status, reason: reason, message: message, retryAfter: retryAfter)
    case .delay(let seconds):
      try? await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
      return answer(method: method, target: target)
    case .closeWithoutResponse:
      return Reply(status: 200, body: [], fault: .closeWithoutResponse)
    case .truncateBody(let count):
      var reply = answer(method: method, target: target)
      reply.fault = .truncateBody(afterBytes: min(count, max(0, reply.body.count - 1)))
      return reply
    case .nonJSON:
      return Reply(
        status: 200, headers: [("Content-Type", "text/html")],
        body: Array("<html><body>Please sign in to the network</body></html>".utf8))
    case .redirect(let base):
      return Reply(status: 302, headers: [("Location", base + target)], body: [])
    case .gzip:
      var reply = answer(method: method, target: target)
      reply.headers.append(("Content-Encoding", "gzip"))
      reply.body = Gzip.stored(reply.body)
      return reply
    case .gzipBomb:
      return Reply(
        status: 200, headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip")], body: [],
        fault: fault)
    case .everyResult:
      return answer(method: method, target: target, everyResult: true)
    case nil:
      return answer(method: method, target: target)
    }
  }

  private func answer(method: String, target: String, everyResult: Bool = false) -> Reply {
    let (path, query) = Self.split(target)
    guard method == "GET" else {
      return Self.errorReply(status: 405, reason: "httpMethodNotAllowed", message: "Method not allowed.")
    }
    if requiresCountry && query["country"] == nil {
      return Self.errorReply(
        status: 403, reason: "unknownLocation",
        message: "Cannot determine user location for geographically restricted operation.")
    }
    if path == "/books/v1/volumes" { return search(query, everyResult: everyResult) }
    let prefix = "/books/v1/volumes/"
    guard path.hasPrefix(prefix) else {
      return Self.errorReply(status: 404, reason: "notFound", message: "Not Found")
    }
    let id = String(path.dropFirst(prefix.count)).removingPercentEncoding ?? ""
    guard let json = locked({ volumes[id] }) else {
      return Self.errorReply(status: 404, reason: "notFound", message: "The volume ID could not be found.")
    }
    return Reply(
      status: 200, headers: [("Content-Type", "application/json; charset=UTF-8")], body: Array(json.utf8))
  }

  private func search(_ query: [String: String], everyResult: Bool) -> Reply {
    guard let q = query["q"], !q.isEmpty else {
      return Self.errorReply(status: 400, reason: "queryRequired", message: "Missing query.")
    }
    let start = Int(query["startIndex"] ?? "0") ?? 0
    let count = Int(query["maxResults"] ?? "10") ?? 10
    guard (0...40).contains(count) else {
      return Self.errorReply(
        status: 400, reason: "invalid", message: "Invalid value at 'max_results' (TYPE_INT32), \(count)",
        googleStatus: "INVALID_ARGUMENT")
    }
    let results = locked { searches[q] ?? [] }
    // totalItems is an estimate in Google's answers too; clients must not trust it.
    var body =
      "{\n  \"kind\": \"books#volumes\",\n  \"totalItems\": \(results.isEmpty ? 0 : results.count + 1000)"
    let page = results.dropFirst(start).prefix(everyResult ? results.count : count)
    if !page.isEmpty {
      body += ",\n  \"items\": [\n" + page.joined(separator: ",\n") + "\n  ]"
    }
    body += "\n}\n"
    return Reply(
      status: 200, headers: [("Content-Type", "application/json; charset=UTF-8")], body: Array(body.utf8))
  }

  /// Google's error body. With `status` the newer layout (code, message, errors, status);
  /// without it the older one (errors, code, message).
  public static func errorReply(
    status code: Int, reason: String, message: String, retryAfter: String? = nil, googleStatus: String? = nil
  ) -> Reply {
    let errors = """
      [
            {
              "domain": "global",
              "reason": "\(reason)",
              "message": "\(message)"
            }
          ]
      """
    let body: String
    if let googleStatus {
      body = """
        {
          "error": {
            "code": \(code),
            "message": "\(message)",
            "errors": \(errors),
            "status": "\(googleStatus)"
          }
        }

        """
    } else {
      body = """
        {
         "error": {
          "errors": \(errors),
          "code": \(code),
          "message": "\(message)"
         }
        }

        """
    }
    var headers = [("Content-Type", "application/json; charset=UTF-8")]
    if let retryAfter { headers.append(("Retry-After", retryAfter)) }
    return Reply(status: code, headers: headers, body: Array(body.utf8))
  }

  static func split(_ target: String) -> (path: String, query: [String: String]) {
    let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    var query: [String: String] = [:]
    if parts.count > 1 {
      for pair in parts[1].split(separator: "&") {
        let item = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(item[0]).removingPercentEncoding ?? String(item[0])
        let value = item.count > 1 ? (String(item[1]).removingPercentEncoding ?? String(item[1])) : ""
        query[name] = value
      }
    }
    return (String(parts[0]), query)
  }

  /// A volume object shaped like Google's search-list items.
  public static func volumeJSON(
    id: String, title: String, isbn13: String? = nil, isbn10: String? = nil, other: String? = nil,
    description: String = "A book.", pageCount: Int = 0, authors: [String] = ["Test Author"],
    thumbnail: String? = nil
  ) -> String {
    var identifiers: [String] = []
    if let isbn10 { identifiers.append(#"{"type": "ISBN_10", "identifier": "\#(isbn10)"}"#) }
    if let isbn13 { identifiers.append(#"{"type": "ISBN_13", "identifier": "\#(isbn13)"}"#) }
    if let other { identifiers.append(#"{"type": "OTHER", "identifier": "\#(other)"}"#) }
    return """
          {
            "kind": "books#volume",
            "id": "\(id)",
            "etag": "e\(id)",
            "selfLink": "https://www.googleapis.com/books/v1/volumes/\(id)",
            "volumeInfo": {
              "title": "\(title)",
              "authors": [\(authors.map { "\"\($0)\"" }.joined(separator: ", "))],
              "publishedDate": "2019-10-03",
              "description": "\(description)",
              "industryIdentifiers": [\(identifiers.joined(separator: ", "))],
              "pageCount": \(pageCount),
              "printType": "BOOK",
              "imageLinks": {
                "thumbnail": "\(thumbnail ?? "http://books.google.com/books/content?id=\(id)&printsec=frontcover&img=1&zoom=1&source=gbs_api")"
              },
              "language": "en",
              "previewLink": "http://books.google.co.uk/books?id=\(id)&hl=&source=gbs_api"
            },
            "saleInfo": {"country": "GB", "saleability": "NOT_FOR_SALE", "isEbook": false},
            "accessInfo": {"country": "GB", "viewability": "NO_PAGES", "embeddable": false, "publicDomain": false}
          }
      """
  }
}
