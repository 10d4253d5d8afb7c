import Foundation

/// The shapes of values catalog.yml accepts, as plain predicates (cheap byte checks, no regex).
package enum CatalogRules {
  /// `http://` or `https://` with a host, and nothing a browser would choke on: `api_url`,
  /// `cover`, `BOOKGEN_API_URL`.
  package static func isHTTPURL(_ text: String) -> Bool {
    guard !text.contains(where: { $0.isWhitespace }),
      let components = URLComponents(string: text),
      let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
      let host = components.host, !host.isEmpty
    else { return false }
    return true
  }

  /// BCP 47 shape: a 2–3 letter language (or 4–8 letters), then 1–8 character alphanumeric subtags.
  static func isLanguageTag(_ text: String) -> Bool {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard let first = parts.first, (2...8).contains(first.count), first.count != 4,
      first.allSatisfy(\.isASCIILetter)
    else { return false }
    return parts.dropFirst().allSatisfy { part in
      (1...8).contains(part.count) && part.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit }
    }
  }

  /// ISO 639-1: two lower-case letters.
  static func isLanguageCode(_ text: String) -> Bool {
    text.count == 2 && text.allSatisfy { $0.isASCIILetter && $0.isLowercase }
  }

  /// ISO 3166-1 alpha-2: two upper-case letters.
  static func isCountryCode(_ text: String) -> Bool {
    text.count == 2 && text.allSatisfy { $0.isASCIILetter && $0.isUppercase }
  }

  /// A POSIX-portable environment variable name: letters, digits and `_`, not starting with a digit.
  static func isEnvironmentName(_ text: String) -> Bool {
    guard let first = text.first, !first.isASCIIDigit else { return false }
    return text.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit || $0 == "_" }
  }

  /// `open_library.contact`, which goes into a request header: an e-mail address
  /// (`me@example.org`) or an http(s) URL, in printable ASCII without spaces, quotes, angle
  /// brackets or parentheses (the User-Agent puts it in parentheses), at most 200 characters.
  static func isContact(_ text: String) -> Bool {
    guard (3...200).contains(text.utf8.count),
      text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && !Array("\"'<>()\\`".utf8).contains($0) })
    else { return false }
    if text.hasPrefix("http://") || text.hasPrefix("https://") { return isHTTPURL(text) }
    let parts = text.split(separator: "@", omittingEmptySubsequences: false)
    return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") && !parts[1].hasPrefix(".")
      && !parts[1].hasSuffix(".")
  }

  /// Google volume ids: 4–32 of `[A-Za-z0-9_-]` (e.g. `zyTCAlFPjgYC`).
  package static func isVolumeID(_ text: String) -> Bool {
    // Byte by byte: a catalog may list tens of thousands of ids, and every allowed character
    // is one ASCII byte.
    let bytes = text.utf8
    return (4...32).contains(bytes.count)
      && bytes.allSatisfy { byte in
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
          UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
          true
        default: false
        }
      }
  }

  /// 1 to 64 ASCII letters, digits, `_` or `-`: an `extra` value's name, an export's id.
  static func isName(_ text: String) -> Bool {
    (1...64).contains(text.count)
      && text.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit || $0 == "_" || $0 == "-" }
  }

  /// Explicit slugs: `^[a-z0-9][a-z0-9-]*$`.
  static func isSlug(_ text: String) -> Bool {
    guard let first = text.first, first != "-" else { return false }
    return text.allSatisfy { ($0.isASCIILetter && $0.isLowercase) || $0.isASCIIDigit || $0 == "-" }
  }

  /// `YYYY`, `YYYY-MM` or `YYYY-MM-DD` with a real month and a day from 1 to 31.
  static func isPartialDate(_ text: String) -> Bool {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard (1...3).contains(parts.count), parts[0].count == 4,
      parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) })
    else { return false }
    if parts.count >= 2 {
      guard parts[1].count == 2, let month = Int(parts[1]), (1...12).contains(month) else { return false }
    }
    if parts.count == 3 {
      guard parts[2].count == 2, let day = Int(parts[2]), (1...31).contains(day) else { return false }
    }
    return true
  }

  /// Text that looks like an ISBN attempt rather than a volume id: digits, separators and
  /// `X`, with at least nine digits.
  static func looksLikeISBN(_ text: String) -> Bool {
    text.allSatisfy { $0.isASCIIDigit || $0 == "-" || $0 == " " || $0 == "X" || $0 == "x" }
      && text.count(where: \.isASCIIDigit) >= 9
  }

  static func isTimeZone(_ text: String) -> Bool {
    TimeZone(identifier: text) != nil
  }
}

extension Character {
  package var isASCIILetter: Bool { isASCII && isLetter }
  package var isASCIIDigit: Bool { isASCII && isNumber }
}

extension CatalogRules {
  /// A site address pages can append paths to: `BaseURL`'s rule.
  static func isBaseURL(_ text: String) -> Bool { BaseURL(text) != nil }
}
