import Support

/// One analysis as bytes: each shard's terms, the facet values, the display record.
enum StoreEntry {
  static func encode(_ result: DocumentAnalyzer.Result) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(result.terms.reduce(0) { $0 + $1.count } + result.record.count + 256)
    bytes.appendVarInt(result.terms.count)
    for shard in result.terms {
      bytes.appendVarInt(shard.count)
      bytes.append(contentsOf: shard)
    }
    bytes.appendVarInt(result.facets.count)
    for values in result.facets {
      bytes.appendVarInt(values.count)
      for value in values {
        bytes.appendVarInt(value.utf8.count)
        bytes.append(contentsOf: value.utf8)
      }
    }
    bytes.appendVarInt(result.record.count)
    bytes.append(contentsOf: result.record)
    return bytes
  }

  static func decode(_ body: ArraySlice<UInt8>) -> DocumentAnalyzer.Result? {
    var reader = StoreReader(bytes: body)
    var result = DocumentAnalyzer.Result()
    guard let shards = reader.varInt(), shards == TermIndex.shardCount else { return nil }
    for _ in 0..<shards {
      guard let shard = reader.lengthPrefixed() else { return nil }
      result.terms.append(shard)
    }
    guard let kinds = reader.varInt(), kinds <= body.count else { return nil }
    for _ in 0..<kinds {
      guard let count = reader.varInt(), count <= body.count else { return nil }
      var values: [String] = []
      for _ in 0..<count {
        guard let value = reader.lengthPrefixed() else { return nil }
        values.append(String(decoding: value, as: UTF8.self))
      }
      result.facets.append(values)
    }
    guard let record = reader.lengthPrefixed(), reader.position == reader.end else { return nil }
    result.record = record
    return result
  }
}

/// Bounds-checked reading of a store's bytes: every read past the end is nil.
struct StoreReader<Bytes: RandomAccessCollection<UInt8>> where Bytes.Index == Int {
  let bytes: Bytes
  var position: Int
  var end: Int

  init(bytes: Bytes) {
    self.bytes = bytes
    position = bytes.startIndex
    end = bytes.endIndex
  }

  mutating func take(_ count: Int) -> Bytes.SubSequence? {
    guard count >= 0, count <= end - position else { return nil }
    defer { position += count }
    return bytes[position..<(position + count)]
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

  mutating func word() -> UInt64? {
    guard end - position >= 8 else { return nil }
    defer { position += 8 }
    return littleEndian(at: position)
  }

  func littleEndian(at offset: Int) -> UInt64 {
    var value: UInt64 = 0
    for index in 0..<8 { value |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
    return value
  }

  mutating func lengthPrefixedRange() -> Range<Int>? {
    guard let count = varInt(), count <= end - position else { return nil }
    defer { position += count }
    return position..<(position + count)
  }

  mutating func lengthPrefixed() -> Bytes.SubSequence? {
    lengthPrefixedRange().map { bytes[$0] }
  }
}

extension XXH64 {
  static func hash(_ bytes: [UInt8]) -> UInt64 { bytes.withUnsafeBufferPointer { hash($0) } }

  static func hash(_ bytes: [UInt8], range: Range<Int>, seed: UInt64 = 0) -> UInt64 {
    bytes.withUnsafeBufferPointer { hash(UnsafeBufferPointer(rebasing: $0[range]), seed: seed) }
  }
}
