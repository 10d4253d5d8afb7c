import Foundation

/// A locale-independent sort key: case-, width- and diacritic-folded text first, the raw text second.
///
/// Comparing folded text by Unicode scalar values gives the same order on every machine (no ICU
/// collation, no user locale); the raw text breaks ties so distinct strings never compare equal.
struct CollationKey: Sendable, Comparable, Hashable {
  let folded: String
  let raw: String

  init(_ text: String) {
    raw = text
    folded = CollationKey.fold(text)
  }

  /// Folded text used for sorting and for merging names that differ only in case or accents.
  static func fold(_ text: String) -> String {
    let trimmed = text.strippingInvisibles().trimmingCharacters(in: .whitespacesAndNewlines)
    return trimmed.folding(
      options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
  }

  static func < (a: CollationKey, b: CollationKey) -> Bool {
    if a.folded != b.folded {
      return a.folded.unicodeScalars.lexicographicallyPrecedes(b.folded.unicodeScalars)
    }
    return a.raw.unicodeScalars.lexicographicallyPrecedes(b.raw.unicodeScalars)
  }
}

extension String {
  /// The text without zero-width and bidi control characters (they only disturb keys and slugs).
  func strippingInvisibles() -> String {
    guard unicodeScalars.contains(where: \.isInvisibleFormat) else { return self }
    var scalars = String.UnicodeScalarView()
    scalars.append(contentsOf: unicodeScalars.filter { !$0.isInvisibleFormat })
    return String(scalars)
  }
}

extension Unicode.Scalar {
  /// Format (Cf) characters such as ZWSP, ZWJ, LRM/RLM and the bidi embeddings and isolates.
  var isInvisibleFormat: Bool {
    properties.generalCategory == .format
  }
}
