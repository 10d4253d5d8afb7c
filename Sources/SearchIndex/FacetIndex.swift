/// Every document's facet values, gathered in slot order and written as one small binary file per
/// range of slots, so that a results page loads the values of the ranges its hits fall in.
///
/// A file holds, for its range: a varint bit width per facet; a bitmap of the range's slots,
/// one bit each (low bit first), set where a document is; then a bit stream (low bit first),
/// for each document in slot order and each facet: each value as its index in the facet's table
/// plus one (`f/<hash>.json`, each facet's values in byte order) in `width` bits followed by one
/// bit that says whether another value follows; a document without a value has a single 0.
/// That is about half the bytes of varints, so the filters of a query that hits every range cost
/// half as much.
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
        // Canonically equivalent Strings are one value: the table shows the first spelling.
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

  /// Writes `emit(range, bytes)` for each range of `1 << rangeBits` slots up to `slotCount` (an
  /// empty range gets no file: `bytes` is nil) and returns the value tables.
  func write<Failure: Error>(
    slotCount: Int, rangeBits: Int, _ emit: (_ range: Int, _ bytes: [UInt8]?) throws(Failure) -> Void
  ) throws(Failure) -> [[String]] {
    let (tables, places) = sortedValues()
    let widths = FacetIndex.widths(tables.map(\.count))
    let rangeSlots = 1 << rangeBits
    var document = 0
    var cursor = 0
    for range in 0..<max(1, slotCount >> rangeBits) {
      let start = range << rangeBits
      var members: [(slot: Int, values: [[Int]])] = []
      while document < slots.count, slots[document] < start + rangeSlots {
        var lists: [[Int]] = []
        for kind in 0..<kinds {
          let length = Int(numbers[cursor])
          lists.append(numbers[cursor + 1..<cursor + 1 + length].map { places[kind][Int($0)] })
          cursor += length + 1
        }
        members.append((slots[document], lists))
        document += 1
      }
      try emit(range, FacetIndex.file(widths: widths, rangeBits: rangeBits, start: start, documents: members))
    }
    return tables
  }

  /// The bit width of each facet's numbers, for tables of `counts` values.
  static func widths(_ counts: [Int]) -> [Int] { counts.map { Int.bitWidth - $0.leadingZeroBitCount } }

  /// The file of the range of slots from `start`: its documents in slot order, each with each
  /// facet's values as places in the facet's table; nil when the range has none.
  static func file(widths: [Int], rangeBits: Int, start: Int, documents: [(slot: Int, values: [[Int]])])
    -> [UInt8]?
  {
    guard !documents.isEmpty else { return nil }
    var file: [UInt8] = []
    for width in widths { file.appendVarInt(width) }
    let map = file.count
    file.append(contentsOf: repeatElement(0, count: ((1 << rangeBits) + 7) / 8))
    var bits = BitWriter()
    for (slot, values) in documents {
      let offset = slot - start
      file[map + offset / 8] |= 1 << UInt8(offset % 8)
      for (kind, width) in widths.enumerated() {
        let list = values[kind].sorted()
        if list.isEmpty { bits.write(0, width: width) }
        for (position, value) in list.enumerated() {
          bits.write(value + 1, width: width)
          bits.write(position + 1 < list.count ? 1 : 0, width: 1)
        }
      }
    }
    file.append(contentsOf: bits.finish())
    return file
  }
}

/// Bits appended low bit first, into bytes low bit first.
struct BitWriter {
  private var bytes: [UInt8] = []
  private var pending: UInt64 = 0
  private var count = 0

  mutating func write(_ value: Int, width: Int) {
    guard width > 0 else { return }
    pending |= UInt64(value) << UInt64(count)
    count += width
    while count >= 8 {
      bytes.append(UInt8(truncatingIfNeeded: pending))
      pending >>= 8
      count -= 8
    }
  }

  mutating func finish() -> [UInt8] {
    if count > 0 { bytes.append(UInt8(truncatingIfNeeded: pending)) }
    return bytes
  }
}
