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

  /// `%XX` escapes decoded, and `+` as a space with `plusAsSpace` (a query's form encoding); nil
  /// when the bytes are not UTF-8, or when an escape is malformed and `strict` (else its `%`
  /// stays as written). Decoded exactly once: `%2541` is `%41`.
  package static func decode(_ text: Substring, plusAsSpace: Bool = false, strict: Bool = true) -> String? {
    let utf8 = Array(text.utf8)
    guard utf8.contains(UInt8(ascii: "%")) || (plusAsSpace && utf8.contains(UInt8(ascii: "+"))) else {
      return String(text)
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(utf8.count)
    var index = 0
    while index < utf8.count {
      let byte = utf8[index]
      if byte == UInt8(ascii: "%"), index + 2 < utf8.count, let high = HexText.digit(utf8[index + 1]),
        let low = HexText.digit(utf8[index + 2])
      {
        bytes.append(high << 4 | low)
        index += 3
        continue
      }
      if byte == UInt8(ascii: "%"), strict { return nil }
      bytes.append(plusAsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
      index += 1
    }
    return String(validating: bytes, as: UTF8.self)
  }

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
      return
        !(index + 2 < url.endIndex && HexText.digit(url[index + 1]) != nil
        && HexText.digit(url[index + 2]) != nil)
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

  private static func appendEscape(_ byte: UInt8, to out: inout [UInt8]) {
    out += [
      UInt8(ascii: "%"), HexText.uppercaseDigits[Int(byte >> 4)], HexText.uppercaseDigits[Int(byte & 0xF)],
    ]
  }

  private static let mustEscape = Set(" \"<>`{}|\\^".utf8)
}
