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
    var table = ByteKeyTable(capacity: 4, tracksBuckets: false)
    for key in Self.keys { _ = key.withUnsafeBufferPointer { table.index(of: $0) } }
    let sorted = table.sortedIndices().map { Array(table.key(Int($0))) }
    #expect(sorted == Self.keys.sorted { $0.lexicographicallyPrecedes($1) })
  }

  /// Emptied, either kind of table (with each key's bucket kept, or without) finds none of the
  /// old keys and numbers new ones from 0 again.
  @Test(arguments: [true, false]) func anEmptiedTableStartsAgain(tracksBuckets: Bool) {
    var table = ByteKeyTable(capacity: 4, tracksBuckets: tracksBuckets)
    for key in Self.keys { _ = key.withUnsafeBufferPointer { table.index(of: $0) } }
    table.removeAll()
    #expect(table.count == 0)
    for (position, key) in Self.keys.suffix(100).enumerated() {
      let (index, inserted) = key.withUnsafeBufferPointer { table.index(of: $0) }
      #expect(inserted && index == position)
      #expect(Array(table.key(index)) == key)
    }
  }
}
