import Support

/// Decides which URLs may stay in `href`/`src`, the way a browser would read them.
enum URLFilter {
  /// Which schemes a URL may have, and whether a relative URL is acceptable.
  struct Allowed {
    var schemes: Set<String>
    var relative: Bool
  }

  static let link = Allowed(schemes: ["http", "https", "mailto"], relative: false)
  static let linkOrRelative = Allowed(schemes: ["http", "https", "mailto"], relative: true)
  static let image = Allowed(schemes: ["http", "https"], relative: false)
  static let imageOrRelative = Allowed(schemes: ["http", "https"], relative: true)

  /// The URL as a browser would use it, or nil when it is missing, empty or not allowed.
  ///
  /// Browsers strip leading and trailing C0 controls and spaces and remove tabs and newlines
  /// anywhere (`java\tscript:` runs), and compare schemes case-insensitively; so do we, before
  /// checking the scheme against `allowed`.
  static func clean(_ raw: String?, allowing allowed: Allowed) -> String? {
    guard let raw else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(raw.utf8.count)
    for byte in raw.utf8 where byte != 0x09 && byte != 0x0A && byte != 0x0D {
      bytes.append(byte)
    }
    guard let first = bytes.firstIndex(where: { $0 > 0x20 }),
      let last = bytes.lastIndex(where: { $0 > 0x20 })
    else { return nil }
    let url = bytes[first...last]
    if url.contains(where: { $0 < 0x20 || $0 == 0x7F }) { return nil }
    for index in url.indices {
      switch url[index] {
      case UInt8(ascii: ":"):
        let scheme = String(decoding: url[first..<index], as: UTF8.self).lowercased()
        return allowed.schemes.contains(scheme) ? PercentEncoding.escapingInvalidCharacters(url) : nil
      case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"):
        return allowed.relative ? PercentEncoding.escapingInvalidCharacters(url) : nil
      default:
        continue
      }
    }
    return allowed.relative ? PercentEncoding.escapingInvalidCharacters(url) : nil
  }
}
