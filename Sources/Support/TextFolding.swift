import Foundation

/// Text folded for comparing and for slugs, the same on every machine (no locale).
package enum TextFolding {
  /// Case-, width- and diacritic-folded text, trimmed and without invisible characters: what
  /// sort keys compare and slugs are made of.
  package static func fold(_ text: String) -> String {
    if let ascii = asciiFold(text) { return ascii }
    let visible = text.strippingInvisibles()
    // Trimmed only when an end could be blank: a letter or digit at both ends (most names and
    // titles) is in no whitespace set, and Foundation's trimming is a large part of a fold.
    let scalars = visible.unicodeScalars
    let trimmed =
      if let first = scalars.first, let last = scalars.last, isSurelyNotBlank(first), isSurelyNotBlank(last) {
        visible
      } else {
        visible.trimmingCharacters(in: .whitespacesAndNewlines)
      }
    return trimmed.folding(
      options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
  }

  /// Whether `scalar` is a letter or digit, or visible ASCII: never trimmed as whitespace.
  private static func isSurelyNotBlank(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII { return scalar.value > 0x20 && scalar.value < 0x7F }
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber:
      return true
    default:
      return false
    }
  }

  /// The same folding for pure-ASCII text (most titles and names) without Foundation: trimmed
  /// and lower-cased bytes. nil when the text has any non-ASCII byte.
  static func asciiFold(_ text: String) -> String? {
    // Text already folded (lower case, no blank at either end) is returned as it is, uncopied.
    var folded = true
    for byte in text.utf8 {
      guard byte < 0x80 else { return nil }
      if byte >= 65 && byte <= 90 { folded = false }
    }
    if folded, let first = text.utf8.first, let last = text.utf8.last, first > 32, last > 32 { return text }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      guard byte < 0x80 else { return nil }
      bytes.append((65...90).contains(byte) ? byte + 32 : byte)
    }
    func isSpace(_ byte: UInt8) -> Bool { byte == 32 || (9...13).contains(byte) }
    guard let first = bytes.firstIndex(where: { !isSpace($0) }) else { return "" }
    let last = bytes.lastIndex(where: { !isSpace($0) })!
    return String(decoding: bytes[first...last], as: UTF8.self)
  }
}
