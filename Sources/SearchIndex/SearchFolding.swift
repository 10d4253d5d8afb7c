import Foundation

/// Folds text the way `search.js` does, so that "Café", "CAFE" and "ｃａｆé" are one word and
/// "ｶﾞｷﾞ" is "ガギ": compatibility decomposition (full-width → half-width, ligatures,
/// half-width kana → full-width), lower case, Latin, Greek and Cyrillic accents removed (only
/// the combining marks below, so Japanese voicing marks and Indic vowel signs stay), final
/// sigma as sigma, then canonical composition.
///
/// The browser does `NFKD → toLowerCase → strip → σ → NFC` on a whole string. Here each scalar is
/// folded once (with Foundation, slow on Linux, so the result is cached) and the pieces joined;
/// the whole text is composed again only when a piece could combine with the one before it.
struct SearchFolding {
  private var cache: [UInt32: [Unicode.Scalar]] = [:]

  package init() {}

  /// The folded scalars of `text`.
  package mutating func fold(_ text: String) -> [Unicode.Scalar] {
    var output: [Unicode.Scalar] = []
    var text = text
    text.withUTF8 { fold($0, into: &output) }
    return output
  }

  /// The folded scalars of valid UTF-8 `bytes` in place of `output`'s (whose storage is
  /// reused): ASCII a byte at a time, without decoding into a `String` first.
  mutating func fold(_ bytes: UnsafeBufferPointer<UInt8>, into output: inout [Unicode.Scalar]) {
    output.removeAll(keepingCapacity: true)
    output.reserveCapacity(bytes.count)
    var composes = false
    var index = 0
    while index < bytes.count {
      let lead = bytes[index]
      if lead < 0x80 {
        output.append(Unicode.Scalar(lead >= 0x41 && lead <= 0x5A ? lead + 0x20 : lead))
        index += 1
        continue
      }
      // Valid UTF-8: the lead byte says how many continuation bytes follow.
      var value: UInt32
      if lead < 0xE0 {
        value = UInt32(lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
        index += 2
      } else if lead < 0xF0 {
        value =
          UInt32(lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
        index += 3
      } else {
        value =
          UInt32(lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12 | UInt32(bytes[index + 2] & 0x3F)
          << 6
          | UInt32(bytes[index + 3] & 0x3F)
        index += 4
      }
      append(Unicode.Scalar(value).unsafelyUnwrapped, to: &output, composes: &composes)
    }
    guard composes else { return }
    var scalars = String.UnicodeScalarView()
    scalars.append(contentsOf: output)
    output = Array(String(scalars).precomposedStringWithCanonicalMapping.unicodeScalars)
  }

  /// Appends a non-ASCII scalar's folding; `composes` is set when it may combine with what is before.
  @inline(__always)
  private mutating func append(
    _ scalar: Unicode.Scalar, to output: inout [Unicode.Scalar], composes: inout Bool
  ) {
    if SearchFolding.isStable(scalar.value) {
      output.append(scalar)
    } else {
      let piece = folded(scalar)
      if let first = piece.first, SearchFolding.mayCompose(first) { composes = true }
      output.append(contentsOf: piece)
    }
  }

  private mutating func folded(_ scalar: Unicode.Scalar) -> [Unicode.Scalar] {
    if let known = cache[scalar.value] { return known }
    var lowered = String.UnicodeScalarView()
    for part in String(scalar).decomposedStringWithCompatibilityMapping.unicodeScalars {
      for lower in part.properties.lowercaseMapping.unicodeScalars
      where !SearchFolding.isStripped(lower.value) {
        lowered.append(lower.value == 0x03C2 ? "\u{03C3}" : lower)
      }
    }
    let result = Array(String(lowered).precomposedStringWithCanonicalMapping.unicodeScalars)
    cache[scalar.value] = result
    return result
  }

  /// Combining marks removed after decomposition: the diacritics of Latin, Greek and Cyrillic.
  static func isStripped(_ value: UInt32) -> Bool {
    (0x0300...0x036F).contains(value) || (0x1AB0...0x1AFF).contains(value)
      || (0x1DC0...0x1DFF).contains(value)
      || (0x20D0...0x20FF).contains(value) || (0xFE20...0xFE2F).contains(value)
  }

  /// Kana, ideographs and Hangul syllables, which fold to themselves: most CJK text skips the
  /// cache. (The voicing marks U+3099/U+309A are left out: they compose with the kana before.)
  static func isStable(_ value: UInt32) -> Bool {
    switch value {
    case 0x3041...0x3096, 0x309D...0x309E, 0x30A1...0x30FA, 0x30FC...0x30FE, 0x3400...0x4DBF,
      0x4E00...0x9FFF, 0xAC00...0xD7A3:
      return true
    default: return false
    }
  }

  /// Whether a scalar may compose with, or reorder against, the scalar before it: a combining
  /// mark, a Hangul vowel or final jamo, or one of the few other second halves of a composition.
  static func mayCompose(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.properties.canonicalCombiningClass != .notReordered { return true }
    switch scalar.value {
    case 0x1161...0x1175, 0x11A8...0x11C2, 0x09BE, 0x09D7, 0x0B3E, 0x0B56, 0x0B57, 0x0BBE, 0x0BD7, 0x0CC2,
      0x0CD5, 0x0CD6, 0x0D3E, 0x0D57, 0x0DCF, 0x0DDF, 0x0FB5, 0x0FB7, 0x102E, 0x1B35, 0x11127, 0x1133E,
      0x11357, 0x114B0, 0x114BA, 0x114BD, 0x115AF, 0x11930:
      return true
    default: return false
    }
  }
}
