/// The parts of the site's base URL the check compares links with.
struct BaseURL: Sendable, Equatable {
  /// Lower-cased host with its port, if any (`me.github.io`, `localhost:8000`).
  let host: String
  /// Starts and ends with `/`.
  let path: String

  init(_ raw: String) throws(SiteCheckError) {
    guard let parts = LinkText.splitAbsolute(raw.trimmingASCIIWhitespace()), !parts.host.isEmpty,
      parts.scheme == "http" || parts.scheme == "https"
    else { throw .invalidBaseURL(raw) }
    host = parts.host
    var path = parts.path.isEmpty ? "/" : parts.path
    if !path.hasSuffix("/") { path += "/" }
    self.path = path
  }
}
