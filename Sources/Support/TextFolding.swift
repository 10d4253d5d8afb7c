import Foundation

/// Text folded for comparing and for slugs, the same on every machine (no locale).
package enum TextFolding {
  /// Case-, width- and diacritic-folded text, trimmed and without invisible characters: what
  /// sort keys compare and slugs are made of.
  package static func fold(_ text: String) -> String {
    if let ascii = asciiFold(text) { return ascii }
    let trimmed = text.strippingInvisibles().trimmingCharacters(in: .whitespacesAndNewlines)
    return trimmed.folding(
      options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
  }

  /// The same folding for pure-ASCII text (most titles and names) without Foundation: trimmed
  /// and lower-cased bytes. nil when the text has any non-ASCII byte.
  static func asciiFold(_ text: String) -> String? {
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
