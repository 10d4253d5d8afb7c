import Foundation
import Support

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

  /// The key of `text` whose folding is already known (`folded == CollationKey.fold(text)`).
  init(_ text: String, folded: String) {
    raw = text
    self.folded = folded
  }

  /// Whether both texts are ASCII: then keys of different bytes are different `String`s.
  var isASCII: Bool {
    folded.utf8.allSatisfy { $0 < 0x80 } && raw.utf8.allSatisfy { $0 < 0x80 }
  }

  /// Folded text used for sorting and for merging names that differ only in case or accents.
  static func fold(_ text: String) -> String { TextFolding.fold(text) }

  /// Folded text first, then raw text, each by Unicode scalar values (which is the order of
  /// their UTF-8 bytes: compared with `memcmp`, not scalar by scalar).
  static func < (a: CollationKey, b: CollationKey) -> Bool {
    compare(a, b) < 0
  }

  /// Negative, zero or positive as `a` sorts before, with or after `b` (one comparison where
  /// `<` both ways would take two).
  static func compare(_ a: CollationKey, _ b: CollationKey) -> Int {
    let folded = compareBytes(a.folded, b.folded)
    return folded != 0 ? folded : compareBytes(a.raw, b.raw)
  }

  /// Negative, zero or positive as `a`'s UTF-8 bytes sort before, with or after `b`'s.
  static func compareBytes(_ a: String, _ b: String) -> Int {
    // Native strings lend their bytes without a copy (a `var` copy for `withUTF8` retained both
    // strings on every comparison of every sort).
    if let order = a.utf8.withContiguousStorageIfAvailable({ a in
      b.utf8.withContiguousStorageIfAvailable { b in compareBuffers(a, b) }
    }), let order {
      return order
    }
    var a = a
    var b = b
    return a.withUTF8 { a in b.withUTF8 { b in compareBuffers(a, b) } }
  }

  /// The first 16 bytes of `text` as two big-endian numbers, zeros after its end: texts whose
  /// numbers differ sort by them as by their bytes (`compareBytes`); equal ones must be compared
  /// whole. Sorts read them once per text, not once per comparison.
  static func bytePrefix(_ text: String) -> (UInt64, UInt64) {
    var high: UInt64 = 0
    var low: UInt64 = 0
    var index = 0
    for byte in text.utf8 {
      if index < 8 {
        high |= UInt64(byte) << UInt64(56 - 8 * index)
      } else {
        low |= UInt64(byte) << UInt64(56 - 8 * (index - 8))
      }
      index += 1
      if index == 16 { break }
    }
    return (high, low)
  }

  private static func compareBuffers(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int
  {
    let common = min(a.count, b.count)
    if common > 0 {
      let order = memcmp(a.baseAddress!, b.baseAddress!, common)
      if order != 0 { return Int(order) }
    }
    return a.count - b.count
  }
}
