import Foundation

extension String {
  /// The text without leading and trailing whitespace (Unicode's, not only ASCII).
  package func trimmingWhitespace() -> String {
    // Most text has no space at either end: no scan, no copy.
    if let first = utf8.first, let last = utf8.last, first > 0x20, first < 0x80, last > 0x20, last < 0x80 {
      return self
    }
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
    let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
    return String(scalars[first...last])
  }

  /// The text without zero-width and bidi control characters (they only disturb keys and slugs).
  func strippingInvisibles() -> String {
    guard unicodeScalars.contains(where: \.isInvisibleFormat) else { return self }
    var scalars = String.UnicodeScalarView()
    scalars.append(contentsOf: unicodeScalars.filter { !$0.isInvisibleFormat })
    return String(scalars)
  }
}

extension Substring {
  /// The text without leading and trailing whitespace, as a `String`.
  package func trimmingWhitespace() -> String { String(self).trimmingWhitespace() }
}

extension Unicode.Scalar {
  /// Format (Cf) characters such as ZWSP, ZWJ, LRM/RLM and the bidi embeddings and isolates.
  package var isInvisibleFormat: Bool {
    // None lies below U+00AD or among the CJK blocks (U+3000–U+FEFE): most text is decided
    // without the property lookup (a book's source link holds its title).
    value >= 0xAD && !(0x3000...0xFEFE).contains(value) && properties.generalCategory == .format
  }
}
