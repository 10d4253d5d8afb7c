import Support

/// The one rule for which URLs from a source or the owner may become links and images on a
/// page, and which `http://` links become `https://`.
///
/// A link is an absolute http(s) URL with a host and nothing that could break out of an
/// attribute. `http://` is upgraded on the hosts known to serve the same paths over https —
/// Google's (`google.com`, `google.<cc>`, `google.co.<cc>`, `google.com.<cc>` and their
/// subdomains, such as `books.google.de` and `play.google.de`, and `googleapis.com`,
/// `googleusercontent.com` and theirs), which avoids mixed content; a cover must be https
/// after that, other links may stay http. The decoder upgrades Google's links with it as they
/// are read, the site every link and cover it shows (the owner's too).
package enum WebLink {
  /// The URL when it is an absolute http(s) URL with a host and nothing that could break out of
  /// an attribute; nil otherwise (`javascript:`, `data:`, relative paths, spaces, quotes…).
  package static func http(_ raw: String?) -> String? {
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

  /// A link target: an http(s) URL, upgraded to https on hosts known to serve it.
  package static func link(_ raw: String?) -> String? {
    http(raw).map(upgraded)
  }

  /// A cover image URL that is safe on an https page: https as given, http upgraded where the
  /// host serves https, other http dropped; Google's page-curl effect (`&edge=curl`) removed.
  package static func cover(_ raw: String?) -> String? {
    guard let url = http(raw).map(upgraded), hasPrefix(url, "https://") else { return nil }
    return removing("&edge=curl", from: url)
  }

  /// `value` with `http://` replaced by `https://` when its host is known to serve https;
  /// anything else as it is (without a copy).
  package static func upgraded(_ value: String) -> String {
    guard hasPrefix(value, "http://"), let host = host(of: value), servesHTTPS(host) else { return value }
    return "https://" + value.dropFirst(7)
  }

  /// Whether `text` starts with the lower-case ASCII `prefix`, ignoring ASCII case.
  package static func hasPrefix(_ text: String, _ prefix: StaticString) -> Bool {
    let expected = UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
    var iterator = text.utf8.makeIterator()
    for wanted in expected {
      guard let byte = iterator.next(), byte | (byte >= 0x41 && byte <= 0x5A ? 0x20 : 0) == wanted else {
        return false
      }
    }
    return true
  }

  /// The URL's host, lower-cased, without credentials or port; nil without `scheme://`.
  package static func host(of url: String) -> String? {
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
    let hostAndPort =
      authority.split(separator: UInt8(ascii: "@"), omittingEmptySubsequences: false).last ?? authority
    let host = hostAndPort.prefix { $0 != UInt8(ascii: ":") }
    return String(decoding: host.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
  }

  /// Google's hosts: `google.com`, `google.<cc>`, `google.co.<cc>`, `google.com.<cc>` (`<cc>`
  /// two ASCII letters, as country domains are), `googleapis.com`, `googleusercontent.com`,
  /// and any of their subdomains. `host` is lower-case.
  package static func servesHTTPS(_ host: String) -> Bool {
    let labels = host.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
    guard labels.count >= 2, !labels.contains(where: \.isEmpty) else { return false }
    let last = labels[labels.count - 1]
    let secondLast = labels[labels.count - 2]
    if last.elementsEqual("com".utf8),
      secondLast.elementsEqual("googleapis".utf8) || secondLast.elementsEqual("googleusercontent".utf8)
    {
      return true
    }
    guard let google = labels.lastIndex(where: { $0.elementsEqual("google".utf8) }) else { return false }
    let suffix = labels[(google + 1)...]
    let isCountry = { (label: Substring.UTF8View.SubSequence) in
      label.count == 2 && label.allSatisfy { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }
    }
    switch suffix.count {
    case 1:
      return suffix.first!.elementsEqual("com".utf8) || isCountry(suffix.first!)
    case 2:
      let first = suffix.first!
      return (first.elementsEqual("co".utf8) || first.elementsEqual("com".utf8)) && isCountry(suffix.last!)
    default:
      return false
    }
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
}
