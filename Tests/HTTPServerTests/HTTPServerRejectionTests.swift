import Foundation
import TestSupport
import Testing

@testable import HTTPServer

@Suite struct HTTPServerRejectionTests {
  @Test(arguments: [
    ("GARBAGE\r\n\r\n", 400),
    ("GET /\r\n\r\n", 400),
    ("GET  / HTTP/1.1\r\nHost: x\r\n\r\n", 400),
    ("GET / HTTP/1.1 extra\r\nHost: x\r\n\r\n", 400),
    ("G(T / HTTP/1.1\r\nHost: x\r\n\r\n", 400),
    ("GET nopath HTTP/1.1\r\nHost: x\r\n\r\n", 400),
    ("GET /bad%zzescape HTTP/1.1\r\nHost: x\r\n\r\n", 400),
    ("GET /%C3%28 HTTP/1.1\r\nHost: x\r\n\r\n", 400),
    ("GET / HTTP/2.0\r\nHost: x\r\n\r\n", 505),
    ("GET / HTTQ/1.1\r\nHost: x\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nHost: x\r\nNoColon\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nHost: x\r\nBad Name: v\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nHost: x\r\nName : v\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nHost: x\r\nX: a\u{1}b\r\n\r\n", 400),
    ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n", 400),
    ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1x\r\n\r\n", 400),
    ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", 400),
    ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 999999999999\r\n\r\n", 413),
    ("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 501),
  ])
  func malformedRequestIsRejectedAndServerKeepsServing(request: String, status: Int) async throws {
    try await withServer(echoHandler) { server in
      let client = try await TCPClient.connect(port: server.port)
      defer { client.close() }
      try await client.send(request)
      let response = try await client.readResponse()
      #expect(response.status == status)
      #expect(response.text == "\(HTTPResponse.reasonPhrase(for: status))\n")
      #expect(response.header("Connection") == "close")
      #expect(try await client.readToEnd() == [])
      let next = try await exchange("GET /next HTTP/1.1\r\nHost: x\r\n\r\n", port: server.port)
      #expect(next.text == "GET /next [] ")
    }
  }

  @Test func oversizeHeadersGet431() async throws {
    try await withServer(echoHandler) { server in
      let big = "GET / HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "a", count: 20_000))\r\n\r\n"
      let response = try await exchange(big, port: server.port)
      #expect(response.status == 431)
      // Just under the limit is fine.
      let fits = "GET / HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "a", count: 16_000))\r\n\r\n"
      #expect(try await exchange(fits, port: server.port).status == 200)
      // Headers that never end are cut off too.
      let client = try await TCPClient.connect(port: server.port)
      defer { client.close() }
      try await client.send("GET / HTTP/1.1\r\n" + String(repeating: "X-A: b\r\n", count: 3000))
      #expect(try await client.readResponse().status == 431)
    }
  }

  @Test func garbageAndResetsNeverStopTheServer() async throws {
    try await withServer(echoHandler) { server in
      var generator = SystemRandomNumberGenerator()
      for round in 0..<20 {
        let client = try await TCPClient.connect(port: server.port)
        let noise = (0..<(round * 97 % 3000 + 1)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        try? await client.send(noise)
        client.close()  // often before the server answers: a reset it must survive
      }
      let halfSent = try await TCPClient.connect(port: server.port)
      try await halfSent.send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nshort")
      halfSent.close()
      let response = try await exchange("GET /alive HTTP/1.1\r\nHost: x\r\n\r\n", port: server.port)
      #expect(response.text == "GET /alive [] ")
    }
  }

  @Test func idleKeepAliveConnectionIsClosedAfterTimeout() async throws {
    try await withServer(idleTimeout: .milliseconds(300), echoHandler) { server in
      let idle = try await TCPClient.connect(port: server.port)
      defer { idle.close() }
      try await idle.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
      _ = try await idle.readResponse()
      #expect(try await idle.readToEnd() == [])

      let partial = try await TCPClient.connect(port: server.port)
      defer { partial.close() }
      try await partial.send("GET / HTTP/1.1\r\nHos")
      #expect(try await partial.readResponse().status == 408)

      // Trickling bytes does not keep a half-sent head alive past the timeout.
      let trickle = try await TCPClient.connect(port: server.port)
      defer { trickle.close() }
      let started = ContinuousClock.now
      for byte in "GET / HTTP/1.1\r\nX-Slow: abcdefghijklmnop".utf8 {
        guard (try? await trickle.send([byte])) != nil else { break }
        try await Task.sleep(for: .milliseconds(50))
        if started.duration(to: .now) > .seconds(1) { break }
      }
      #expect(try await trickle.readResponse().status == 408)
    }
  }

  @Test func faultsCloseOrTruncateOnPurpose() async throws {
    let faulty: HTTPServer.Handler = { request in
      var response = HTTPResponse.text("0123456789")
      response.fault = request.path == "/reset" ? .closeWithoutResponse : .truncateBody(afterBytes: 4)
      return response
    }
    try await withServer(faulty) { server in
      let reset = try await TCPClient.connect(port: server.port)
      defer { reset.close() }
      try await reset.send("GET /reset HTTP/1.1\r\nHost: x\r\n\r\n")
      await #expect(throws: TCPClient.ClientError.socket(.failed(errno: ECONNRESET))) {
        try await reset.readToEnd()
      }
      let truncated = try await TCPClient.connect(port: server.port)
      defer { truncated.close() }
      try await truncated.send("GET /short HTTP/1.1\r\nHost: x\r\n\r\n")
      let bytes = String(decoding: try await truncated.readToEnd(), as: UTF8.self)
      #expect(
        bytes == "HTTP/1.1 200 OK\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 10\r\n"
          + "Connection: close\r\n\r\n0123")
    }
  }

  @Test func headerValuesCannotSplitTheResponse() async throws {
    let evil: HTTPServer.Handler = { _ in
      HTTPResponse(status: 200, headers: [("X-Evil", "a\r\nSet-Cookie: b")])
    }
    try await withServer(evil) { server in
      let response = try await exchange("GET / HTTP/1.1\r\nHost: x\r\n\r\n", port: server.port)
      #expect(response.header("X-Evil") == "a  Set-Cookie: b")
      #expect(response.header("Set-Cookie") == nil)
    }
  }
}
