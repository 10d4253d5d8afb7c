import Support

/// One parsed HTTP/1.x request, as handed to a server's handler.
package struct HTTPRequest: Sendable {
  package var method: String
  /// The request-target exactly as sent, e.g. `/books/a%20b?page=2`.
  package var target: String
  /// The percent-decoded path without the query, e.g. `/books/a b`.
  package var path: String
  /// The path as sent, still percent-encoded.
  package var rawPath: String
  /// Query parameters in order, percent-decoded with `+` read as a space.
  package var query: [(name: String, value: String)]
  package var headers: [(name: String, value: String)]
  package var body: [UInt8]
  /// `HTTP/1.1` or `HTTP/1.0`.
  package var version: String

  package init(
    method: String, target: String, headers: [(name: String, value: String)] = [], body: [UInt8] = [],
    version: String = "HTTP/1.1"
  ) {
    self.method = method
    self.target = target
    self.headers = headers
    self.body = body
    self.version = version
    let parts = RequestTarget(target)
    self.rawPath = parts.rawPath
    self.path = parts.path ?? parts.rawPath
    self.query = parts.query
  }

  /// The first value of the header `name`, compared case-insensitively.
  package func header(_ name: String) -> String? {
    headers.first { $0.name.equalsIgnoringASCIICase(name) }?.value
  }

  /// The first value of the query parameter `name`.
  package func queryValue(_ name: String) -> String? {
    query.first { $0.name == name }?.value
  }
}

/// A request-target split into path and query.
struct RequestTarget {
  var rawPath: String
  /// nil when the path has a malformed escape or does not decode to UTF-8.
  var path: String?
  var query: [(name: String, value: String)]

  init(_ target: String) {
    var pathPart = Substring(target)
    // absolute-form (`GET http://host/path`), which servers must accept.
    if !pathPart.hasPrefix("/"), let colon = pathPart.firstIndex(of: ":"), pathPart[colon...].hasPrefix("://")
    {
      let afterScheme = pathPart[pathPart.index(colon, offsetBy: 3)...]
      pathPart = afterScheme.firstIndex(of: "/").map { afterScheme[$0...] } ?? "/"
    }
    let queryPart: Substring
    if let mark = pathPart.firstIndex(of: "?") {
      queryPart = pathPart[pathPart.index(after: mark)...]
      pathPart = pathPart[..<mark]
    } else {
      queryPart = ""
    }
    rawPath = String(pathPart)
    path = PercentEncoding.decode(pathPart, plusAsSpace: false)
    query = queryPart.split(separator: "&", omittingEmptySubsequences: true).map { pair in
      let name: Substring
      let value: Substring
      if let equals = pair.firstIndex(of: "=") {
        name = pair[..<equals]
        value = pair[pair.index(after: equals)...]
      } else {
        name = pair
        value = ""
      }
      return (
        PercentEncoding.decode(name, plusAsSpace: true) ?? String(name),
        PercentEncoding.decode(value, plusAsSpace: true) ?? String(value)
      )
    }
  }
}

extension String {
  /// Header names and tokens compare without Unicode case folding.
  func equalsIgnoringASCIICase(_ other: String) -> Bool {
    utf8.count == other.utf8.count
      && zip(utf8, other.utf8).allSatisfy { Self.lowerASCII($0) == Self.lowerASCII($1) }
  }

  private static func lowerASCII(_ byte: UInt8) -> UInt8 {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
  }
}
