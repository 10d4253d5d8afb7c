import Diagnostics

/// Why a fetch could not deliver everything it was asked for. Never holds an API key.
package enum FetchError: Error, Sendable, Equatable, CustomStringConvertible, Diagnosable {
  /// Requests that failed with no cached response to fall back on, in catalog order.
  case requestsFailed([RequestFailure])
  /// Entries the cache lacks while the network may not be used.
  case missingEntries([MissingEntry], reason: MissingReason)
  /// Responses that arrived but could not be stored: the cache would lack them unnoticed.
  case unwrittenEntries([UnwrittenEntry])
  /// The process may open too few files for even one request at a time (`ulimit -n`).
  case tooFewDescriptors(available: Int, needed: Int)

  package enum MissingReason: Sendable, Equatable {
    case offline
    /// The request budget (`--max-requests` or the source's `setting`) ran out.
    case budgetSpent(limit: Int, setting: String)
    /// A connection to the API at `api` failed (refused, no route, DNS): the network is down.
    /// `setting` names where its address is set (`google_books.api_url or BOOKGEN_API_URL`).
    case unreachable(api: String, setting: String, error: TransportError)
  }

  package var diagnostics: [Diagnostic] {
    switch self {
    case .requestsFailed(let failures):
      return failures.map(\.diagnostic)
    case .missingEntries(let entries, let reason):
      let unusable = entries.filter { $0.problem != nil }.count
      let state = unusable == 0 ? "missing" : unusable == entries.count ? "unusable" : "missing or unusable"
      let count =
        entries.count == 1 ? "1 cache entry is \(state)" : "\(entries.count) cache entries are \(state)"
      let headline =
        switch reason {
        case .offline:
          "offline, and \(count) (run without --offline to fetch):"
        case .budgetSpent(let limit, let setting):
          "the request budget of \(limit) is spent, and \(count) "
            + "(run again later, or raise --max-requests / \(setting)):"
        case .unreachable(let api, let setting, let error):
          "cannot reach \(api) (\(error)), and \(count) (check the network "
            + "connection, and \(setting) if set, then run again):"
        }
      var lines: [String] = []
      for entry in entries {
        lines.append("  \(entry.subject): \(entry.request)")
        if let problem = entry.problem { lines.append("    \(problem)") }
      }
      return [.error(headline, details: lines)]
    case .unwrittenEntries(let entries):
      let count = entries.count == 1 ? "1 response" : "\(entries.count) responses"
      return [
        .error(
          "\(count) could not be stored in the cache:",
          details: entries.map { "  \($0.subject): \($0.problem)" })
      ]
    case .tooFewDescriptors(let available, let needed):
      return [
        .error(
          "only \(available) more files may be open at once (ulimit -n), and fetching needs at "
            + "least \(needed): raise the limit, e.g. 'ulimit -n 1024'")
      ]
    }
  }
}

/// A cache entry a build needs but does not have, or has in a state it cannot use.
package struct MissingEntry: Sendable, Equatable {
  /// What the entry is for: `query 'dune' in collection 'sf'`.
  package var subject: String
  /// The canonical relative request, e.g. `volumes?maxResults=40&q=dune&startIndex=0`.
  package var request: String
  /// Why the entry that is there cannot be used: `cache entry … is corrupt (body checksum mismatch)`.
  package var problem: String?
}

/// A response that could not be written to the cache.
package struct UnwrittenEntry: Sendable, Equatable {
  /// What the entry is for: `query 'dune' in collection 'sf'`.
  package var subject: String
  /// `cannot write cache entry …: No space left on device`.
  package var problem: String
}

/// One request that gave up.
package struct RequestFailure: Sendable, Equatable, CustomStringConvertible {
  /// What the request is for: `query 'dune' in collection 'sf'`.
  package var subject: String
  /// The URL with `key=REDACTED`.
  package var url: String
  package var reason: Reason
  /// Requests sent for it; 0 when the count says nothing (a spent quota, `SpentQuota`).
  package var attempts: Int
  /// What the user can do about it.
  package var hint: String?
  /// The API's answer that the thing asked for is not there (`FetchSource.isNotFound`).
  package var isNotFound = false
  /// That answer came from the cache: it was reported when it was fetched.
  package var isCached = false

  package enum Reason: Error, Sendable, Equatable, CustomStringConvertible {
    /// An HTTP error status, with the API's error body when it sent one.
    case http(status: Int, error: APIErrorBody?)
    case transport(TransportError)
    /// Truncated or non-JSON body.
    case invalidBody(String)

    /// HTTP 429: retried or not (a spent daily quota is not), it passes with time.
    package var isRateLimit: Bool {
      if case .http(429, _) = self { return true }
      return false
    }

    package var description: String {
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

  /// `query 'dune' in collection 'sf': HTTP 403 (unknownLocation: …) after 1 attempt; hint`, then
  /// the redacted URL on a line of its own.
  var diagnostic: Diagnostic {
    var text = "\(subject): \(reason)\(Self.afterAttempts(attempts))"
    if let hint { text += "; \(hint)" }
    return .error(text, details: ["  request: \(url)"])
  }

  package var description: String { diagnostic.description }

  /// ` after 2 attempts`, or nothing for 0 (not counted).
  static func afterAttempts(_ attempts: Int) -> String {
    switch attempts {
    case 0: ""
    case 1: " after 1 attempt"
    default: " after \(attempts) attempts"
    }
  }
}

extension RequestFailure {
  /// HTTP 429: a quota or rate limit, which a key lifts when there is none, and which another
  /// source may not share.
  package var isRateLimit: Bool { reason.isRateLimit }

  /// A server error (5xx), or a connection refused, lost or timed out, after the retries: the
  /// source is down or out of reach, which another source may not be.
  package var isUnavailable: Bool {
    switch reason {
    case .http(let status, _): return status >= 500
    case .transport(.timedOut), .transport(.connectionLost), .transport(.cannotConnect): return true
    case .transport, .invalidBody: return false
    }
  }

  /// The API could not be reached at all (refused, no route, DNS): another source may be.
  package var isUnreachable: Bool {
    if case .transport(let error) = reason { return NetworkStatus.meansUnreachable(error) }
    return false
  }
}

extension FetchError.MissingReason {
  /// Not fetched because the run is offline or the API cannot be reached (not for the budget).
  package var isOfflineOrUnreachable: Bool {
    switch self {
    case .offline, .unreachable: true
    case .budgetSpent: false
    }
  }
}
