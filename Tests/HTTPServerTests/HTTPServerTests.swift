import Foundation
import Support
import TestSupport
import Testing

@testable import HTTPServer

@Suite struct HTTPServerTests {
  @Test func servesRealClientWithDecodedPathAndQuery() async throws {
    try await withServer(echoHandler) { server in
      let url = "http://127.0.0.1:\(server.port)/a%20b/c?x=1&name=J%C3%BCrgen+M&flag"
      let response = try await fetch(url)
      #expect(response.status == 200)
      #expect(response.body == "GET /a b/c [x=1&name=Jürgen M&flag=] ")
      #expect(response.headers["content-type"] == "text/plain; charset=utf-8")
      #expect(response.headers["content-length"] == "38")
    }
  }

  @Test func readsContentLengthBody() async throws {
    try await withServer(echoHandler) { server in
      let response = try await fetch(
        "http://127.0.0.1:\(server.port)/post", method: "POST", body: Data("hello body".utf8))
      #expect(response.body == "POST /post [] hello body")
    }
  }

  @Test func exposesRawTargetHeadersAndVersion() async throws {
    let seen = Locked<HTTPRequest?>(nil)
    let recording: HTTPServer.Handler = { request in
      seen.withLock { $0 = request }
      return HTTPResponse(
        status: 200, headers: [("Content-Type", "application/json")], body: Array("{}".utf8))
    }
    try await withServer(recording) { server in
      let response = try await exchange(
        "GET /x%2Fy?q=a%26b HTTP/1.0\r\nX-Custom:  spaced value \r\n\r\n", port: server.port)
      #expect(response.status == 200)
      #expect(response.header("Content-Type") == "application/json")
      #expect(response.header("Connection") == "close")
      let request = try #require(seen.withLock { $0 })
      #expect(request.target == "/x%2Fy?q=a%26b")
      #expect(request.rawPath == "/x%2Fy")
      #expect(request.path == "/x/y")
      #expect(request.queryValue("q") == "a&b")
      #expect(request.header("x-custom") == "spaced value")
      #expect(request.version == "HTTP/1.0")
    }
  }

  @Test func headGetsHeadersWithoutBody() async throws {
    let fixed: HTTPServer.Handler = { _ in .text("twelve bytes") }
    try await withServer(fixed) { server in
      let client = try await TCPClient.connect(port: server.port)
      defer { client.close() }
      try await client.send("HEAD / HTTP/1.1\r\nHost: x\r\n\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n")
      let head = try await client.readResponse(toHead: true)
      #expect(head.status == 200)
      #expect(head.header("Content-Length") == "12")
      // The next bytes on the wire are the second response, so HEAD sent no body.
      let get = try await client.readResponse()
      #expect(get.text == "twelve bytes")
    }
  }

  @Test func keepAliveServesManyRequestsOnOneConnection() async throws {
    let connections = Locked(0)
    try await withServer(echoHandler) { server in
      let client = try await TCPClient.connect(port: server.port)
      defer { client.close() }
      for index in 1...5 {
        try await client.send("GET /\(index) HTTP/1.1\r\nHost: x\r\n\r\n")
        let response = try await client.readResponse()
        #expect(response.text == "GET /\(index) [] ")
        #expect(response.header("Connection") == nil)
      }
      connections.withLock { $0 = server.openConnectionCount }
    }
    #expect(connections.withLock { $0 } == 1)
  }

  @Test func pipelinedRequestsAreAnsweredInOrder() async throws {
    try await withServer(echoHandler) { server in
      let client = try await TCPClient.connect(port: server.port)
      defer { client.close() }
      try await client.send(
        "GET /1 HTTP/1.1\r\nHost: x\r\n\r\nPOST /2 HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc"
          + "GET /3 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
      #expect(try await client.readResponse().text == "GET /1 [] ")
      #expect(try await client.readResponse().text == "POST /2 [] abc")
      let last = try await client.readResponse()
      #expect(last.text == "GET /3 [] ")
      #expect(last.header("Connection") == "close")
      #expect(try await client.readToEnd() == [])
    }
  }

  @Test func http10KeepAliveIsHonoured() async throws {
    try await withServer(echoHandler) { server in
      let client = try await TCPClient.connect(port: server.port)
      defer { client.close() }
      try await client.send("GET /a HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
      let first = try await client.readResponse()
      #expect(first.header("Connection") == "keep-alive")
      try await client.send("GET /b HTTP/1.0\r\n\r\n")
      #expect(try await client.readResponse().text == "GET /b [] ")
      #expect(try await client.readToEnd() == [])
    }
  }

  @Test func fiftyConcurrentClientsAreServedTogether() async throws {
    // Every handler waits until all 50 requests are in flight: only concurrent serving finishes.
    let arrived = Locked(0)
    let rendezvous: HTTPServer.Handler = { request in
      arrived.withLock { $0 += 1 }
      for _ in 0..<1500 {
        if arrived.withLock({ $0 }) >= 50 { break }
        try? await Task.sleep(for: .milliseconds(10))
      }
      return .text("\(request.path) saw \(arrived.withLock { $0 })")
    }
    try await withServer(rendezvous) { server in
      let bodies = try await withThrowingTaskGroup(of: String.self) { group in
        for index in 0..<50 {
          group.addTask {
            if index.isMultiple(of: 2) {
              return try await fetch("http://127.0.0.1:\(server.port)/\(index)").body
            }
            return try await exchange("GET /\(index) HTTP/1.1\r\nHost: x\r\n\r\n", port: server.port).text
          }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      #expect(Set(bodies) == Set((0..<50).map { "/\($0) saw 50" }))
    }
  }

  @Test func streamedBodyIsChunkedForHTTP11AndCloseDelimitedFor10() async throws {
    let handler: HTTPServer.Handler = { _ in
      HTTPResponse(status: 200, headers: [("Content-Type", "text/event-stream")]) { writer in
        try await writer.write("data: one\n\n")
        try await writer.write([])
        try await writer.write("data: two\n\n")
      }
    }
    try await withServer(handler) { server in
      let chunked = try await exchange("GET / HTTP/1.1\r\nHost: x\r\n\r\n", port: server.port)
      #expect(chunked.header("Transfer-Encoding") == "chunked")
      #expect(chunked.text == "data: one\n\ndata: two\n\n")
      let plain = try await exchange("GET / HTTP/1.0\r\n\r\n", port: server.port)
      #expect(plain.header("Transfer-Encoding") == nil)
      #expect(plain.header("Connection") == "close")
      #expect(plain.text == "data: one\n\ndata: two\n\n")
    }
  }

  @Test func stopEndsOpenStreamsAndIdleConnections() async throws {
    let server = HTTPServer { _ in
      HTTPResponse(status: 200) { writer in
        try await writer.write("first\n")
        try await Task.sleep(for: .seconds(60))
      }
    }
    try server.start()
    let streaming = try await TCPClient.connect(port: server.port)
    defer { streaming.close() }
    let idle = try await TCPClient.connect(port: server.port)
    defer { idle.close() }
    try await streaming.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
    _ = try await streaming.read(until: "first\n")
    let started = ContinuousClock.now
    await server.stop()
    #expect(started.duration(to: .now) < .seconds(5))
    #expect(try await Self.endOfStream(idle) == [])
    // Not a connect attempt: a parallel test may already have been given the same port.
    #expect(server.openConnectionCount == 0)
  }

  /// What a connection the server ends yields: a connection it had not accepted yet (a busy
  /// machine) is reset when the listener closes rather than closed, and has ended too.
  static func endOfStream(_ client: TCPClient) async throws -> [UInt8] {
    do {
      return try await client.readToEnd()
    } catch .socket(.failed(errno: ECONNRESET)) {
      return []
    }
  }

  @Test func startTwiceAndBindConflictsAreReported() async throws {
    try await withServer(echoHandler) { server in
      #expect(throws: HTTPServerError.alreadyStarted) { try server.start() }
      let second = HTTPServer(port: server.port, handler: echoHandler)
      #expect(throws: HTTPServerError.cannotBind(host: "127.0.0.1", port: server.port, errno: EADDRINUSE)) {
        try second.start()
      }
      #expect(
        HTTPServerError.cannotBind(host: "::1", port: 80, errno: EADDRINUSE).description
          == "cannot listen on [::1]:80: Address already in use")
    }
  }

  @Test func aTakenPortMovesOnToTheNextFreeOneWhenAllowed() async throws {
    try await withServer(echoHandler) { taken in
      let moving = HTTPServer(port: taken.port, fallbackPorts: 5, handler: echoHandler)
      try moving.start()
      let bound = moving.port
      await moving.stop()
      #expect(bound > taken.port && bound <= taken.port + 5)
      // The port after it, taken too: with one fallback there is nowhere left to go.
      let next = HTTPServer(port: taken.port + 1, handler: echoHandler)
      guard (try? next.start()) != nil else { return }  // a parallel test has it: nothing to prove
      let stuck = HTTPServer(port: taken.port, fallbackPorts: 1, handler: echoHandler)
      #expect(throws: HTTPServerError.portsInUse(host: "127.0.0.1", first: taken.port, last: taken.port + 1))
      {
        try stuck.start()
      }
      await next.stop()
      #expect(
        HTTPServerError.portsInUse(host: "127.0.0.1", first: 8000, last: 8020).description
          == "ports 8000 to 8020 on 127.0.0.1 are all in use")
    }
  }

  @Test func servesIPv6Loopback() async throws {
    let server = HTTPServer(host: "::1", handler: echoHandler)
    do {
      try server.start()
    } catch .addressUnresolvable, .cannotBind {
      return  // no IPv6 on this machine
    }
    let response = try await exchange("GET /six HTTP/1.1\r\nHost: x\r\n\r\n", host: "::1", port: server.port)
    await server.stop()
    #expect(response.text == "GET /six [] ")
  }
}
