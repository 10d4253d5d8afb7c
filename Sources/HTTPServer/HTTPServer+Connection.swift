/// Serving one connection: requests are read, answered and written one after the other.
extension HTTPServer {
  /// How a connection's socket is to be closed once serving it ends.
  enum ConnectionEnding {
    /// Send FIN and drain, so the last response reaches the client intact.
    case graceful
    /// Send a reset.
    case reset
    /// The peer is gone or the server is stopping: just close.
    case immediate
  }

  func serve(_ socket: Socket) async -> ConnectionEnding {
    var buffer: [UInt8] = []
    while true {
      let head: RequestHead
      switch await readHead(from: socket, buffer: &buffer) {
      case .head(let parsed): head = parsed
      case .end(let ending): return ending
      }
      if head.contentLength > buffer.count, head.expectsContinue {
        guard (try? await socket.send(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))) != nil else {
          return .immediate
        }
      }
      while buffer.count < head.contentLength {
        guard let count = try? await socket.receive(into: &buffer), count > 0 else { return .immediate }
      }
      let body = Array(buffer[0..<head.contentLength])
      buffer.removeFirst(head.contentLength)
      let request = HTTPRequest(
        method: head.method, target: head.target, headers: head.headers, body: body, version: head.version)
      let response = await handler(request)
      if let ending = await write(response, for: request, keepAlive: head.keepAlive, on: socket) {
        return ending
      }
    }
  }

  private enum HeadRead {
    case head(RequestHead)
    case end(ConnectionEnding)
  }

  private func readHead(from socket: Socket, buffer: inout [UInt8]) async -> HeadRead {
    var headStarted: ContinuousClock.Instant?
    while true {
      switch RequestParser.parseHead(buffer) {
      case .complete(let head, let consumed):
        buffer.removeFirst(consumed)
        return .head(head)
      case .rejected(let status):
        return .end(await reject(status: status, on: socket))
      case .incomplete:
        do {
          // Once a request has begun, its whole head must arrive within one idle timeout.
          if headStarted == nil && !buffer.isEmpty { headStarted = .now }
          let deadline = headStarted.map { $0 + socket.timeout }
          if try await socket.receive(into: &buffer, deadline: deadline) == 0 { return .end(.immediate) }
        } catch .timedOut where buffer.contains(where: { $0 > 0x20 }) {
          return .end(await reject(status: 408, on: socket))
        } catch {
          return .end(.immediate)
        }
      }
    }
  }

  /// Answers a request that cannot be served with `status`, then closes.
  private func reject(status: Int, on socket: Socket) async -> ConnectionEnding {
    let response = HTTPResponse.text("\(HTTPResponse.reasonPhrase(for: status))\n", status: status)
    let request = HTTPRequest(method: "GET", target: "/")
    return await write(response, for: request, keepAlive: false, on: socket) ?? .graceful
  }

  /// Writes `response`; returns how to close, or nil to keep the connection for the next request.
  private func write(
    _ response: HTTPResponse, for request: HTTPRequest, keepAlive requestedKeepAlive: Bool, on socket: Socket
  ) async -> ConnectionEnding? {
    if response.fault == .closeWithoutResponse { return .reset }
    var keepAlive = requestedKeepAlive
    let status = response.status
    let isHead = request.method == "HEAD"
    let statusForbidsBody = (100..<200).contains(status) || status == 204 || status == 304
    var headers = response.headers.filter { header in
      !["Content-Length", "Transfer-Encoding", "Connection"].contains {
        header.name.equalsIgnoringASCIICase($0)
      }
    }

    var payload: [UInt8] = []
    var stream: (@Sendable (HTTPStreamWriter) async throws -> Void)?
    switch response.body {
    case .bytes(let body):
      if !statusForbidsBody {
        let declared = isHead && body.isEmpty ? response.header("Content-Length") : nil
        headers.append(("Content-Length", declared ?? String(body.count)))
      }
      if !isHead && !statusForbidsBody { payload = body }
      if case .truncateBody(let count) = response.fault {
        payload = Array(payload.prefix(max(0, count)))
        keepAlive = false
      }
    case .stream(let produce):
      if !isHead && !statusForbidsBody {
        stream = produce
        if request.version == "HTTP/1.1" {
          headers.append(("Transfer-Encoding", "chunked"))
        } else {
          keepAlive = false
        }
      }
    }
    if !keepAlive {
      headers.append(("Connection", "close"))
    } else if request.version == "HTTP/1.0" {
      headers.append(("Connection", "keep-alive"))
    }

    var bytes = Self.serializeHead(status: status, headers: headers)
    bytes.append(contentsOf: payload)
    do {
      try await socket.send(bytes)
    } catch {
      return .immediate
    }
    if let stream {
      let chunked = keepAlive
      do {
        try await stream(HTTPStreamWriter(socket: socket, chunked: chunked))
        if chunked { try await socket.send(Array("0\r\n\r\n".utf8)) }
      } catch {
        // Without the last chunk the client knows the body is incomplete.
        return .immediate
      }
    }
    return keepAlive ? nil : .graceful
  }

  static func serializeHead(status: Int, headers: [(name: String, value: String)]) -> [UInt8] {
    var text = "HTTP/1.1 \(status) \(HTTPResponse.reasonPhrase(for: status))\r\n"
    for (name, value) in headers {
      // A handler must never be able to split the response with a CR or LF in a header.
      text += "\(name.withoutLineBreaks): \(value.withoutLineBreaks)\r\n"
    }
    text += "\r\n"
    return Array(text.utf8)
  }
}

extension RequestHead {
  var expectsContinue: Bool {
    headers.contains {
      $0.name.equalsIgnoringASCIICase("Expect") && $0.value.equalsIgnoringASCIICase("100-continue")
    }
  }
}

extension String {
  fileprivate var withoutLineBreaks: String {
    utf8.contains { $0 == 13 || $0 == 10 || $0 == 0 }
      ? String(decoding: utf8.map { $0 == 13 || $0 == 10 || $0 == 0 ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
      : self
  }
}
