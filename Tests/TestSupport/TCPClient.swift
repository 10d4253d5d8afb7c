import Foundation
import Glibc
import HTTPServer

/// A raw HTTP/1.1 client for tests that must put exact bytes on the wire (malformed requests,
/// pipelining, server-sent events), built on the same non-blocking sockets as the server.
package final class TCPClient {
  package enum ClientError: Error, Equatable {
    case cannotConnect(errno: Int32)
    case socket(SocketError)
    case closedEarly(received: String)
    case malformedResponse(String)
  }

  /// One response as read off the wire.
  package struct Response {
    package var status: Int
    package var headers: [(name: String, value: String)]
    package var body: [UInt8]
    package var text: String { String(decoding: body, as: UTF8.self) }

    package func header(_ name: String) -> String? {
      headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
  }

  private let socket: Socket
  private let ownsLoop: Bool
  private var buffer: [UInt8] = []
  private var isClosed = false

  private init(socket: Socket, ownsLoop: Bool) {
    self.socket = socket
    self.ownsLoop = ownsLoop
  }

  deinit {
    close()
  }

  package static func connect(
    host: String = "127.0.0.1", port: UInt16, timeout: Duration = .seconds(10), loop: EventLoop? = nil
  ) async throws(ClientError) -> TCPClient {
    guard let address = SocketAddress(host: host, port: port, passive: false) else {
      throw .cannotConnect(errno: EINVAL)
    }
    guard let fd = address.makeSocket() else { throw .cannotConnect(errno: errno) }
    let client = TCPClient(
      socket: Socket(fd: fd, loop: loop ?? EventLoop(), timeout: timeout), ownsLoop: loop == nil)
    if address.withSockaddr({ Glibc.connect(fd, $0, $1) }) != 0 {
      guard errno == EINPROGRESS else { throw .cannotConnect(errno: errno) }
      _ = await client.socket.loop.wait(for: fd, events: Int16(POLLOUT), deadline: .now + timeout)
      var code: Int32 = 0
      var length = socklen_t(MemoryLayout<Int32>.size)
      getsockopt(fd, SOL_SOCKET, SO_ERROR, &code, &length)
      guard code == 0 else { throw .cannotConnect(errno: code) }
    }
    return client
  }

  package func send(_ text: String) async throws(ClientError) {
    try await send(Array(text.utf8))
  }

  package func send(_ bytes: [UInt8]) async throws(ClientError) {
    do { try await socket.send(bytes) } catch { throw .socket(error) }
  }

  /// Everything the server sends until it closes the connection.
  package func readToEnd() async throws(ClientError) -> [UInt8] {
    while try await fill() > 0 {}
    defer { buffer.removeAll() }
    return buffer
  }

  /// Reads until `marker` has arrived; returns everything up to and including it.
  package func read(until marker: String) async throws(ClientError) -> String {
    let needle = Array(marker.utf8)
    while true {
      if let end = Self.find(needle, in: buffer) {
        let text = String(decoding: buffer[0..<end], as: UTF8.self)
        buffer.removeFirst(end)
        return text
      }
      guard try await fill() > 0 else {
        throw .closedEarly(received: String(decoding: buffer, as: UTF8.self))
      }
    }
  }

  /// Reads one response; `toHead` says the request was HEAD, so no body follows.
  package func readResponse(toHead: Bool = false) async throws(ClientError) -> Response {
    let head = try await read(until: "\r\n\r\n")
    var lines = head.split(separator: "\r\n", omittingEmptySubsequences: true).map(String.init)
    let statusLine = lines.isEmpty ? "" : lines.removeFirst()
    let parts = statusLine.split(separator: " ", maxSplits: 2)
    guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let status = Int(parts[1]) else {
      throw .malformedResponse(head)
    }
    let headers = lines.map { line -> (name: String, value: String) in
      let colon = line.firstIndex(of: ":") ?? line.endIndex
      return (String(line[..<colon]), String(line[colon...].dropFirst()).trimmingCharacters(in: .whitespaces))
    }
    var response = Response(status: status, headers: headers, body: [])
    if toHead || (100..<200).contains(status) || status == 204 || status == 304 { return response }
    if response.header("Transfer-Encoding") == "chunked" {
      while true {
        let sizeLine = String(decoding: try await read(until: "\r\n").utf8.dropLast(2), as: UTF8.self)
        guard let size = Int(sizeLine, radix: 16) else { throw .malformedResponse(sizeLine) }
        response.body += try await readExactly(size + 2).dropLast(2)
        if size == 0 { return response }
      }
    }
    if let length = response.header("Content-Length").flatMap({ Int($0) }) {
      response.body = try await readExactly(length)
    } else {
      response.body = try await readToEnd()
    }
    return response
  }

  package func close() {
    guard !isClosed else { return }
    isClosed = true
    Glibc.close(socket.fd)
    if ownsLoop { socket.loop.shutdown() }
  }

  private func readExactly(_ count: Int) async throws(ClientError) -> [UInt8] {
    while buffer.count < count {
      guard try await fill() > 0 else {
        throw .closedEarly(received: String(decoding: buffer, as: UTF8.self))
      }
    }
    defer { buffer.removeFirst(count) }
    return Array(buffer[0..<count])
  }

  private func fill() async throws(ClientError) -> Int {
    do { return try await socket.receive(into: &buffer) } catch { throw .socket(error) }
  }

  private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
    guard haystack.count >= needle.count else { return nil }
    for start in 0...(haystack.count - needle.count)
    where haystack[start..<(start + needle.count)].elementsEqual(needle) {
      return start + needle.count
    }
    return nil
  }
}
