/// Why the fetch stage could not deliver every collection. Never holds the API key.
public enum FetchError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Requests that failed with no cached response to fall back on, in catalog order.
  case requestsFailed([RequestFailure])
  /// Entries the cache lacks while the network may not be used.
  case missingEntries([MissingEntry], reason: MissingReason)

  public enum MissingReason: Sendable, Equatable {
    case offline
    /// The request budget (`--max-requests` / `google_books.max_requests`) ran out.
    case budgetSpent(limit: Int)
    /// A connection to the API at `api` failed (refused, no route, DNS): the network is down.
    case unreachable(api: String, error: TransportError)
  }

  public var description: String {
    switch self {
    case .requestsFailed(let failures):
      return failures.map(\.description).joined(separator: "\n")
    case .missingEntries(let entries, let reason):
      let count = entries.count == 1 ? "1 cache entry is" : "\(entries.count) cache entries are"
      let headline =
        switch reason {
        case .offline:
          "error: offline, and \(count) missing (run without --offline to fetch):"
        case .budgetSpent(let limit):
          "error: the request budget of \(limit) is spent, and \(count) missing "
            + "(run again later, or raise --max-requests / google_books.max_requests):"
        case .unreachable(let api, let error):
          "error: cannot reach \(api) (\(error)), and \(count) missing (check the network "
            + "connection, and google_books.api_url or BOOKGEN_API_URL if set, then run again):"
        }
      return ([headline] + entries.map { "  \($0.subject): \($0.request)" }).joined(separator: "\n")
    }
  }
}

/// A cache entry a build needs but does not have.
public struct MissingEntry: Sendable, Equatable {
  /// What the entry is for: `query 'dune' in collection 'sf'`.
  public var subject: String
  /// The canonical relative request, e.g. `volumes?maxResults=40&q=dune&startIndex=0`.
  public var request: String

  public init(subject: String, request: String) {
    self.subject = subject
    self.request = request
  }
}

/// One request that gave up.
public struct RequestFailure: Sendable, Equatable, CustomStringConvertible {
  /// What the request is for: `query 'dune' in collection 'sf'`.
  public var subject: String
  /// The URL with `key=REDACTED`.
  public var url: String
  public var reason: Reason
  public var attempts: Int
  /// What the user can do about it.
  public var hint: String?

  public enum Reason: Sendable, Equatable, CustomStringConvertible {
    case http(status: Int, error: GoogleAPIError?)
    case transport(TransportError)
    /// Truncated or non-JSON body.
    case invalidBody(String)

    public var description: String {
      switch self {
      case .http(let status, let error):
        guard let error else { return "HTTP \(status)" }
        let reason = error.reasons.first.map { "\($0): " } ?? ""
        return "HTTP \(status) (\(reason)\(error.message ?? error.detailMessages.first ?? "no message"))"
      case .transport(let error): return error.description
      case .invalidBody(let message): return "the response is not valid JSON (\(message))"
      }
    }
  }

  public init(subject: String, url: String, reason: Reason, attempts: Int, hint: String?) {
    self.subject = subject
    self.url = url
    self.reason = reason
    self.attempts = attempts
    self.hint = hint
  }

  /// `error: query 'dune' in collection 'sf': HTTP 403 (unknownLocation: …) after 1 attempt; hint`
  /// then the redacted URL on its own line.
  public var description: String {
    let tries = attempts == 1 ? "1 attempt" : "\(attempts) attempts"
    var text = "error: \(subject): \(reason) after \(tries)"
    if let hint { text += "; \(hint)" }
    return text + "\n  request: \(url)"
  }
}
