import Foundation
import Support

/// Screens URLs that came from Google or the owner before they become links or images.
enum ExternalLink {
  /// The URL when it is an absolute http(s) URL with a host and nothing that could break out of
  /// an attribute; nil otherwise (`javascript:`, `data:`, relative paths, spaces, quotes…).
  static func http(_ raw: String?) -> String? {
    guard let raw else { return nil }
    let url = raw.trimmingWhitespace()
    let schemeLength: Int
    if hasPrefix(url, "https://") {
      schemeLength = 8
    } else if hasPrefix(url, "http://") {
      schemeLength = 7
    } else {
      return nil
    }
    // Scanned as UTF-8 bytes: the characters refused are ASCII, and only non-ASCII text needs
    // the (slow) Unicode property lookup for invisible format characters.
    var hostLength = 0
    var inHost = true
    var hasNonASCII = false
    for (offset, byte) in url.utf8.enumerated() {
      switch byte {
      case 0...0x20, 0x7F, UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "<"), UInt8(ascii: ">"),
        UInt8(ascii: "\\"), UInt8(ascii: "`"):
        return nil
      case 0x80...:
        hasNonASCII = true
      default:
        break
      }
      if offset >= schemeLength, inHost {
        if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") {
          inHost = false
        } else {
          if hostLength == 0, byte == UInt8(ascii: "@") { return nil }
          hostLength += 1
        }
      }
    }
    guard hostLength > 0 else { return nil }
    if hasNonASCII, url.unicodeScalars.contains(where: \.isInvisibleFormat) { return nil }
    return url
  }

  /// Whether `text` starts with the lower-case ASCII `prefix`, ignoring ASCII case.
  static func hasPrefix(_ text: String, _ prefix: StaticString) -> Bool {
    let expected = UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
    var iterator = text.utf8.makeIterator()
    for wanted in expected {
      guard let byte = iterator.next(), byte | (byte >= 0x41 && byte <= 0x5A ? 0x20 : 0) == wanted else {
        return false
      }
    }
    return true
  }

  /// A link target: an http(s) URL, with Google's own http links upgraded to https.
  static func link(_ raw: String?) -> String? {
    guard let url = http(raw) else { return nil }
    if hasPrefix(url, "http://"), let host = host(of: url), isGoogleHost(host) {
      return "https://" + url.dropFirst(7)
    }
    return url
  }

  /// The URL's host, lower-cased (without port or credentials).
  static func host(of url: String) -> String? {
    let bytes = url.utf8
    var index = bytes.startIndex
    var schemeEnd: String.Index?
    while index != bytes.endIndex {
      if bytes[index] == UInt8(ascii: ":"), bytes[bytes.index(after: index)...].starts(with: "//".utf8) {
        schemeEnd = bytes.index(index, offsetBy: 3)
        break
      }
      bytes.formIndex(after: &index)
    }
    guard let schemeEnd else { return nil }
    let authority = bytes[schemeEnd...].prefix {
      $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#")
    }
    let hostAndPort = authority.split(separator: UInt8(ascii: "@")).last ?? authority
    return hostAndPort.split(separator: UInt8(ascii: ":")).first.map {
      String(decoding: $0, as: UTF8.self).lowercased()
    }
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
    if hasPrefix(url, "http://") {
      guard isGoogleHost(host) else { return nil }
      url = "https://" + url.dropFirst(7)
    }
    return removing("&edge=curl", from: url)
  }

  /// `text` without any occurrence of the ASCII `pattern` (byte search, no Foundation).
  static func removing(_ pattern: StaticString, from text: String) -> String {
    let needle = UnsafeBufferPointer(start: pattern.utf8Start, count: pattern.utf8CodeUnitCount)
    let bytes = Array(text.utf8)
    var result: [UInt8] = []
    var index = 0
    var found = false
    while index < bytes.count {
      if bytes[index] == needle[0], bytes.count - index >= needle.count,
        bytes[index..<index + needle.count].elementsEqual(needle)
      {
        if !found {
          result.reserveCapacity(bytes.count)
          result.append(contentsOf: bytes[..<index])
          found = true
        }
        index += needle.count
        continue
      }
      if found { result.append(bytes[index]) }
      index += 1
    }
    return found ? String(decoding: result, as: UTF8.self) : text
  }

  /// The book's page on Google Books: the canonical link when it is https on a Google host,
  /// otherwise one built from the volume id.
  static func googleBooksPage(canonical: String?, volumeID: String) -> String {
    if let url = http(canonical), hasPrefix(url, "https://"),
      let host = host(of: url), isGoogleHost(host)
    {
      return url
    }
    return "https://books.google.com/books?id=" + PercentEncoding.encodeQueryValue(volumeID)
  }
}
