/// Every document's facet values, gathered in slot order and written as one small binary file per
/// range of slots, so that a results page loads the values of the ranges its hits fall in.
///
/// A file is a varint count, then per document: the gap to the previous slot (minus one; the
/// first from the range's start), and per facet a varint count and the values' indices into the
/// facet's table (`f/<hash>.json`, each facet's values in byte order).
struct FacetIndex {
  private let kinds: Int
  private var lookup: [[String: Int]]
  /// Each facet's values in the order they were first met.
  private var values: [[String]]
  private var slots: [Int] = []
  /// Per document and facet: a count, then that many value numbers (first-met order).
  private var numbers: [Int32] = []

  init(kinds: Int) {
    self.kinds = kinds
    lookup = Array(repeating: [:], count: kinds)
    values = Array(repeating: [], count: kinds)
  }

  /// Adds one document's values (one list per facet); slots must arrive ascending.
  mutating func add(_ facets: [[String]], slot: Int) {
    slots.append(slot)
    for kind in 0..<kinds {
      let list = kind < facets.count ? facets[kind] : []
      numbers.append(Int32(list.count))
      for value in list {
        if let known = lookup[kind][value] {
          numbers.append(Int32(known))
        } else {
          lookup[kind][value] = values[kind].count
          numbers.append(Int32(values[kind].count))
          values[kind].append(value)
        }
      }
    }
  }

  /// Each facet's values in UTF-8 byte order, and each first-met number's place in it.
  private func sortedValues() -> (tables: [[String]], places: [[Int]]) {
    var tables: [[String]] = []
    var places: [[Int]] = []
    for kind in 0..<kinds {
      let order = values[kind].indices.sorted {
        values[kind][$0].utf8.lexicographicallyPrecedes(values[kind][$1].utf8)
      }
      var place = [Int](repeating: 0, count: order.count)
      for (position, number) in order.enumerated() { place[number] = position }
      tables.append(order.map { values[kind][$0] })
      places.append(place)
    }
    return (tables, places)
  }

  /// The value tables, then `emit(range, bytes)` for each range of `1 << rangeBits` slots up to
  /// `slotCount` (an empty range gets no file: `bytes` is nil).
  func write<Failure: Error>(
    slotCount: Int, rangeBits: Int, _ emit: (_ range: Int, _ bytes: [UInt8]?) throws(Failure) -> Void
  ) throws(Failure) -> [[String]] {
    let (tables, places) = sortedValues()
    var document = 0
    var cursor = 0
    for range in 0..<max(1, slotCount >> rangeBits) {
      let end = (range + 1) << rangeBits
      var bytes: [UInt8] = []
      var count = 0
      var previous = (range << rangeBits) - 1
      while document < slots.count, slots[document] < end {
        bytes.appendVarInt(slots[document] - previous - 1)
        previous = slots[document]
        for kind in 0..<kinds {
          let length = Int(numbers[cursor])
          bytes.appendVarInt(length)
          let list = numbers[cursor + 1..<cursor + 1 + length].map { places[kind][Int($0)] }.sorted()
          for value in list { bytes.appendVarInt(value) }
          cursor += length + 1
        }
        document += 1
        count += 1
      }
      var file: [UInt8] = []
      file.appendVarInt(count)
      file.append(contentsOf: bytes)
      try emit(range, count == 0 ? nil : file)
    }
    return tables
  }
}
