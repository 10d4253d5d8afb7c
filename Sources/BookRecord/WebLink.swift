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
    var url = raw.trimmingWhitespace()
    let schemeLength: Int
    if hasPrefix(url, "https://") {
      schemeLength = 8
    } else if hasPrefix(url, "http://") {
      schemeLength = 7
    } else {
      return nil
    }
    // Scanned as UTF-8 bytes, in place (an enumerated UTF-8 view cost more than the checks):
    // the characters refused are ASCII, and only non-ASCII text needs the (slow) Unicode
    // property lookup for invisible format characters.
    let scan: (hostLength: Int, hasNonASCII: Bool)? = url.withUTF8 { bytes in
      var hostLength = 0
      var inHost = true
      var hasNonASCII = false
      for offset in bytes.indices {
        let byte = bytes[offset]
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
      return (hostLength, hasNonASCII)
    }
    guard let scan, scan.hostLength > 0 else { return nil }
    if scan.hasNonASCII, url.unicodeScalars.contains(where: \.isInvisibleFormat) { return nil }
    return url
  }

  /// A link target: an http(s) URL, upgraded to https on hosts known to serve it.
  package static func link(_ raw: String?) -> String? {
    http(raw).map(upgraded)
  }

  /// A cover image URL that is safe on an https page: https as given, http upgraded where the
  /// host serves https, other http dropped; Google's page-curl effect (`&edge=curl`) and its
  /// API's referral tag (`&source=gbs_api`, the same image without it) removed: a cover's URL
  /// is in each of a book's cards, its page, feeds and OPDS entries, so every byte repeats.
  package static func cover(_ raw: String?) -> String? {
    guard let url = http(raw).map(upgraded), hasPrefix(url, "https://") else { return nil }
    return removing("&edge=curl", "&source=gbs_api", from: url)
  }

  /// `value` with `http://` replaced by `https://` when its host is known to serve https;
  /// anything else as it is (without a copy).
  package static func upgraded(_ value: String) -> String {
    guard hasPrefix(value, "http://") else { return value }
    var value = value
    // Bytes in place, no host string: this runs for every link of every volume decoded.
    let serves = value.withUTF8 { bytes in
      hostRange(in: bytes).map { servesHTTPS(UnsafeBufferPointer(rebasing: bytes[$0])) } ?? false
    }
    return serves ? "https://" + value.dropFirst(7) : value
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
    var url = url
    return url.withUTF8 { bytes in
      hostRange(in: bytes).map { range in
        String(decoding: bytes[range].map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
      }
    }
  }

  /// Where the host lies in a URL's bytes: after the first `://`, up to the path, query or
  /// fragment, after any credentials (`user@`) and before any port.
  static func hostRange(in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
    var start = 0
    while true {
      guard start + 2 < bytes.count else { return nil }
      if bytes[start] == UInt8(ascii: ":"), bytes[start + 1] == UInt8(ascii: "/"),
        bytes[start + 2] == UInt8(ascii: "/")
      {
        break
      }
      start += 1
    }
    start += 3
    var end = start
    while end < bytes.count, bytes[end] != UInt8(ascii: "/"), bytes[end] != UInt8(ascii: "?"),
      bytes[end] != UInt8(ascii: "#")
    {
      if bytes[end] == UInt8(ascii: "@") { start = end + 1 }
      end += 1
    }
    var portStart = start
    while portStart < end, bytes[portStart] != UInt8(ascii: ":") { portStart += 1 }
    return start..<portStart
  }

  /// Google's hosts: `google.com`, `google.<cc>`, `google.co.<cc>`, `google.com.<cc>` (`<cc>`
  /// two ASCII letters, as country domains are), `googleapis.com`, `googleusercontent.com`,
  /// and any of their subdomains; compared without ASCII case.
  package static func servesHTTPS(_ host: String) -> Bool {
    var host = host
    return host.withUTF8 { servesHTTPS($0) }
  }

  static func servesHTTPS(_ host: UnsafeBufferPointer<UInt8>) -> Bool {
    // The last three labels decide; every label must be non-empty. Ranges, not an array.
    var ends: (Range<Int>?, Range<Int>?, Range<Int>?) = (nil, nil, nil)
    var count = 0
    var end = host.count
    var index = host.count - 1
    while true {
      if index < 0 || host[index] == UInt8(ascii: ".") {
        guard index + 1 < end else { return false }  // an empty label
        switch count {
        case 0: ends.0 = (index + 1)..<end
        case 1: ends.1 = (index + 1)..<end
        case 2: ends.2 = (index + 1)..<end
        default: break
        }
        count += 1
        if index < 0 { break }
        end = index
      }
      index -= 1
    }
    guard count >= 2 else { return false }
    func label(_ range: Range<Int>?, is word: StaticString) -> Bool {
      guard let range, range.count == word.utf8CodeUnitCount else { return false }
      let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
      return zip(host[range], expected).allSatisfy { $0 | (($0 >= 0x41 && $0 <= 0x5A) ? 0x20 : 0) == $1 }
    }
    func isCountry(_ range: Range<Int>?) -> Bool {
      guard let range, range.count == 2 else { return false }
      return host[range].allSatisfy { ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") }
    }
    let (tld, second, third) = ends
    if label(tld, is: "com"), label(second, is: "googleapis") || label(second, is: "googleusercontent") {
      return true
    }
    if label(second, is: "google") { return label(tld, is: "com") || isCountry(tld) }
    if label(third, is: "google") {
      return (label(second, is: "co") || label(second, is: "com")) && isCountry(tld)
    }
    return false
  }

  /// `text` without any occurrence of the ASCII `pattern` (nor of `other`): a byte search, no
  /// Foundation; `text` itself, uncopied, when it holds neither.
  static func removing(_ pattern: StaticString, _ other: StaticString? = nil, from text: String) -> String {
    let first = UnsafeBufferPointer(start: pattern.utf8Start, count: pattern.utf8CodeUnitCount)
    let second = other.map { UnsafeBufferPointer(start: $0.utf8Start, count: $0.utf8CodeUnitCount) }
    var text = text
    let result: [UInt8]? = text.withUTF8 { bytes in
      func holds(_ needle: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        bytes[index] == needle[0] && bytes.count - index >= needle.count
          && bytes[index..<index + needle.count].elementsEqual(needle)
      }
      var result: [UInt8] = []
      var index = 0
      var found = false
      while index < bytes.count {
        if let needle = holds(first, at: index) ? first : second.flatMap({ holds($0, at: index) ? $0 : nil })
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
      return found ? result : nil
    }
    return result.map { String(decoding: $0, as: UTF8.self) } ?? text
  }
}
