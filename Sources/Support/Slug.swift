import Foundation

/// Readable, URL-safe path segments made from titles and names: the one rule for book, term and
/// collection slugs.
///
/// A slug holds only lower-case letters and digits joined by single hyphens, so it can never
/// contain `/`, `\`, `.`, NUL or spaces and can never escape the output folder. Text is folded
/// first (case, width and accents: `Ｆｕｌｌ` and `Café` become `full` and `cafe`; zero-width and
/// bidi characters vanish), apostrophes vanish (`Ender's` → `enders`), and every other run of
/// characters becomes one hyphen.
package enum Slug {
  /// Which letters and digits a slug keeps.
  package enum Alphabet: Sendable {
    /// Those of any script: book and term slugs, where CJK titles stay readable (the href
    /// builder percent-encodes them).
    case anyScript
    /// ASCII ones: collection slugs, which the owner may also write and which are `[a-z0-9-]`.
    case ascii
  }

  /// Longest slug text taken from a title, in characters (file names are limited to 255 bytes).
  package static let maximumLength = 60

  /// `The Three-Body Problem` → `the-three-body-problem`; `三體` → `三體` (`.ascii`: ``); `!!!` → ``.
  /// At most `maximumLength` characters when given.
  package static func make(
    _ text: String, alphabet: Alphabet = .anyScript, maximumLength: Int? = Slug.maximumLength
  ) -> String {
    make(folded: TextFolding.fold(text), alphabet: alphabet, maximumLength: maximumLength)
  }

  /// The slug of text folded already (`TextFolding.fold`, as a sort key holds it): not folded
  /// again.
  package static func make(
    folded: String, alphabet: Alphabet = .anyScript, maximumLength: Int? = Slug.maximumLength
  ) -> String {
    let maximumLength = maximumLength ?? Int.max
    // UTF-8 bytes, ASCII ones lowered by arithmetic: a scalar's lowercase mapping is a String.
    var result: [UInt8] = []
    result.reserveCapacity(folded.utf8.count)
    var count = 0
    var pendingHyphen = false
    for scalar in folded.unicodeScalars {
      if alphabet == .ascii ? scalar.isASCIILetterOrDigit : scalar.isSlugCharacter {
        let needsHyphen = pendingHyphen && !result.isEmpty
        guard count + (needsHyphen ? 2 : 1) <= maximumLength else { break }
        if needsHyphen {
          result.append(UInt8(ascii: "-"))
          count += 1
        }
        pendingHyphen = false
        if scalar.isASCII {
          let byte = UInt8(truncatingIfNeeded: scalar.value)
          result.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte)
        } else {
          result.append(contentsOf: scalar.properties.lowercaseMapping.utf8)
        }
        count += 1
      } else if scalar == "'" || scalar == "\u{2019}" {
        continue  // "Ender's Game" → "enders-game", not "ender-s-game"
      } else {
        pendingHyphen = true
      }
    }
    return String(decoding: result, as: UTF8.self)
  }

  /// A volume id reduced to `[A-Za-z0-9_-]` (Google's alphabet); anything else becomes `_`.
  package static func safeIdentifier(_ id: String) -> String {
    // Google's ids (`B1ZdEAAAQBAJ`) are already safe: returned as they are, without a copy.
    if !id.isEmpty, id.utf8.count <= 64, id.utf8.allSatisfy(isIdentifierByte) { return id }
    let safe = id.unicodeScalars.prefix(64).map { scalar in
      scalar.isASCII && isIdentifierByte(UInt8(scalar.value)) ? UInt8(scalar.value) : UInt8(ascii: "_")
    }
    return safe.isEmpty ? "_" : String(decoding: safe, as: UTF8.self)
  }

  /// ASCII letters, digits, `-` and `_`.
  package static func isIdentifierByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
      return true
    default:
      return false
    }
  }

  /// A short stable hash (FNV-1a, 32 bit) for names that have no slug characters at all.
  package static func hash(_ text: String) -> String {
    var value: UInt32 = 0x811C_9DC5
    for byte in text.utf8 {
      value ^= UInt32(byte)
      value = value &* 0x0100_0193
    }
    let hex = String(value, radix: 16)
    return String(repeating: "0", count: 8 - hex.count) + hex
  }
}

extension Unicode.Scalar {
  fileprivate var isASCIILetterOrDigit: Bool {
    ("a"..."z").contains(self) || ("A"..."Z").contains(self) || ("0"..."9").contains(self)
  }

  /// Letters and digits of any script, but no marks, punctuation, symbols or separators.
  fileprivate var isSlugCharacter: Bool {
    if isASCII { return isASCIILetterOrDigit }
    switch properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .otherLetter, .modifierLetter,
      .decimalNumber, .letterNumber:
      return true
    default:
      return false
    }
  }
}

extension Slug {
  /// True for a non-empty single path segment without separators, dots-only names, controls or
  /// characters that need escaping in a file name (the owner's collection slugs).
  package static func isSafeSegment(_ text: String) -> Bool {
    guard !text.isEmpty, text != ".", text != "..", text.utf8.count <= 200 else { return false }
    return text.unicodeScalars.allSatisfy { scalar in
      scalar.value > 0x20 && scalar.value != 0x7F && !"/\\:*?\"<>|%#".unicodeScalars.contains(scalar)
        && !scalar.isInvisibleFormat
    } && !text.hasPrefix(".")
  }
}
