import Foundation

/// Screens URLs that came from Google or the owner before they become links or images.
enum ExternalLink {
  /// The URL when it is an absolute http(s) URL with a host and nothing that could break out of
  /// an attribute; nil otherwise (`javascript:`, `data:`, relative paths, spaces, quotes…).
  static func http(_ raw: String?) -> String? {
    guard let raw else { return nil }
    let url = raw.trimmingWhitespace()
    let lowered = url.lowercased()
    let rest: Substring
    if lowered.hasPrefix("https://") {
      rest = url.dropFirst(8)
    } else if lowered.hasPrefix("http://") {
      rest = url.dropFirst(7)
    } else {
      return nil
    }
    let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    guard !host.isEmpty, !host.hasPrefix("@"),
      !url.unicodeScalars.contains(where: {
        $0.value <= 0x20 || $0.value == 0x7F || $0 == "\"" || $0 == "'" || $0 == "<" || $0 == ">"
          || $0 == "\\" || $0 == "`" || $0.isInvisibleFormat
      })
    else { return nil }
    return url
  }

  /// A link target: an http(s) URL, with Google's own http links upgraded to https.
  static func link(_ raw: String?) -> String? {
    guard let url = http(raw) else { return nil }
    if url.lowercased().hasPrefix("http://"), let host = host(of: url), isGoogleHost(host) {
      return "https://" + url.dropFirst(7)
    }
    return url
  }

  /// The URL's host, lower-cased (without port or credentials).
  static func host(of url: String) -> String? {
    guard let schemeEnd = url.range(of: "://") else { return nil }
    let authority = url[schemeEnd.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    let hostAndPort = authority.split(separator: "@").last ?? authority
    return hostAndPort.split(separator: ":").first.map { $0.lowercased() }
  }

  /// Google's own hosts, which all serve https.
  static func isGoogleHost(_ host: String) -> Bool {
    if host == "google.com" || host.hasSuffix(".google.com") || host.hasSuffix(".googleusercontent.com")
      || host.hasSuffix(".googleapis.com")
    {
      return true
    }
    // Country sites: books.google.de, books.google.com.tw, books.google.co.jp.
    guard host.hasPrefix("books.google.") else { return false }
    let suffix = host.dropFirst("books.google.".count).split(separator: ".", omittingEmptySubsequences: false)
    let isCountry = { (label: Substring) in label.count == 2 && label.allSatisfy { $0.isASCII && $0.isLetter }
    }
    switch suffix.count {
    case 1: return isCountry(suffix[0])
    case 2: return (suffix[0] == "com" || suffix[0] == "co") && isCountry(suffix[1])
    default: return false
    }
  }

  /// A cover image URL that is safe on an https page: https as given, Google's http upgraded,
  /// other http dropped; Google's page-curl effect (`&edge=curl`) removed.
  static func cover(_ raw: String?) -> String? {
    guard var url = http(raw), let host = host(of: url) else { return nil }
    if url.lowercased().hasPrefix("http://") {
      guard isGoogleHost(host) else { return nil }
      url = "https://" + url.dropFirst(7)
    }
    url = url.replacingOccurrences(of: "&edge=curl", with: "")
    return url
  }

  /// The book's page on Google Books: the canonical link when it is https on a Google host,
  /// otherwise one built from the volume id.
  static func googleBooksPage(canonical: String?, volumeID: String) -> String {
    if let url = http(canonical), url.lowercased().hasPrefix("https://"),
      let host = host(of: url), isGoogleHost(host)
    {
      return url
    }
    return "https://books.google.com/books?id=" + PercentEncoding.encodeQueryValue(volumeID)
  }
}
