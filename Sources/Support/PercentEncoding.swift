/// Percent-encoding (RFC 3986): the one spelling for the URLs bookgen makes (site paths, API
/// requests and their cache keys, links to Google Books) and the one repair of URLs others wrote.
package enum PercentEncoding {
  /// Keeps the unreserved characters (`A–Z a–z 0–9 - . _ ~`); everything else becomes `%XX` of
  /// its UTF-8 bytes, upper-case hex. For a path segment (`books/三体-abc/`).
  package static func encodePathSegment(_ segment: String) -> String {
    // Most slugs are plain ASCII words: nothing to encode, nothing to copy.
    if segment.utf8.allSatisfy(isUnreserved) { return segment }
    var result: [UInt8] = []
    result.reserveCapacity(segment.utf8.count * 3)
    for byte in segment.utf8 {
      if isUnreserved(byte) {
        result.append(byte)
      } else {
        appendEscape(byte, to: &result)
      }
    }
    return String(decoding: result, as: UTF8.self)
  }

  /// A query parameter's name or value (`?id=`, `q=isbn%3A…`): encoded like a path segment, so
  /// `&`, `=`, `+` and `/` never change the query's meaning.
  package static func encodeQueryValue(_ value: String) -> String { encodePathSegment(value) }

  /// A URL someone else wrote, with the ASCII characters URLs may not contain (space, quotes,
  /// `<>{}|\^` and a `%` that starts no escape) percent-encoded, as browsers send them, so
  /// validators accept it; everything else, escapes included, stays as it is.
  package static func escapingInvalidCharacters(_ url: ArraySlice<UInt8>) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(url.count)
    for index in url.indices {
      if isInvalid(at: index, in: url) {
        appendEscape(url[index], to: &out)
      } else {
        out.append(url[index])
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Whether `url` holds a character `escapingInvalidCharacters` would encode: one a URL
  /// bookgen writes itself (the site's base URL) must not contain.
  package static func hasInvalidCharacters(_ url: String) -> Bool {
    let bytes = ArraySlice(url.utf8)
    return bytes.indices.contains { isInvalid(at: $0, in: bytes) }
  }

  /// Space, quotes, `<>{}|\^` and a `%` that starts no escape.
  private static func isInvalid(at index: Int, in url: ArraySlice<UInt8>) -> Bool {
    let byte = url[index]
    if byte == UInt8(ascii: "%") {
      return !(index + 2 < url.endIndex && isHexDigit(url[index + 1]) && isHexDigit(url[index + 2]))
    }
    return mustEscape.contains(byte)
  }

  @inline(__always)
  private static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x2E, 0x5F, 0x7E: true
    default: false
    }
  }

  private static func isHexDigit(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x30...0x39, 0x41...0x46, 0x61...0x66: true
    default: false
    }
  }

  private static func appendEscape(_ byte: UInt8, to out: inout [UInt8]) {
    out += [
      UInt8(ascii: "%"), HexText.uppercaseDigits[Int(byte >> 4)], HexText.uppercaseDigits[Int(byte & 0xF)],
    ]
  }

  private static let mustEscape = Set(" \"<>`{}|\\^".utf8)
}
