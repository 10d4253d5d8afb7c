extension JSONReader {
  /// Reads the string at the current position (which must be `"`), decoding escapes; the
  /// control characters no page or feed may hold are removed (`ControlCharacters`).
  @inlinable package mutating func readString() throws(JSONSyntaxError) -> String {
    position += 1
    let start = position
    var index = start
    // Whether a byte that may begin a forbidden character was met: only then is the text
    // scanned again for them (most strings have none).
    var suspect = false
    while index < end {
      index = skipQuietWords(from: index)
      guard index < end else { break }
      let byte = base[index]
      if byte == UInt8(ascii: "\"") {
        position = index + 1
        let text = String(
          decoding: UnsafeBufferPointer(start: base + start, count: index - start), as: UTF8.self)
        return suspect ? ControlCharacters.removingForbidden(text) : text
      }
      if byte == UInt8(ascii: "\\") { break }
      suspect = suspect || ControlCharacters.mayBeginForbidden(byte)
      index += 1
    }
    guard index < end else {
      position = end
      throw syntaxError("unterminated string")
    }
    // Slow path: at least one escape. Copy what was scanned, then decode the rest.
    var bytes = [UInt8](UnsafeBufferPointer(start: base + start, count: index - start))
    bytes.reserveCapacity(index - start + 64)
    position = index
    while position < end {
      // Copy the run up to the next quote or backslash in one go.
      var runEnd = skipQuietWords(from: position)
      while runEnd < end, base[runEnd] != UInt8(ascii: "\""), base[runEnd] != UInt8(ascii: "\\") {
        suspect = suspect || ControlCharacters.mayBeginForbidden(base[runEnd])
        runEnd += 1
        runEnd = skipQuietWords(from: runEnd)
      }
      bytes.append(contentsOf: UnsafeBufferPointer(start: base + position, count: runEnd - position))
      position = runEnd
      guard position < end else { break }
      if base[position] == UInt8(ascii: "\"") {
        position += 1
        let text = String(decoding: bytes, as: UTF8.self)
        return suspect ? ControlCharacters.removingForbidden(text) : text
      }
      guard position + 1 < end else { break }
      let escaped = base[position + 1]
      position += 2
      let decodedAt = bytes.count
      switch escaped {
      case UInt8(ascii: "n"): bytes.append(0x0A)
      case UInt8(ascii: "t"): bytes.append(0x09)
      case UInt8(ascii: "r"): bytes.append(0x0D)
      case UInt8(ascii: "b"): bytes.append(0x08)
      case UInt8(ascii: "f"): bytes.append(0x0C)
      case UInt8(ascii: "u"): try appendUnicodeEscape(to: &bytes)
      default: bytes.append(escaped)  // \" \\ \/ and, forgivingly, anything else
      }
      suspect = suspect || ControlCharacters.mayBeginForbidden(bytes[decodedAt])
    }
    position = end
    throw syntaxError("unterminated string")
  }

  @inlinable mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
    guard end - position >= 4 else { throw syntaxError("truncated \\u escape") }
    var value: UInt32 = 0
    for offset in 0..<4 {
      let byte = base[position + offset]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw syntaxError("invalid \\u escape")
      }
      value = value << 4 | UInt32(digit)
    }
    position += 4
    return value
  }

  @inlinable mutating func appendUnicodeEscape(to bytes: inout [UInt8]) throws(JSONSyntaxError) {
    var scalar = try hex4()
    if scalar >= 0xD800 && scalar < 0xDC00, end - position >= 6, base[position] == UInt8(ascii: "\\"),
      base[position + 1] == UInt8(ascii: "u")
    {
      let save = position
      position += 2
      let low = try hex4()
      if low >= 0xDC00 && low < 0xE000 {
        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
      } else {
        position = save
      }
    }
    // Lone surrogates become U+FFFD rather than failing the whole volume.
    let character = Unicode.Scalar(scalar) ?? "\u{FFFD}"
    for unit in UTF8.encode(character)! { bytes.append(unit) }
  }

  /// The first index from `start` of an 8-byte word (or of the last few bytes) holding a `"`, a
  /// backslash, or a byte that may begin a forbidden character, with tab, line feed and
  /// carriage return (`ControlCharacters.mayBeginForbidden`: below 0x20, 0x7F, 0xC2, 0xEF):
  /// reading a string, the bytes before it need no look one by one.
  @inlinable func skipQuietWords(from start: Int) -> Int {
    skipWords(from: start) { word in
      let below = (word &- JSONReader.ones &* 0x20) & ~word & JSONReader.highs
      return below | JSONReader.zeroByte(in: word, equalTo: 0x22)
        | JSONReader.zeroByte(in: word, equalTo: 0x5C)
        | JSONReader.zeroByte(in: word, equalTo: 0x7F) | JSONReader.zeroByte(in: word, equalTo: 0xC2)
        | JSONReader.zeroByte(in: word, equalTo: 0xEF) != 0
    }
  }

  /// The first index from `start` of an 8-byte word holding a `"` or a backslash (or of the last
  /// few bytes): inside a string every other byte is skipped 8 at a time.
  @inlinable func skipPlainWords(from start: Int) -> Int {
    skipWords(from: start) { word in
      JSONReader.zeroByte(in: word, equalTo: 0x22) | JSONReader.zeroByte(in: word, equalTo: 0x5C) != 0
    }
  }

  /// The first index from `start` of an 8-byte word `stops` is true of, or of the last few bytes.
  @inlinable @inline(__always) func skipWords(from start: Int, until stops: (UInt64) -> Bool) -> Int {
    var index = start
    while index + 8 <= end {
      if stops(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) { break }
      index += 8
    }
    return index
  }

  @inlinable static var ones: UInt64 { 0x0101_0101_0101_0101 }
  @inlinable static var highs: UInt64 { 0x8080_8080_8080_8080 }

  /// Non-zero when a byte of `word` equals `byte`: that byte is zero after the xor, and the
  /// classic test tells whether any byte of a word is zero (exactly, for the word as a whole).
  @inlinable @inline(__always) static func zeroByte(in word: UInt64, equalTo byte: UInt8) -> UInt64 {
    let value = word ^ (ones &* UInt64(byte))
    return (value &- ones) & ~value & highs
  }

  /// Skips one value of any type, checking only enough structure to find where it ends.
  @inlinable package mutating func skipValue() throws(JSONSyntaxError) {
    let byte = try peek()
    switch byte {
    case UInt8(ascii: "\""):
      try skipString()
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      try skipContainer()
    default:
      // Numbers and literals: run to the next delimiter.
      let start = position
      while position < end {
        switch base[position] {
        case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x0A, 0x0D, 0x09:
          guard position > start else { throw syntaxError("unexpected character") }
          return
        case UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: ":"):
          throw syntaxError("unexpected character")
        default:
          position += 1
        }
      }
    }
  }

  @inlinable mutating func skipString() throws(JSONSyntaxError) {
    var index = position + 1
    while true {
      index = skipPlainWords(from: index)
      guard index < end else { break }
      let byte = base[index]
      if byte == UInt8(ascii: "\"") {
        position = index + 1
        return
      }
      index += byte == UInt8(ascii: "\\") ? 2 : 1
    }
    position = end
    throw syntaxError("unterminated string")
  }

  @inlinable mutating func skipContainer() throws(JSONSyntaxError) {
    var depth = 0
    var index = position
    while index < end {
      switch base[index] {
      case UInt8(ascii: "\""):
        index += 1
        while true {
          index = skipPlainWords(from: index)
          guard index < end, base[index] != UInt8(ascii: "\"") else { break }
          index += base[index] == UInt8(ascii: "\\") ? 2 : 1
        }
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        depth -= 1
        if depth == 0 {
          position = index + 1
          return
        }
      default:
        break
      }
      index += 1
    }
    position = end
    throw syntaxError("unexpected end of data")
  }
}
