@testable import SearchIndex

/// A chunk file read back (`ChunkEncoder`'s layout); nil for bytes that are not one.
enum ChunkDecoder {
  static func terms(_ bytes: [UInt8]) -> [(key: [UInt8], count: Int, postings: ArraySlice<UInt8>)]? {
    var reader = ChunkReader(bytes: bytes)
    guard let count = reader.varInt(), count <= bytes.count else { return nil }
    var terms: [(key: [UInt8], count: Int, postings: ArraySlice<UInt8>)] = []
    terms.reserveCapacity(count)
    var previous: [UInt8] = []
    for _ in 0..<count {
      guard let shared = reader.varInt(), shared <= previous.count, let rest = reader.lengthPrefixed(),
        let postings = reader.varInt(), let body = reader.lengthPrefixed()
      else { return nil }
      var key = Array(previous[..<shared])
      key.append(contentsOf: rest)
      terms.append((key, postings, body))
      previous = key
    }
    return reader.position == reader.end ? terms : nil
  }

  /// A term's postings as slots and flags.
  static func postings(_ bytes: ArraySlice<UInt8>, shift: Int) -> [(slot: Int, flags: UInt8)]? {
    var reader = ChunkReader(bytes: bytes)
    var postings: [(slot: Int, flags: UInt8)] = []
    var last = -1
    while reader.position < reader.end {
      guard let value = reader.varInt() else { return nil }
      last += (value >> shift) + 1
      postings.append((last, UInt8(value & (1 << shift - 1))))
    }
    return postings
  }
}

/// Bounds-checked reading of a chunk's bytes: every read past the end is nil.
struct ChunkReader<Bytes: RandomAccessCollection<UInt8>> where Bytes.Index == Int {
  let bytes: Bytes
  var position: Int
  var end: Int

  init(bytes: Bytes) {
    self.bytes = bytes
    position = bytes.startIndex
    end = bytes.endIndex
  }

  mutating func varInt() -> Int? {
    var value = 0
    var shift = 0
    while position < end, shift < 63 {
      let byte = bytes[position]
      position += 1
      value |= Int(byte & 0x7F) << shift
      if byte < 0x80 { return value }
      shift += 7
    }
    return nil
  }

  mutating func lengthPrefixed() -> Bytes.SubSequence? {
    guard let count = varInt(), count <= end - position else { return nil }
    defer { position += count }
    return bytes[position..<(position + count)]
  }
}
