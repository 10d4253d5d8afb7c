/// The byte layout of what a build keeps for the next one (its memos beside the output): counts
/// and lengths as LEB128 varints, numbers as 8 little-endian bytes, an optional value as a
/// count of 0 for none. Every read is bounds-checked and gives nil past the end or on bytes
/// that are not what was written, so a damaged file reads as no memo, never as wrong values.
package struct StateWriter {
  package var bytes: [UInt8] = []

  package init(capacity: Int = 256) {
    bytes.reserveCapacity(capacity)
  }

  package mutating func count(_ value: Int) {
    var value = UInt64(value)
    while value >= 0x80 {
      bytes.append(UInt8(value & 0x7F) | 0x80)
      value >>= 7
    }
    bytes.append(UInt8(value))
  }

  package mutating func fixed(_ value: UInt64) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  package mutating func text(_ value: String) {
    count(value.utf8.count)
    bytes.append(contentsOf: value.utf8)
  }

  /// Its length plus one; 0 for none.
  package mutating func optional(_ value: String?) {
    guard let value else { return count(0) }
    count(value.utf8.count + 1)
    bytes.append(contentsOf: value.utf8)
  }

  package mutating func texts(_ values: [String]) {
    count(values.count)
    values.forEach { text($0) }
  }

  /// 0 none, 1 false, 2 true.
  package mutating func flag(_ value: Bool?) {
    count(value.map { $0 ? 2 : 1 } ?? 0)
  }

  package mutating func optional(_ value: Int?) {
    guard let value else { return count(0) }
    count(1)
    fixed(UInt64(bitPattern: Int64(value)))
  }

  package mutating func optional(_ value: Double?) {
    guard let value else { return count(0) }
    count(1)
    fixed(value.bitPattern)
  }

}

/// Writes a state file as it is made, a chunk at a time, so a large one is never whole in
/// memory: a stamp line; each entry as a 1, its key, its length, its bytes and their XXH64;
/// then a 0, the number of entries and the XXH64 of the stamp line and that number. A file cut
/// short, or with any byte changed, does not read back (`StateReader.entries`).
package struct StateFileWriter {
  private var buffer = StateWriter(capacity: 1 << 20)
  private let sink: ([UInt8]) -> Void
  private let stamp: [UInt8]
  private var entries = 0

  package init(stamp: String, sink: @escaping ([UInt8]) -> Void) {
    self.stamp = Array((stamp + "\n").utf8)
    self.sink = sink
    buffer.bytes.append(contentsOf: self.stamp)
  }

  package mutating func add(_ key: StateKey, _ bytes: ArraySlice<UInt8>) {
    buffer.count(1)
    buffer.fixed(key.low)
    buffer.fixed(key.high)
    buffer.count(bytes.count)
    buffer.bytes.append(contentsOf: bytes)
    buffer.fixed(bytes.withUnsafeBufferPointer { XXH64.hash($0) })
    entries += 1
    if buffer.bytes.count >= 1 << 20 {
      sink(buffer.bytes)
      buffer.bytes.removeAll(keepingCapacity: true)
    }
  }

  package mutating func finish() {
    buffer.count(0)
    buffer.fixed(UInt64(entries))
    buffer.fixed(Self.trailerHash(stamp: stamp, entries: entries))
    sink(buffer.bytes)
    buffer.bytes = []
  }

  static func trailerHash(stamp: [UInt8], entries: Int) -> UInt64 {
    var bytes = stamp
    withUnsafeBytes(of: UInt64(entries).littleEndian) { bytes.append(contentsOf: $0) }
    return bytes.withUnsafeBufferPointer { XXH64.hash($0) }
  }
}

package struct StateReader {
  private let bytes: ArraySlice<UInt8>
  package private(set) var position: Int

  package init(_ bytes: ArraySlice<UInt8>) {
    self.bytes = bytes
    position = bytes.startIndex
  }

  package var isAtEnd: Bool { position == bytes.endIndex }

  package mutating func count() -> Int? {
    var value: UInt64 = 0
    var shift: UInt64 = 0
    while position < bytes.endIndex, shift < 63 {
      let byte = bytes[position]
      position += 1
      value |= UInt64(byte & 0x7F) << shift
      if byte < 0x80 { return value <= UInt64(Int.max) ? Int(value) : nil }
      shift += 7
    }
    return nil
  }

  /// A count of at most `limit` (a list's length, which the bytes left bound).
  package mutating func count(atMost limit: Int) -> Int? {
    count().flatMap { $0 <= limit ? $0 : nil }
  }

  package mutating func fixed() -> UInt64? {
    guard bytes.endIndex - position >= 8 else { return nil }
    var value: UInt64 = 0
    for offset in (0..<8).reversed() { value = value << 8 | UInt64(bytes[position + offset]) }
    position += 8
    return value
  }

  /// A length, then that many bytes: their range.
  package mutating func sized() -> Range<Int>? {
    guard let length = count(), length <= bytes.endIndex - position else { return nil }
    defer { position += length }
    return position..<(position + length)
  }

  private mutating func string(length: Int) -> String? {
    guard length <= bytes.endIndex - position else { return nil }
    defer { position += length }
    // Checked by the file's checksums: decoded on the fast path, not validated a byte at a time.
    return bytes[position..<(position + length)].withUnsafeBufferPointer {
      String(decoding: $0, as: UTF8.self)
    }
  }

  package mutating func text() -> String? {
    guard let length = count() else { return nil }
    return string(length: length)
  }

  /// `.some(nil)` for a string written as none; nil when the bytes are not one.
  package mutating func optional() -> String?? {
    guard let length = count() else { return nil }
    if length == 0 { return .some(nil) }
    return string(length: length - 1).map { .some($0) }
  }

  package mutating func texts() -> [String]? {
    guard let count = count(atMost: bytes.count) else { return nil }
    var values: [String] = []
    values.reserveCapacity(count)
    for _ in 0..<count {
      guard let value = text() else { return nil }
      values.append(value)
    }
    return values
  }

  package mutating func flag() -> Bool?? {
    switch count() {
    case 0: .some(nil)
    case 1: .some(false)
    case 2: .some(true)
    default: nil
    }
  }

  package mutating func optionalInt() -> Int?? {
    switch count() {
    case 0: return .some(nil)
    case 1: return fixed().map { .some(Int(Int64(bitPattern: $0))) }
    default: return nil
    }
  }

  package mutating func optionalDouble() -> Double?? {
    switch count() {
    case 0: return .some(nil)
    case 1: return fixed().map { .some(Double(bitPattern: $0)) }
    default: return nil
    }
  }

  /// The entries of a file `StateFileWriter` wrote with `stamp`, by key: where each one's
  /// bytes are in `bytes`, every entry's checksum checked. Nil when it is not a whole such file.
  package static func entries(of bytes: [UInt8], stamp: String) -> [StateKey: Range<Int>]? {
    let header = Array((stamp + "\n").utf8)
    guard bytes.count >= header.count + 17, bytes.starts(with: header) else { return nil }
    var reader = StateReader(bytes[header.count...])
    var entries: [StateKey: Range<Int>] = [:]
    var count = 0
    return bytes.withUnsafeBufferPointer { buffer -> [StateKey: Range<Int>]? in
      while true {
        switch reader.count() {
        case 1:
          guard let low = reader.fixed(), let high = reader.fixed(), let range = reader.sized(),
            let checksum = reader.fixed(),
            XXH64.hash(UnsafeBufferPointer(rebasing: buffer[range])) == checksum
          else { return nil }
          entries[StateKey(low: low, high: high)] = range
          count += 1
        case 0:
          guard reader.fixed() == UInt64(count),
            reader.fixed() == StateFileWriter.trailerHash(stamp: header, entries: count), reader.isAtEnd
          else { return nil }
          return entries
        default:
          return nil
        }
      }
    }
  }
}

/// The key of an entry of a state file: 128 bits.
package struct StateKey: Hashable, Sendable, Comparable {
  package var low: UInt64
  package var high: UInt64

  package init(low: UInt64, high: UInt64) {
    self.low = low
    self.high = high
  }

  package static func < (a: StateKey, b: StateKey) -> Bool { (a.high, a.low) < (b.high, b.low) }
}
