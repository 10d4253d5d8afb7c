/// The head of a request (request line and header fields), checked and ready for its body.
struct RequestHead {
  var method: String
  var target: String
  var version: String
  var headers: [(name: String, value: String)]
  var contentLength: Int
  var keepAlive: Bool
}

/// Parses request heads strictly: anything ambiguous is rejected rather than guessed at.
enum RequestParser {
  static let maxHeadSize = 16 * 1024
  static let maxBodySize = 16 * 1024 * 1024

  enum Outcome {
    case incomplete
    case complete(RequestHead, consumed: Int)
    /// Answer with this status and close the connection.
    case rejected(status: Int)
  }

  private static let cr = UInt8(ascii: "\r")
  private static let lf = UInt8(ascii: "\n")
  private static let space = UInt8(ascii: " ")
  private static let tab = UInt8(ascii: "\t")
  private static let tokenSymbols = Array("!#$%&'*+-.^_`|~".utf8)

  static func parseHead(_ buffer: [UInt8]) -> Outcome {
    // Servers should ignore empty lines before a request line (RFC 9112 §2.2).
    var start = 0
    while start < buffer.count, buffer[start] == cr || buffer[start] == lf { start += 1 }
    var lines: [Range<Int>] = []
    var lineStart = start
    var headEnd: Int?
    var index = start
    while index < buffer.count {
      if buffer[index] == lf {
        let lineEnd = index > lineStart && buffer[index - 1] == cr ? index - 1 : index
        if lineEnd == lineStart {
          headEnd = index + 1
          break
        }
        lines.append(lineStart..<lineEnd)
        lineStart = index + 1
      }
      index += 1
    }
    guard let headEnd else { return buffer.count > maxHeadSize ? .rejected(status: 431) : .incomplete }
    guard headEnd <= maxHeadSize else { return .rejected(status: 431) }
    switch parse(requestLine: buffer[lines[0]], fields: lines.dropFirst().map { buffer[$0] }) {
    case .success(let head): return .complete(head, consumed: headEnd)
    case .failure(let rejection): return .rejected(status: rejection.status)
    }
  }

  private struct Rejection: Error {
    var status: Int
  }

  private static func parse(requestLine: ArraySlice<UInt8>, fields: [ArraySlice<UInt8>]) -> Result<
    RequestHead, Rejection
  > {
    let parts = requestLine.split(separator: space, omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].allSatisfy(isTokenByte), !parts[0].isEmpty,
      !parts[1].isEmpty, parts[1].allSatisfy({ (0x21...0x7E).contains($0) })
    else { return .failure(Rejection(status: 400)) }
    let method = String(decoding: parts[0], as: UTF8.self)
    let target = String(decoding: parts[1], as: UTF8.self)
    let version = String(decoding: parts[2], as: UTF8.self)
    guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
      let isVersion = version.utf8.count == 8 && version.hasPrefix("HTTP/")
      return .failure(Rejection(status: isVersion ? 505 : 400))
    }
    let isOriginForm = target.hasPrefix("/")
    let isAbsoluteForm = target.hasPrefix("http://") || target.hasPrefix("https://")
    let isAsterisk = target == "*" && method == "OPTIONS"
    guard isOriginForm || isAbsoluteForm || isAsterisk, RequestTarget(target).path != nil else {
      return .failure(Rejection(status: 400))
    }

    var headers: [(name: String, value: String)] = []
    for field in fields {
      guard let colon = field.firstIndex(of: UInt8(ascii: ":")) else {
        return .failure(Rejection(status: 400))
      }
      let name = field[field.startIndex..<colon]
      // Leading whitespace is obsolete line folding; whitespace before the colon is smuggling bait.
      guard !name.isEmpty, name.allSatisfy(isTokenByte) else { return .failure(Rejection(status: 400)) }
      var value = field[(colon + 1)...]
      while let first = value.first, first == space || first == tab { value = value.dropFirst() }
      while let last = value.last, last == space || last == tab { value = value.dropLast() }
      guard value.allSatisfy({ $0 == tab || ($0 >= 0x20 && $0 != 0x7F) }) else {
        return .failure(Rejection(status: 400))
      }
      headers.append((String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self)))
    }
    return checkFraming(method: method, target: target, version: version, headers: headers)
  }

  private static func checkFraming(
    method: String, target: String, version: String, headers: [(name: String, value: String)]
  ) -> Result<RequestHead, Rejection> {
    func values(_ name: String) -> [String] {
      headers.filter { $0.name.equalsIgnoringASCIICase(name) }.map(\.value)
    }
    // Only fixed-length bodies are read; chunked uploads have no use in a preview server.
    guard values("Transfer-Encoding").isEmpty else { return .failure(Rejection(status: 501)) }
    let lengths = values("Content-Length").flatMap { $0.split(separator: ",") }.map {
      $0.trimmingASCIISpaces()
    }
    var contentLength = 0
    if let first = lengths.first {
      guard lengths.allSatisfy({ $0 == first }), !first.isEmpty, first.utf8.allSatisfy(isDigit),
        first.utf8.count <= 18, let length = Int(first)
      else { return .failure(Rejection(status: 400)) }
      guard length <= maxBodySize else { return .failure(Rejection(status: 413)) }
      contentLength = length
    }
    if version == "HTTP/1.1" && values("Host").count != 1 { return .failure(Rejection(status: 400)) }

    let connection = values("Connection").flatMap { $0.split(separator: ",") }.map {
      $0.trimmingASCIISpaces().lowercased()
    }
    let keepAlive =
      version == "HTTP/1.1" ? !connection.contains("close") : connection.contains("keep-alive")
    return .success(
      RequestHead(
        method: method, target: target, version: version, headers: headers, contentLength: contentLength,
        keepAlive: keepAlive))
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  /// `tchar` of RFC 9110: the bytes allowed in methods and header names.
  private static func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    default:
      return tokenSymbols.contains(byte)
    }
  }
}

extension Substring {
  func trimmingASCIISpaces() -> String {
    String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }
}
