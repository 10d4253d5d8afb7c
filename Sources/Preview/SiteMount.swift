import HTTPServer

/// Where the site lives on the preview server: under the path of its base URL (`/books/`),
/// as in production, so root-relative links behave the same; `/` redirects there.
struct SiteMount: Sendable, Equatable {
  /// The path's segments, percent-decoded (`["books"]`; none for a site at the root).
  let segments: [String]
  /// The path as it appears in the base URL, starting and ending with `/`.
  let path: String

  enum Route {
    /// A request for the site, its path made relative to the site's root.
    case site(HTTPRequest)
    /// A redirect to this location (relative or our own path, never from the request's host).
    case redirect(String)
    /// A path outside the site: its 404 page.
    case outside
  }

  /// The mount of a base URL, `http://host:port/books/` (the path part, `/` when there is none).
  init(baseURL: String) {
    let afterScheme = baseURL.range(of: "://").map { baseURL[$0.upperBound...] } ?? baseURL[...]
    let rawPath = afterScheme.firstIndex(of: "/").map { String(afterScheme[$0...]) } ?? "/"
    path = rawPath.hasSuffix("/") ? rawPath : rawPath + "/"
    segments = path.split(separator: "/").map { $0.removingPercentEncoding ?? String($0) }
  }

  func route(_ request: HTTPRequest) -> Route {
    guard !segments.isEmpty else { return .site(request) }
    let query = request.target.firstIndex(of: "?").map { String(request.target[$0...]) } ?? ""
    if request.path == "/" { return .redirect(Self.headerSafe(path) + query) }
    let requested = request.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
    guard requested.count >= segments.count, zip(requested, segments).allSatisfy({ $0 == $1 }) else {
      return .outside
    }
    // `/books`: the folder without its slash.
    if requested.count == segments.count {
      return .redirect(StaticFileHandler.slashRedirect(rawPath: request.rawPath) + query)
    }
    let rest = request.rawPath.split(separator: "/", omittingEmptySubsequences: false)
      .dropFirst(segments.count + 1)
    return .site(
      HTTPRequest(
        method: request.method, target: "/" + rest.joined(separator: "/") + query, headers: request.headers,
        body: request.body, version: request.version))
  }

  /// Bytes a header value cannot hold (non-ASCII, spaces, controls) as `%XX`.
  static func headerSafe(_ path: String) -> String {
    var text = ""
    for byte in path.utf8 {
      if byte > 0x20 && byte < 0x7F {
        text.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        let hex = String(byte, radix: 16, uppercase: true)
        text += (byte < 0x10 ? "%0" : "%") + hex
      }
    }
    return text
  }
}
