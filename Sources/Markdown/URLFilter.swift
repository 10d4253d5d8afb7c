import Support

/// Decides which URLs may stay in `href`/`src`, the way a browser would read them.
enum URLFilter {
  /// The URL as a browser would use it, or nil when it is missing, empty or not allowed: http
  /// and https, mailto too for a link, and relative URLs when `relative`.
  ///
  /// Browsers strip leading and trailing C0 controls and spaces and remove tabs and newlines
  /// anywhere (`java\tscript:` runs), and compare schemes case-insensitively; so do we, before
  /// checking the scheme.
  static func clean(_ raw: String?, image: Bool, relative: Bool) -> String? {
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
        let allowed = scheme == "http" || scheme == "https" || (scheme == "mailto" && !image)
        return allowed ? PercentEncoding.escapingInvalidCharacters(url) : nil
      case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"):
        return relative ? PercentEncoding.escapingInvalidCharacters(url) : nil
      default:
        continue
      }
    }
    return relative ? PercentEncoding.escapingInvalidCharacters(url) : nil
  }
}
