import Testing

@testable import SearchIndex

@Suite struct ByteKeyTableTests {
  /// Distinct keys that share prefixes, are prefixes of each other, and are not ASCII.
  static let keys: [[UInt8]] = {
    var keys = ["", "a", "ab", "abc", "abd", "b", "ba", "z", "ü", "üb", "三體", "三", "0", "09", "9"].map {
      Array($0.utf8)
    }
    var state: UInt64 = 0x1234_5678
    for _ in 0..<2_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let length = Int(state >> 60)
      keys.append((0..<length).map { UInt8(truncatingIfNeeded: state >> (8 * UInt64($0 % 7))) | 0x40 })
    }
    var seen: Set<[UInt8]> = []
    return keys.filter { seen.insert($0).inserted }
  }()

  @Test func sortedIndicesAreInByteOrderOfTheKeys() {
    var table = ByteKeyTable(capacity: 4)
    for key in Self.keys { _ = key.withUnsafeBufferPointer { table.index(of: $0) } }
    let sorted = table.withKeys { key in table.sortedIndices().map { Array(key(Int($0))) } }
    #expect(sorted == Self.keys.sorted { $0.lexicographicallyPrecedes($1) })
  }

  /// Each key is found again at its number after the table has grown many times, and keeps the
  /// hash it was added with.
  @Test func keysAreFoundAgainAfterGrowing() {
    var table = ByteKeyTable(capacity: 4)
    for (position, key) in Self.keys.enumerated() {
      let (index, inserted) = key.withUnsafeBufferPointer { table.index(of: $0) }
      #expect(inserted && index == position)
    }
    for (position, key) in Self.keys.enumerated() {
      let (index, inserted) = key.withUnsafeBufferPointer { table.index(of: $0) }
      #expect(!inserted && index == position)
      #expect(table.keyHash(index) == key.withUnsafeBufferPointer { ByteKeyTable.hash($0) })
    }
  }
}
