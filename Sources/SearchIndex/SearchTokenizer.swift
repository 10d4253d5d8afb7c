/// Splits folded text into the terms the index stores, the same way `search.js` splits a query.
///
/// - Words: runs of letters, marks and digits outside CJK, at most `maximumWordLength`
///   characters (longer words are cut, in the query too). A hyphen between two digits (or
///   before a final ISBN `x`) joins them, so `978-0-441-17271-9` is one word.
/// - Chinese, Japanese and Korean runs (Han, kana, Hangul, which are written without spaces):
///   overlapping pairs of characters (`三體Ⅱ` → `三體`; `吾輩は猫` → `吾輩 輩は は猫`), each marked
///   when it starts or ends its run; a run of one character is that character. A query finds a
///   run from any two or more consecutive characters of it; the index also stores each run's
///   last character alone, so that one character finds runs ending with it too.
package enum SearchTokenizer {
  static let maximumWordLength = 40

  package enum Kind: Sendable, Equatable {
    case word
    case cjk
  }

  /// A token as text, for tests and the token table shared with `search.js`: `dune`, or a CJK
  /// pair with `^` when it starts its run and `$` when it ends it (`^三體$`).
  package static func tokens(_ text: String) -> [String] {
    var folding = SearchFolding()
    var scalars: [Unicode.Scalar] = []
    var scratch: [UInt8] = []
    var tokens: [String] = []
    forEachToken(in: text, folding: &folding, scalars: &scalars, scratch: &scratch) {
      bytes, kind, starts, ends, _ in
      let text = String(decoding: bytes, as: UTF8.self)
      tokens.append(kind == .word ? text : (starts ? "^" : "") + text + (ends ? "$" : ""))
    }
    return tokens
  }

  /// Calls `body` with each token of folded `scalars`: its UTF-8 bytes (valid until the next
  /// call), kind, whether it starts and ends its CJK run, and for a pair the byte offset of its
  /// second character (0 otherwise).
  static func forEachToken(
    _ scalars: [Unicode.Scalar], scratch: inout [UInt8],
    _ body: (_ bytes: UnsafeBufferPointer<UInt8>, _ kind: Kind, _ starts: Bool, _ ends: Bool, _ split: Int) ->
      Void
  ) {
    var index = 0
    // The byte offset in `scratch` where each character of a CJK run starts (a mark joins the
    // one before), then the run's end: a run is encoded once and its pairs are slices of it.
    var units: [Int] = []
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar.value >= 0x1100, isCJK(scalar.value) {
        units.removeAll(keepingCapacity: true)
        scratch.removeAll(keepingCapacity: true)
        while index < scalars.count {
          let next = scalars[index]
          // A mark joins the character before it; kana's voicing marks are the only marks among
          // the CJK characters (asking every ideograph for its category would be slow).
          let cjk = isCJK(next.value)
          let mark = cjk ? next.value == 0x3099 || next.value == 0x309A : isMark(next)
          if !units.isEmpty, mark {
            append(next, to: &scratch)
          } else if cjk {
            units.append(scratch.count)
            append(next, to: &scratch)
          } else {
            break
          }
          index += 1
        }
        units.append(scratch.count)
        emitRun(units, scratch, body)
      } else if isWordScalar(scalar) {
        scratch.removeAll(keepingCapacity: true)
        var length = 0
        var last = scalar
        while index < scalars.count {
          let next = scalars[index]
          if isWordScalar(next), !isCJK(next.value) {
            if length < maximumWordLength { append(next, to: &scratch) }
            length += 1
            last = next
          } else if !isJoiner(at: index, in: scalars, after: last) {
            break
          }
          index += 1
        }
        scratch.withUnsafeBufferPointer { body($0, .word, false, false, 0) }
      } else {
        index += 1
      }
    }
  }

  /// Calls `body` with each token of `text`, as `forEachToken` does with its folded scalars.
  ///
  /// The text is read in pieces between ASCII separators (ASCII but letters, digits and `-`):
  /// no token spans one, and folding joins nothing across one (the only compositions that
  /// start with ASCII punctuation take U+0338, which folding removes). A piece of ASCII letters
  /// and digits (most of a title, a name or an English description) is a word, lowered as it is
  /// read; other ASCII pieces are split into words straight from their bytes, CJK ones that fold
  /// to themselves into pairs, and the rest are folded into `scalars` first. `scratch` is
  /// `forEachToken`'s.
  static func forEachToken(
    in text: String, folding: inout SearchFolding, scalars: inout [Unicode.Scalar], scratch: inout [UInt8],
    _ body: (_ bytes: UnsafeBufferPointer<UInt8>, _ kind: Kind, _ starts: Bool, _ ends: Bool, _ split: Int) ->
      Void
  ) {
    var text = text
    text.withUTF8 { bytes in
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumWordLength) { word in
        let count = bytes.count
        var index = 0
        while index < count {
          let start = index
          while index < count, isASCIIWordByte(bytes[index]) {
            let byte = bytes[index]
            if index - start < maximumWordLength {
              word[index - start] = byte &- 0x41 < 26 ? byte | 0x20 : byte
            }
            index += 1
          }
          if index == count || (bytes[index] < 0x80 && bytes[index] != 0x2D) {
            let length = min(index - start, maximumWordLength)
            if length > 0 { body(UnsafeBufferPointer(rebasing: word[..<length]), .word, false, false, 0) }
            index += 1
            continue
          }
          // A hyphen or a non-ASCII byte: the rest of the piece is read before it is split.
          var isASCII = true
          while index < count {
            let byte = bytes[index]
            if byte >= 0x80 {
              isASCII = false
            } else if !isASCIIWordByte(byte), byte != 0x2D {
              break
            }
            index += 1
          }
          let piece = UnsafeBufferPointer(rebasing: bytes[start..<index])
          if isASCII {
            forEachASCIIWord(piece) { body($0, .word, false, false, 0) }
          } else if !forEachStableToken(piece, body) {
            folding.fold(piece, into: &scalars)
            forEachToken(scalars, scratch: &scratch, body)
          }
          index += 1
        }
      }
    }
  }

  /// Calls `body` with each word of ASCII `bytes`: the words `forEachToken` finds in their folding
  /// (ASCII folds to its lower case, byte for byte, and holds no CJK).
  static func forEachASCIIWord(
    _ bytes: UnsafeBufferPointer<UInt8>, _ body: (_ word: UnsafeBufferPointer<UInt8>) -> Void
  ) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumWordLength) { word in
      let count = bytes.count
      var index = 0
      while index < count {
        guard isASCIIWordByte(bytes[index]) else {
          index += 1
          continue
        }
        var length = 0
        var last: UInt8 = 0
        while index < count {
          let byte = bytes[index]
          if isASCIIWordByte(byte) {
            if length < maximumWordLength { word[length] = byte &- 0x41 < 26 ? byte | 0x20 : byte }
            length += 1
            last = byte
          } else if !(byte == 0x2D && isDigit(UInt32(last)) && joinsASCII(bytes, after: index)) {
            break
          }
          index += 1
        }
        body(UnsafeBufferPointer(rebasing: word[..<min(length, maximumWordLength)]))
      }
    }
  }

  /// Calls `body` with the tokens of a piece of CJK characters that fold to themselves
  /// (`SearchFolding.isStable`) and the punctuation between them (`isStableSeparator`), straight
  /// from its bytes: they are three bytes each, so a run's pairs are slices of the piece.
  /// Returns false, having called nothing, for any other piece.
  private static func forEachStableToken(
    _ piece: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>, Kind, Bool, Bool, Int) -> Void
  ) -> Bool {
    let count = piece.count
    guard count % 3 == 0 else { return false }
    let value = { (index: Int) in
      UInt32(piece[index] & 0x0F) << 12 | UInt32(piece[index + 1] & 0x3F) << 6
        | UInt32(piece[index + 2] & 0x3F)
    }
    for index in stride(from: 0, to: count, by: 3) {
      guard piece[index] & 0xF0 == 0xE0,
        SearchFolding.isStable(value(index)) || isStableSeparator(value(index))
      else { return false }
    }
    var start = 0
    while start < count {
      var end = start
      while end < count, SearchFolding.isStable(value(end)) { end += 3 }
      let characters = (end - start) / 3
      if characters == 1 { body(UnsafeBufferPointer(rebasing: piece[start..<end]), .cjk, true, true, 0) }
      if characters > 1 {
        for pair in stride(from: start, to: end - 3, by: 3) {
          body(UnsafeBufferPointer(rebasing: piece[pair..<pair + 6]), .cjk, pair == start, pair == end - 6, 3)
        }
      }
      start = end + 3
    }
    return true
  }

  /// CJK and full-width punctuation, dashes and quotes that fold to neither a word character nor
  /// a hyphen, and combine with nothing: they only end a run.
  private static func isStableSeparator(_ value: UInt32) -> Bool {
    switch value {
    case 0x2012...0x2027, 0x3000...0x3004, 0x3008...0x3011, 0x3014...0x301F, 0xFF01...0xFF0C, 0xFF0E, 0xFF0F,
      0xFF1A...0xFF20:
      true
    default: false
    }
  }

  /// Whether the hyphen at `index` joins: a digit after it, or an `x` ending the word (ISBN-10).
  @inline(__always)
  private static func joinsASCII(_ bytes: UnsafeBufferPointer<UInt8>, after index: Int) -> Bool {
    guard index + 1 < bytes.count else { return false }
    let next = bytes[index + 1]
    if isDigit(UInt32(next)) { return true }
    return next | 0x20 == 0x78 && (index + 2 == bytes.count || !isASCIIWordByte(bytes[index + 2]))
  }

  @inline(__always)
  private static func isASCIIWordByte(_ byte: UInt8) -> Bool {
    byte &- 0x30 < 10 || (byte | 0x20) &- 0x61 < 26
  }

  /// The tokens of one CJK run: `bytes` its UTF-8, `units` where each character starts and
  /// where the run ends. A pair is the bytes of two neighbouring characters.
  private static func emitRun(
    _ units: [Int], _ bytes: [UInt8], _ body: (UnsafeBufferPointer<UInt8>, Kind, Bool, Bool, Int) -> Void
  ) {
    bytes.withUnsafeBufferPointer { buffer in
      let characters = units.count - 1
      if characters == 1 {
        body(buffer, .cjk, true, true, 0)
        return
      }
      for position in 0..<characters - 1 {
        let pair = UnsafeBufferPointer(rebasing: buffer[units[position]..<units[position + 2]])
        body(pair, .cjk, position == 0, position == characters - 2, units[position + 1] - units[position])
      }
    }
  }

  /// A hyphen between two digits, or between a digit and a final `x` (ISBN-10).
  private static func isJoiner(at index: Int, in scalars: [Unicode.Scalar], after last: Unicode.Scalar)
    -> Bool
  {
    let hyphen = scalars[index].value
    guard hyphen == 0x2D || hyphen == 0x2010, isDigit(last.value), index + 1 < scalars.count else {
      return false
    }
    let next = scalars[index + 1].value
    if isDigit(next) { return true }
    return next == 0x78 && (index + 2 == scalars.count || !isWordScalar(scalars[index + 2]))
  }

  /// The scalar's UTF-8 bytes, written out by hand (the standard library's encoder is several
  /// times slower here).
  private static func append(_ scalar: Unicode.Scalar, to bytes: inout [UInt8]) {
    let value = scalar.value
    switch value {
    case 0..<0x80:
      bytes.append(UInt8(value))
    case 0x80..<0x800:
      bytes.append(UInt8(0xC0 | value >> 6))
      bytes.append(UInt8(0x80 | value & 0x3F))
    case 0x800..<0x10000:
      bytes.append(UInt8(0xE0 | value >> 12))
      bytes.append(UInt8(0x80 | value >> 6 & 0x3F))
      bytes.append(UInt8(0x80 | value & 0x3F))
    default:
      bytes.append(UInt8(0xF0 | value >> 18))
      bytes.append(UInt8(0x80 | value >> 12 & 0x3F))
      bytes.append(UInt8(0x80 | value >> 6 & 0x3F))
      bytes.append(UInt8(0x80 | value & 0x3F))
    }
  }

  private static func isDigit(_ value: UInt32) -> Bool { (0x30...0x39).contains(value) }

  /// Letters, marks and digits (general categories L, M and N).
  static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x80 {
      return (0x30...0x39).contains(value) || (0x61...0x7A).contains(value) || (0x41...0x5A).contains(value)
    }
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark,
      .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
      return true
    default: return false
    }
  }

  private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
    guard scalar.value >= 0x300 else { return false }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: return true
    default: return false
    }
  }

  /// Han (with the iteration and ideographic number marks), kana, Hangul and Bopomofo: the
  /// scripts written without spaces between words. The same table is in `search.js`.
  package static func isCJK(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x11FF, 0x2E80...0x2FDF, 0x3005...0x3007, 0x3021...0x3029, 0x3031...0x3035, 0x3038...0x303C,
      0x3041...0x309F, 0x30A1...0x30FA, 0x30FC...0x30FF, 0x3105...0x312F, 0x3131...0x318E, 0x31A0...0x31BF,
      0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA960...0xA97F, 0xAC00...0xD7FF, 0xF900...0xFAFF,
      0xFF66...0xFF9F, 0x1B000...0x1B16F, 0x20000...0x3134F:
      return true
    default: return false
    }
  }
}
