import Support

/// The one rule for the site's address (`site.base_url`, `--base-url`), so a bad one is refused
/// before anything is fetched: an http(s) URL without query, fragment, `.`/`..` segment or any
/// character URLs may not hold, as pages append paths to it and write it into every link.
package struct BaseURL: Sendable, Equatable {
  /// Absolute, always ending in `/`: `https://me.github.io/books/`.
  package let url: String
  /// The path, starting and ending with `/` (`/` at a domain root): `/books/`.
  package let path: String

  package init?(_ raw: String) {
    let trimmed = raw.trimmingWhitespace()
    let lowered = trimmed.lowercased()
    let schemeLength: Int
    if lowered.hasPrefix("https://") {
      schemeLength = 8
    } else if lowered.hasPrefix("http://") {
      schemeLength = 7
    } else {
      return nil
    }
    let afterScheme = trimmed.dropFirst(schemeLength)
    let host = afterScheme.prefix { $0 != "/" }
    guard !host.isEmpty, !trimmed.contains(where: { $0 == "?" || $0 == "#" }),
      !trimmed.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F }),
      !PercentEncoding.hasInvalidCharacters(trimmed), CatalogRules.isHTTPURL(trimmed)
    else { return nil }
    var path = String(afterScheme.dropFirst(host.count))
    if !path.hasPrefix("/") { path = "/" + path }
    if !path.hasSuffix("/") { path += "/" }
    guard !path.split(separator: "/").contains(where: { $0 == "." || $0 == ".." }) else { return nil }
    self.path = path
    url = trimmed.prefix(schemeLength).lowercased() + host + path
  }
}
