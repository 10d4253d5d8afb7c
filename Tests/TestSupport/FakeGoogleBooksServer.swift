import HTTPServer

/// `FakeGoogleBooks` served over real HTTP on 127.0.0.1 (port chosen by the system).
///
/// Faults happen on the wire: `.closeWithoutResponse` resets the connection, `.truncateBody`
/// announces the full Content-Length and sends less, `.delay` keeps the client waiting,
/// `.gzipBomb` streams compressed zeros (chunked) until it is done or the client hangs up.
public final class FakeGoogleBooksServer: Sendable {
  public let google: FakeGoogleBooks
  private let server: HTTPServer

  /// The loopback address it listens on; another one (`127.0.0.2`) makes a second host.
  public let host: String

  public init(google: FakeGoogleBooks = FakeGoogleBooks(), host: String = "127.0.0.1") {
    self.google = google
    self.host = host
    server = HTTPServer(host: host, port: 0) { request in
      Self.response(for: await google.respond(method: request.method, target: request.target))
    }
  }

  /// A fake's reply as the server sends it, its faults on the wire.
  static func response(for reply: FakeGoogleBooks.Reply) -> HTTPResponse {
    var response = HTTPResponse(
      status: reply.status, headers: reply.headers.map { (name: $0.0, value: $0.1) }, body: reply.body)
    switch reply.fault {
    case .closeWithoutResponse: response.fault = .closeWithoutResponse
    case .truncateBody(let count): response.fault = .truncateBody(afterBytes: count)
    case .gzipBomb(let size):
      response = HTTPResponse(status: reply.status, headers: response.headers) { writer in
        var bomb = Gzip.ZeroBomb(decodedBytes: size)
        while let part = bomb.next() {
          try await writer.write(part)
          // A fast reader keeps the socket writable, so `write` would never suspend: yield, so
          // this loop never holds a thread of the cooperative pool for good.
          await Task.yield()
        }
      }
    default: break
    }
    return response
  }

  /// Starts listening; `apiURL` is valid afterwards.
  public func start() throws {
    try server.start()
  }

  /// `http://127.0.0.1:PORT`, the origin (scheme, host and port) it answers on.
  public var origin: String { "http://\(host):\(server.port)" }

  /// `http://127.0.0.1:PORT/books/v1`, to use as `google_books.api_url`.
  public var apiURL: String { origin + "/books/v1" }

  public func stop() async {
    await server.stop()
  }
}
