import Foundation

/// A stand-in for Open Library that answers like it (see ../shared/openlibrary/NOTES.md): stored
/// records by key (`/books/OL…M.json`, works, authors, `/type/redirect` records), a work's
/// edition list, the books API's `jscmd=data` answer made from those records as Open Library
/// makes it (names from the author records, subjects from the work, `{}` for unknown bibkeys),
/// searches by their fields, its error bodies, and scripted faults.
///
/// `FakeOpenLibraryServer` serves it over real HTTP; it counts requests and keeps each one's
/// `User-Agent`.
public final class FakeOpenLibrary: @unchecked Sendable {
  /// One scripted misbehaviour, used instead of the normal answer.
  public enum Fault: Sendable, Equatable {
    /// Answer with this status and body; `retryAfter` sets the header.
    case error(status: Int, body: String, contentType: String = "application/json", retryAfter: String? = nil)
    /// Sleep this long before answering normally.
    case delay(seconds: Double)
    /// Close the connection without a response (a reset).
    case closeWithoutResponse
    /// Send the headers and only the first bytes of the normal body.
    case truncateBody(afterBytes: Int)

    /// The rate limiter's 429 (docker/web_nginx.conf), with `Retry-After`.
    public static func tooManyRequests(retryAfter: String?) -> Fault {
      .error(
        status: 429,
        body:
          #"{"status": 429, "message": "Too Many Requests. Consider using https://openlibrary.org/developers/dumps."}"#,
        retryAfter: retryAfter)
    }

    /// HAProxy's 503 page, HTML, as an overloaded Open Library sends it to API calls too.
    public static let serviceUnavailable = Fault.error(
      status: 503,
      body:
        "<html><body><h1>503 Service Unavailable</h1>\nNo server is available to handle this request.\n</body></html>\n",
      contentType: "text/html")
  }

  private let lock = NSLock()
  /// Stored records by key (`/books/OL1M`), as JSON text, in the order they were added.
  private var records: [String: String] = [:]
  private var order: [String] = []
  private var searches: [String: [String]] = [:]
  private var scripts: [(matching: String, faults: [Fault])] = []
  private var log: [(target: String, userAgent: String?)] = []

  public init() {}

  private func locked<T>(_ body: () -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body()
  }

  // MARK: Data

  /// Stores a record (edition, work, author or redirect) under its `key`.
  public func setRecord(_ json: String) {
    guard let object = Self.object(json), let key = object["key"] as? String else {
      preconditionFailure("a record needs a key: \(json)")
    }
    locked {
      if records[key] == nil { order.append(key) }
      records[key] = json
    }
  }

  /// Documents `search.json` answers with for these search fields (`["title": "dune"]`).
  public func setSearch(_ fields: [String: String], docs: [String]) {
    locked { searches[Self.searchKey(fields)] = docs }
  }

  /// Faults for requests whose target contains `matching`, used one per request in order.
  public func script(_ matching: String, _ faults: [Fault]) {
    locked { scripts.append((matching, faults)) }
  }

  // MARK: Counters

  /// Request targets (path and query) in arrival order.
  public var requests: [String] { locked { log.map(\.target) } }
  public var requestCount: Int { locked { log.count } }
  /// Each request's `User-Agent`, in arrival order.
  public var userAgents: [String?] { locked { log.map(\.userAgent) } }

  // MARK: Answering

  public func respond(method: String, target: String, userAgent: String? = nil) async -> FakeGoogleBooks.Reply
  {
    let fault: Fault? = locked {
      log.append((target, userAgent))
      guard let index = scripts.firstIndex(where: { target.contains($0.matching) && !$0.faults.isEmpty })
      else {
        return nil
      }
      return scripts[index].faults.removeFirst()
    }
    switch fault {
    case .error(let status, let body, let contentType, let retryAfter)?:
      var headers = [("Content-Type", contentType)]
      if let retryAfter { headers.append(("Retry-After", retryAfter)) }
      return FakeGoogleBooks.Reply(status: status, headers: headers, body: Array(body.utf8))
    case .delay(let seconds)?:
      try? await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
      return answer(method: method, target: target)
    case .closeWithoutResponse?:
      return FakeGoogleBooks.Reply(status: 200, body: [], fault: .closeWithoutResponse)
    case .truncateBody(let count)?:
      var reply = answer(method: method, target: target)
      reply.fault = .truncateBody(afterBytes: min(count, max(0, reply.body.count - 1)))
      return reply
    case nil:
      return answer(method: method, target: target)
    }
  }

  private func answer(method: String, target: String) -> FakeGoogleBooks.Reply {
    let (path, query) = FakeGoogleBooks.split(target)
    guard method == "GET" else { return Self.json(#"{"error": "method not allowed"}"#, status: 405) }
    if path == "/api/books" { return books(query) }
    if path == "/search.json" { return search(query) }
    if path.hasSuffix("/editions.json"), path.hasPrefix("/works/") {
      return editions(String(path.dropLast("/editions.json".count)), query)
    }
    guard path.hasSuffix(".json"), let json = locked({ records[String(path.dropLast(5))] }) else {
      return notFound(String(path.hasSuffix(".json") ? path.dropLast(5) : Substring(path)))
    }
    return Self.json(json)
  }

  private func notFound(_ key: String) -> FakeGoogleBooks.Reply {
    Self.json(#"{"error": "notfound", "key": "\#(key)"}"#, status: 404)
  }

  /// `jscmd=data`, made from the stored records; unknown bibkeys are left out (`{}` for none).
  private func books(_ query: [String: String]) -> FakeGoogleBooks.Reply {
    guard query["format"] == "json", query["jscmd"] == "data" else {
      return Self.json("var _OLBookInfo = {};", status: 200)
    }
    let bibkeys = (query["bibkeys"] ?? "").split(separator: ",").map(String.init)
    var answer: [String: Any] = [:]
    for bibkey in bibkeys {
      guard let edition = edition(for: bibkey) else { continue }
      answer[bibkey] = dataEntry(edition)
    }
    return Self.json(Self.text(answer))
  }

  private func edition(for bibkey: String) -> [String: Any]? {
    let parts = bibkey.split(separator: ":", maxSplits: 1).map(String.init)
    guard parts.count == 2 else { return nil }
    let editions = locked { order.filter { $0.hasPrefix("/books/") }.compactMap { records[$0] } }
      .compactMap(Self.object).filter {
        ($0["type"] as? [String: Any])?["key"] as? String != "/type/redirect"
      }
    switch parts[0] {
    case "OLID": return editions.first { $0["key"] as? String == "/books/" + parts[1] }
    case "ISBN":
      let wanted = Self.isbn13(parts[1].filter { $0 != "-" })
      return editions.first { edition in
        let listed = ((edition["isbn_13"] as? [String]) ?? []) + ((edition["isbn_10"] as? [String]) ?? [])
        return listed.contains { Self.isbn13($0) == wanted }
      }
    default: return nil
    }
  }

  private func dataEntry(_ edition: [String: Any]) -> [String: Any] {
    let key = edition["key"] as? String ?? ""
    var entry: [String: Any] = ["key": key, "url": "https://openlibrary.org" + key]
    for name in ["title", "subtitle", "publish_date", "number_of_pages"] where edition[name] != nil {
      entry[name] = edition[name]
    }
    if let publishers = edition["publishers"] as? [String] {
      entry["publishers"] = publishers.map { ["name": $0] }
    }
    var identifiers: [String: Any] = ["openlibrary": [key.replacingOccurrences(of: "/books/", with: "")]]
    for name in ["isbn_10", "isbn_13"] where edition[name] != nil { identifiers[name] = edition[name] }
    entry["identifiers"] = identifiers
    if let cover = (edition["covers"] as? [Int])?.first, cover > 0 {
      let base = "https://covers.openlibrary.org/b/id/\(cover)"
      entry["cover"] = ["small": base + "-S.jpg", "medium": base + "-M.jpg", "large": base + "-L.jpg"]
    }
    // Names and subjects come from the work, as Open Library's dynlinks.py takes them.
    let workKey = ((edition["works"] as? [[String: Any]])?.first)?["key"] as? String
    if let workKey, let work = locked({ records[workKey] }).flatMap(Self.object) {
      let authorKeys = ((work["authors"] as? [[String: Any]]) ?? []).compactMap {
        ($0["author"] as? [String: Any])?["key"] as? String
      }
      let authors: [[String: Any]] = authorKeys.compactMap { key in
        guard let author = locked({ records[key] }).flatMap(Self.object), let name = author["name"] as? String
        else {
          return nil
        }
        return ["name": name, "url": "https://openlibrary.org" + key]
      }
      if !authors.isEmpty { entry["authors"] = authors }
      if let subjects = work["subjects"] as? [String] {
        entry["subjects"] = subjects.map {
          ["name": $0, "url": "https://openlibrary.org/subjects/" + $0.lowercased()]
        }
      }
    }
    return entry
  }

  private func editions(_ workKey: String, _ query: [String: String]) -> FakeGoogleBooks.Reply {
    guard locked({ records[workKey] }) != nil else { return notFound(workKey + "/editions") }
    let all = locked { order.filter { $0.hasPrefix("/books/") }.compactMap { records[$0] } }.filter { json in
      (Self.object(json)?["works"] as? [[String: Any]])?.first?["key"] as? String == workKey
    }
    let limit = Int(query["limit"] ?? "50") ?? 50
    let offset = Int(query["offset"] ?? "0") ?? 0
    let page = Array(all.dropFirst(offset).prefix(limit))
    var links = #""self": "\#(workKey)/editions.json", "work": "\#(workKey)""#
    if offset + limit < all.count {
      links += #", "next": "\#(workKey)/editions.json?offset=\#(offset + limit)""#
    }
    return Self.json(
      #"{"links": {\#(links)}, "size": \#(all.count), "entries": [\#(page.joined(separator: ", "))]}"#)
  }

  private func search(_ query: [String: String]) -> FakeGoogleBooks.Reply {
    var fields = query
    for name in ["fields", "limit", "offset", "page"] { fields[name] = nil }
    guard !fields.isEmpty else {
      return Self.json(
        #"{"numFound": 0, "start": 0, "numFoundExact": true, "docs": [], "num_found": 0, "q": "", "offset": null}"#
      )
    }
    if let q = fields["q"], q.count < 3 {
      return Self.json(#"{"error": "q parameter must be at least 3 characters"}"#, status: 422)
    }
    let docs = locked { searches[Self.searchKey(fields)] ?? [] }
    let limit = min(1000, Int(query["limit"] ?? "100") ?? 100)
    let offset = Int(query["offset"] ?? "0") ?? 0
    let page = docs.dropFirst(offset).prefix(limit)
    return Self.json(
      #"{"numFound": \#(docs.count), "start": \#(offset), "numFoundExact": true, "docs": [\#(page.joined(separator: ", "))], "#
        + #""num_found": \#(docs.count), "q": "", "offset": \#(query["offset"] ?? "null")}"#)
  }

  static func searchKey(_ fields: [String: String]) -> String {
    fields.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
  }

  static func json(_ text: String, status: Int = 200) -> FakeGoogleBooks.Reply {
    FakeGoogleBooks.Reply(
      status: status, headers: [("Content-Type", "application/json; charset=utf-8")], body: Array(text.utf8))
  }

  static func object(_ json: String) -> [String: Any]? {
    (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any]
  }

  static func text(_ object: Any) -> String {
    let data =
      (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
    return String(decoding: data, as: UTF8.self)
  }

  /// The ISBN-13 of an ISBN-10 or ISBN-13 (no checksum test: the fake serves what it stores).
  static func isbn13(_ isbn: String) -> String {
    guard isbn.count == 10 else { return isbn }
    let body = "978" + isbn.prefix(9)
    let sum = body.enumerated().reduce(0) {
      $0 + ($1.element.wholeNumberValue ?? 0) * ($1.offset % 2 == 0 ? 1 : 3)
    }
    return body + String((10 - sum % 10) % 10)
  }
}
