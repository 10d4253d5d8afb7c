/// What a handler answers: a status, headers and a fixed or streamed body.
package struct HTTPResponse: Sendable {
  package enum Body: Sendable {
    case bytes([UInt8])
    /// Written as it is produced: chunked for HTTP/1.1, close-delimited for HTTP/1.0.
    /// Used for server-sent events.
    case stream(@Sendable (HTTPStreamWriter) async throws -> Void)
  }

  /// Misbehaviour on purpose, so tests of HTTP clients can meet broken servers.
  package enum Fault: Sendable, Equatable {
    /// Reset the connection instead of answering.
    case closeWithoutResponse
    /// Announce the full Content-Length, send only the first bytes, then close.
    case truncateBody(afterBytes: Int)
  }

  package var status: Int
  /// Content-Length, Transfer-Encoding and Connection are set by the server.
  package var headers: [(name: String, value: String)]
  package var body: Body
  package var fault: Fault?

  package init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
    self.status = status
    self.headers = headers
    self.body = .bytes(body)
  }

  package init(
    status: Int, headers: [(name: String, value: String)] = [],
    stream: @escaping @Sendable (HTTPStreamWriter) async throws -> Void
  ) {
    self.status = status
    self.headers = headers
    self.body = .stream(stream)
  }

  /// A `text/plain; charset=utf-8` response.
  package static func text(_ text: String, status: Int = 200) -> HTTPResponse {
    HTTPResponse(
      status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Array(text.utf8))
  }

  /// A `text/html; charset=utf-8` response.
  package static func html(_ html: String, status: Int = 200) -> HTTPResponse {
    HTTPResponse(
      status: status, headers: [("Content-Type", "text/html; charset=utf-8")], body: Array(html.utf8))
  }

  /// The first value of the header `name`, compared case-insensitively.
  package func header(_ name: String) -> String? {
    headers.first { $0.name.equalsIgnoringASCIICase(name) }?.value
  }

  /// The standard reason phrase for `status`, e.g. `Not Found`.
  package static func reasonPhrase(for status: Int) -> String {
    reasonPhrases[status] ?? (status < 400 ? "OK" : "Error")
  }

  private static let reasonPhrases: [Int: String] = [
    100: "Continue", 200: "OK", 201: "Created", 202: "Accepted", 204: "No Content",
    206: "Partial Content", 301: "Moved Permanently", 302: "Found", 303: "See Other",
    304: "Not Modified", 307: "Temporary Redirect", 308: "Permanent Redirect", 400: "Bad Request",
    401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed",
    408: "Request Timeout", 411: "Length Required", 413: "Content Too Large", 414: "URI Too Long",
    429: "Too Many Requests", 431: "Request Header Fields Too Large", 500: "Internal Server Error",
    501: "Not Implemented", 502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout",
    505: "HTTP Version Not Supported",
  ]
}

/// Writes the parts of a streamed response body as they are produced.
package struct HTTPStreamWriter: Sendable {
  let socket: Socket
  let chunked: Bool

  /// Sends `bytes` at once; throws `HTTPServerError.connectionClosed` when the client is gone.
  package func write(_ bytes: [UInt8]) async throws(HTTPServerError) {
    guard !bytes.isEmpty else { return }  // an empty chunk would end the body
    var framed: [UInt8] = []
    if chunked {
      framed.reserveCapacity(bytes.count + 12)
      framed.append(contentsOf: String(bytes.count, radix: 16).utf8)
      framed.append(contentsOf: [13, 10])
      framed.append(contentsOf: bytes)
      framed.append(contentsOf: [13, 10])
    } else {
      framed = bytes
    }
    do {
      try await socket.send(framed)
    } catch {
      throw .connectionClosed
    }
  }

  /// Sends `text` as UTF-8.
  package func write(_ text: String) async throws(HTTPServerError) {
    try await write(Array(text.utf8))
  }
}
