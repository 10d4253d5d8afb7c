/// What the fetch stage needs from HTTP: one GET with a timeout. Injected so tests can count
/// calls (or prove there were none) and so the client never depends on a live network.
package protocol HTTPTransport: Sendable {
  /// GETs `url`; the URL may hold the API key, so implementations must never log it.
  func get(_ url: String, timeout: Double) async throws(TransportError) -> TransportResponse
}

/// A complete HTTP response.
package struct TransportResponse: Sendable, Equatable {
  package var status: Int
  /// Header names lowercased.
  package var headers: [String: String]
  package var body: [UInt8]

  package init(status: Int, headers: [String: String] = [:], body: [UInt8] = []) {
    self.status = status
    self.headers = Dictionary(
      headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { a, _ in a })
    self.body = body
  }

  package func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// Why no complete response arrived. Carries no URL, so it can never leak the key.
package enum TransportError: Error, Sendable, Equatable, CustomStringConvertible {
  case timedOut
  /// Reset, closed early or truncated.
  case connectionLost
  case cannotConnect
  /// A redirect to another origin, declined: the URL holds the API key. Carries only the
  /// target's `host:port`.
  case redirectedElsewhere(host: String)
  /// Redirects that never end.
  case tooManyRedirects
  /// The body passed `limit` bytes (decoded) and was cut off as it arrived.
  case bodyTooLarge(limit: Int)
  case other(code: Int)

  package var description: String {
    switch self {
    case .timedOut: "the request timed out"
    case .connectionLost: "the connection was lost (reset or closed before the whole response arrived)"
    case .cannotConnect: "could not connect to the server"
    case .redirectedElsewhere(let host):
      "the server redirected the request to another host (\(host)), refused (the API key never leaves the API host)"
    case .tooManyRedirects: "the server redirected the request in a loop (too many redirects)"
    case .bodyTooLarge(let limit):
      limit % (1 << 20) == 0
        ? "the response body is larger than \(limit >> 20) MiB"
        : "the response body is larger than \(limit) bytes"
    case .other(let code): "network error \(code)"
    }
  }
}
