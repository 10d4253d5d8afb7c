import Foundation
import Glibc

/// A small HTTP/1.1 server on 127.0.0.1 for GET requests: a thread per connection, keep-alive,
/// every answer sent with its `Content-Length`. Enough for `bookgen fetch` (libcurl) to talk to
/// it as to Google's API or an image host; nothing else.
public final class LoopbackServer: @unchecked Sendable {
  public struct Response {
    public var status: Int
    public var body: [UInt8]

    public init(status: Int, body: [UInt8]) {
      self.status = status
      self.body = body
    }
  }

  /// The server could not start: the call that failed and its errno.
  public struct StartFailure: Error, CustomStringConvertible {
    public let call: String
    public let code: Int32
    public var description: String { "the mock server's \(call) failed: error \(code)" }
  }

  /// The port the kernel chose.
  public let port: UInt16
  /// Seconds each answer waits before it is sent (a network's latency).
  public let latency: Double
  private let listener: Int32
  private let handler: @Sendable (String) -> Response
  private let lock = NSLock()
  private var inFlight = 0
  private var peak = 0
  private var served = 0

  public init(latency: Double = 0, handler: @escaping @Sendable (_ target: String) -> Response) throws {
    self.latency = latency
    self.handler = handler
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw StartFailure(call: "socket", code: errno) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
        bind(descriptor, socketAddress, length) == 0 && listen(descriptor, 128) == 0
          && getsockname(descriptor, socketAddress, &length) == 0
      }
    }
    guard bound else {
      let code = errno
      close(descriptor)
      throw StartFailure(call: "bind", code: code)
    }
    listener = descriptor
    port = UInt16(bigEndian: address.sin_port)
    Thread.detachNewThread { [self] in acceptLoop() }
  }

  /// `http://127.0.0.1:<port>`.
  public var baseURL: String { "http://127.0.0.1:\(port)" }

  /// Requests answered since the last `resetCounts()`, and the most answered at once.
  public var counts: (served: Int, peakInFlight: Int) {
    lock.lock()
    defer { lock.unlock() }
    return (served, peak)
  }

  public func resetCounts() {
    lock.lock()
    served = 0
    peak = 0
    lock.unlock()
  }

  /// Stops accepting; connections still open end when their client closes them.
  public func stop() {
    shutdown(listener, Int32(SHUT_RDWR))
    close(listener)
  }

  private func acceptLoop() {
    while true {
      let connection = accept(listener, nil, nil)
      if connection < 0 {
        if errno == EINTR { continue }
        return
      }
      Thread.detachNewThread { [self] in serve(connection) }
    }
  }

  /// Answers each request of one connection in turn until the client closes it.
  private func serve(_ connection: Int32) {
    defer { close(connection) }
    var buffer: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 16_384)
    while true {
      guard let end = Self.headerEnd(buffer) else {
        let count = read(connection, &chunk, chunk.count)
        if count < 0 && errno == EINTR { continue }
        guard count > 0, buffer.count < 65_536 else { return }
        buffer += chunk[0..<count]
        continue
      }
      let head = String(decoding: buffer[0..<end], as: UTF8.self)
      buffer.removeFirst(end + 4)
      let requestLine = head.split(separator: "\r\n", maxSplits: 1).first ?? ""
      let parts = requestLine.split(separator: " ")
      let closes = head.lowercased().contains("\r\nconnection: close")
      enter()
      if latency > 0 { usleep(useconds_t(latency * 1_000_000)) }
      let response =
        parts.count == 3 && parts[0] == "GET"
        ? handler(String(parts[1])) : Response(status: 405, body: Array("{}".utf8))
      leave()
      guard send(response, on: connection), !closes else { return }
    }
  }

  private func enter() {
    lock.lock()
    inFlight += 1
    peak = max(peak, inFlight)
    lock.unlock()
  }

  private func leave() {
    lock.lock()
    inFlight -= 1
    served += 1
    lock.unlock()
  }

  private func send(_ response: Response, on connection: Int32) -> Bool {
    let reason = [200: "OK", 400: "Bad Request", 404: "Not Found", 405: "Method Not Allowed"]
    let head =
      "HTTP/1.1 \(response.status) \(reason[response.status] ?? "Error")\r\n"
      + "Content-Type: application/json; charset=UTF-8\r\nContent-Length: \(response.body.count)\r\n\r\n"
    let bytes = Array(head.utf8) + response.body
    var sent = 0
    while sent < bytes.count {
      let count = bytes[sent...].withUnsafeBytes {
        Glibc.send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return false }
      sent += count
    }
    return true
  }

  /// Where `\r\n\r\n` starts in `bytes`, if it is there.
  private static func headerEnd(_ bytes: [UInt8]) -> Int? {
    guard bytes.count >= 4 else { return nil }
    for index in 0...(bytes.count - 4)
    where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
      return index
    }
    return nil
  }
}
