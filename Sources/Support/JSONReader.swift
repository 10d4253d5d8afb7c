import Glibc

/// Why a byte range is not the JSON we can read.
package struct JSONSyntaxError: Error, Sendable, Equatable {
  package var offset: Int
  package var message: String

  @inlinable package init(offset: Int, message: String) {
    self.offset = offset
    self.message = message
  }
}

/// A field that holds a different JSON type than the model expects.
package struct JSONTypeMismatch: Error, Sendable, Equatable {
  package var path: String
  package var expected: String
  package var found: String

  @inlinable package init(path: String, expected: String, found: String) {
    self.path = path
    self.expected = expected
    self.found = found
  }
}

/// An object key as raw UTF-8 bytes, compared against literals without creating a `String`.
package struct JSONKey {
  package let start: UnsafePointer<UInt8>
  package let count: Int

  @inlinable package static func ~= (pattern: StaticString, key: JSONKey) -> Bool {
    pattern.utf8CodeUnitCount == key.count
      && memcmp(pattern.utf8Start, key.start, key.count) == 0
  }

  package var string: String {
    String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
  }
}

/// A pull reader over UTF-8 JSON bytes.
///
/// Known fields are read straight into the model; everything else is skipped without allocating,
/// which is what makes decoding thousands of volumes cheap (Foundation builds a whole object tree).
/// Its methods are `@inlinable`: the decoders that call them per key and per value live in other
/// modules (a source's, the cache's), where plain calls would not be inlined.
package struct JSONReader {
  package let base: UnsafePointer<UInt8>
  package let end: Int
  package var position: Int
  /// Values left out for being outside their range (`dropped volumeInfo.pageCount: 1e+17 is
  /// not …`) or cut short, in reading order; the caller takes them with the volume they belong to.
  package var notes: [String] = []

  @inlinable package init(_ buffer: UnsafeBufferPointer<UInt8>, range: Range<Int>? = nil) {
    // An empty buffer has no base address; every read checks `end` first, so none happens.
    base = buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!
    let range = range ?? 0..<buffer.count
    end = range.upperBound
    position = range.lowerBound
  }

  /// The XXH64 of the bytes from `start` to the reader's position: a decoded record's digest.
  package func digest(from start: Int) -> UInt64 {
    XXH64.hash(UnsafeBufferPointer(start: base + start, count: position - start))
  }

  // MARK: Low level

  @inlinable package mutating func skipSpace() {
    while position < end {
      switch base[position] {
      case 0x20, 0x0A, 0x0D, 0x09: position += 1
      default: return
      }
    }
  }

  /// Skips a UTF-8 byte-order mark and whitespace at the start of a body.
  @inlinable package mutating func skipPreamble() {
    if end - position >= 3, base[position] == 0xEF, base[position + 1] == 0xBB,
      base[position + 2] == 0xBF
    {
      position += 3
    }
    skipSpace()
  }

  package var atEnd: Bool { position >= end }

  @inlinable package func syntaxError(_ message: String) -> JSONSyntaxError {
    JSONSyntaxError(offset: position, message: message)
  }

  @inlinable package mutating func peek() throws(JSONSyntaxError) -> UInt8 {
    skipSpace()
    guard position < end else { throw syntaxError("unexpected end of data") }
    return base[position]
  }

  @inlinable package mutating func expect(_ byte: UInt8) throws(JSONSyntaxError) {
    guard try peek() == byte else {
      throw syntaxError("expected '\(Character(Unicode.Scalar(byte)))'")
    }
    position += 1
  }

  /// Reads `null` if it is next; the caller then treats the field as absent.
  @inlinable package mutating func consumeNull() throws(JSONSyntaxError) -> Bool {
    guard try peek() == UInt8(ascii: "n") else { return false }
    try literal("null")
    return true
  }

  @inlinable mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
    let count = word.utf8CodeUnitCount
    guard end - position >= count, memcmp(word.utf8Start, base + position, count) == 0 else {
      throw syntaxError("invalid literal")
    }
    position += count
  }

  @inlinable package func typeName(of byte: UInt8) -> String {
    switch byte {
    case UInt8(ascii: "{"): return "an object"
    case UInt8(ascii: "["): return "an array"
    case UInt8(ascii: "\""): return "a string"
    case UInt8(ascii: "t"), UInt8(ascii: "f"): return "a boolean"
    case UInt8(ascii: "n"): return "null"
    default: return "a number"
    }
  }

  // MARK: Containers

  /// Iterates an object's members; `body` must consume each value. Returns false for `null`.
  @inlinable @discardableResult
  package mutating func object(
    _ path: StaticString, _ body: (inout JSONReader, JSONKey) throws -> Void
  ) throws -> Bool {
    let byte = try peek()
    if byte == UInt8(ascii: "n") { return !(try consumeNull()) }
    guard byte == UInt8(ascii: "{") else {
      throw JSONTypeMismatch(path: "\(path)", expected: "an object", found: typeName(of: byte))
    }
    position += 1
    if try peek() == UInt8(ascii: "}") {
      position += 1
      return true
    }
    while true {
      let key = try readKey()
      try expect(UInt8(ascii: ":"))
      try body(&self, key)
      let next = try peek()
      position += 1
      if next == UInt8(ascii: "}") { return true }
      guard next == UInt8(ascii: ",") else {
        position -= 1
        throw syntaxError("expected ',' or '}'")
      }
    }
  }

  /// Iterates an array's elements; `body` gets the index and must consume each element.
  @inlinable @discardableResult
  package mutating func array(
    _ path: StaticString, _ body: (inout JSONReader, Int) throws -> Void
  ) throws -> Bool {
    let byte = try peek()
    if byte == UInt8(ascii: "n") { return !(try consumeNull()) }
    guard byte == UInt8(ascii: "[") else {
      throw JSONTypeMismatch(path: "\(path)", expected: "an array", found: typeName(of: byte))
    }
    position += 1
    if try peek() == UInt8(ascii: "]") {
      position += 1
      return true
    }
    var index = 0
    while true {
      try body(&self, index)
      index += 1
      let next = try peek()
      position += 1
      if next == UInt8(ascii: "]") { return true }
      guard next == UInt8(ascii: ",") else {
        position -= 1
        throw syntaxError("expected ',' or ']'")
      }
    }
  }

  @inlinable package mutating func readKey() throws(JSONSyntaxError) -> JSONKey {
    guard try peek() == UInt8(ascii: "\"") else { throw syntaxError("expected a key") }
    let start = position + 1
    var index = start
    while index < end {
      let byte = base[index]
      if byte == UInt8(ascii: "\"") {
        position = index + 1
        return JSONKey(start: base + start, count: index - start)
      }
      // Keys with escapes match no known field; they are skipped like any unknown key.
      index += byte == UInt8(ascii: "\\") ? 2 : 1
    }
    position = end
    throw syntaxError("unterminated key")
  }

  // MARK: Scalars

  /// A string, or nil for `null`.
  @inlinable package mutating func string(_ path: StaticString) throws -> String? {
    let byte = try peek()
    if byte == UInt8(ascii: "\"") { return try readString() }
    if try consumeNull() { return nil }
    throw JSONTypeMismatch(path: "\(path)", expected: "a string", found: typeName(of: byte))
  }

  /// A string of at most `limit` UTF-8 bytes; a longer one is cut at the last whole character
  /// that fits, ends in `…`, and gets a note in `notes`.
  @inlinable package mutating func string(_ path: StaticString, limit: Int) throws -> String? {
    guard let value = try string(path) else { return nil }
    let count = value.utf8.count
    guard count > limit else { return value }
    var end = value.startIndex
    var kept = 0
    for index in value.indices {
      let next = kept + value[index].utf8.count
      if next > limit { break }
      kept = next
      end = value.index(after: index)
    }
    notes.append("cut \(path) from \(count) bytes to \(kept)")
    return value[..<end] + "…"
  }

  /// Strings of an array; nulls are dropped.
  @inlinable package mutating func strings(_ path: StaticString) throws -> [String] {
    var result: [String] = []
    try array(path) { reader, _ in
      if let value = try reader.string(path) { result.append(value) }
    }
    return result
  }

  /// A number (`4`, `4.0`, `3.499E7`) or a numeric string; nil for `null`.
  @inlinable package mutating func double(_ path: StaticString) throws -> Double? {
    let byte = try peek()
    if byte == UInt8(ascii: "\"") {
      let text = try readString()
      if let value = Double(text) { return value }
      throw JSONTypeMismatch(path: "\(path)", expected: "a number", found: "a string")
    }
    if try consumeNull() { return nil }
    guard byte == UInt8(ascii: "-") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) else {
      throw JSONTypeMismatch(path: "\(path)", expected: "a number", found: typeName(of: byte))
    }
    return try readNumber()
  }

  /// A number in `range`; nil for `null`. A value outside it, infinities included, is left out:
  /// nil, and a note in `notes`. A malformed value still throws, like `double(_:)`.
  @inlinable package mutating func double(_ path: StaticString, in range: ClosedRange<Double>) throws
    -> Double?
  {
    guard let value = try double(path) else { return nil }
    guard range.contains(value) else {
      drop(
        path, value,
        expected:
          "a number from \(NumberText.shortest(range.lowerBound)) to \(NumberText.shortest(range.upperBound))"
      )
      return nil
    }
    return value
  }

  /// A whole number in `range` (also when written `640.0`); nil for `null`. A value outside it
  /// is left out with a note in `notes`; a fraction throws, as a shape Google never sends.
  @inlinable package mutating func int(_ path: StaticString, in range: ClosedRange<Int>) throws -> Int? {
    guard let value = try double(path) else { return nil }
    if value.isFinite, value.rounded() != value {
      throw JSONTypeMismatch(path: "\(path)", expected: "a whole number", found: "\(value)")
    }
    // `Int(exactly:)` is nil for infinities and for whole numbers no Int holds: never a trap.
    guard let whole = Int(exactly: value), range.contains(whole) else {
      drop(path, value, expected: "a whole number from \(range.lowerBound) to \(range.upperBound)")
      return nil
    }
    return whole
  }

  @usableFromInline mutating func drop(_ path: StaticString, _ value: Double, expected: String) {
    notes.append("dropped \(path): \(NumberText.shortest(value)) is not \(expected)")
  }

  /// A whole number, also when written `640.0`; nil for `null`. For our own files (cache
  /// entry headers); fields from Google use `int(_:in:)`, which has a range.
  @inlinable package mutating func int(_ path: StaticString) throws -> Int? {
    guard let value = try double(path) else { return nil }
    guard value.rounded() == value, abs(value) < 1e15 else {
      throw JSONTypeMismatch(path: "\(path)", expected: "a whole number", found: "\(value)")
    }
    return Int(value)
  }

  @inlinable package mutating func bool(_ path: StaticString) throws -> Bool? {
    switch try peek() {
    case UInt8(ascii: "t"):
      try literal("true")
      return true
    case UInt8(ascii: "f"):
      try literal("false")
      return false
    case UInt8(ascii: "n"):
      try literal("null")
      return nil
    case let byte:
      throw JSONTypeMismatch(path: "\(path)", expected: "a boolean", found: typeName(of: byte))
    }
  }

  @inlinable mutating func readNumber() throws(JSONSyntaxError) -> Double {
    let start = position
    var index = position
    var integral = true
    var magnitude = 0
    var digits = 0
    let negative = base[index] == UInt8(ascii: "-")
    if negative { index += 1 }
    while index < end {
      let byte = base[index]
      if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
        if integral && digits < 18 { magnitude = magnitude &* 10 &+ Int(byte &- UInt8(ascii: "0")) }
        digits += 1
      } else if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
        || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
      {
        integral = false
      } else {
        break
      }
      index += 1
    }
    position = index
    guard digits > 0 else { throw JSONSyntaxError(offset: start, message: "invalid number") }
    if integral && digits < 18 { return Double(negative ? -magnitude : magnitude) }
    // Rare shapes (fractions, exponents) go through strtod on a NUL-terminated copy.
    let count = index - start
    guard count < 64 else { throw JSONSyntaxError(offset: start, message: "invalid number") }
    return try withUnsafeTemporaryAllocation(of: CChar.self, capacity: count + 1) {
      buffer throws(JSONSyntaxError) -> Double in
      for offset in 0..<count { buffer[offset] = CChar(bitPattern: base[start + offset]) }
      buffer[count] = 0
      var stop: UnsafeMutablePointer<CChar>?
      let value = strtod(buffer.baseAddress!, &stop)
      guard let stop, stop - buffer.baseAddress! == count else {
        throw JSONSyntaxError(offset: start, message: "invalid number")
      }
      return value
    }
  }
}
