/// Escaping for the XML files bookgen writes (sitemaps, Atom, OPDS).
enum XMLText {
  /// Escapes `& < > "` and drops characters XML 1.0 forbids (C0 controls other than tab, line
  /// feed and carriage return; U+FFFE, U+FFFF), so Google's data can never break a feed.
  static func escape(_ text: String) -> String {
    // Most text needs no change: one byte scan (0xEF starts U+FFFE and U+FFFF).
    guard
      text.utf8.contains(where: {
        $0 < 0x20 || $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0xEF
      })
    else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count + 16)
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x26: result += "&amp;"
      case 0x3C: result += "&lt;"
      case 0x3E: result += "&gt;"
      case 0x22: result += "&quot;"
      case 0x09, 0x0A, 0x0D: result.unicodeScalars.append(scalar)
      case 0x00..<0x20, 0xFFFE, 0xFFFF: continue
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
