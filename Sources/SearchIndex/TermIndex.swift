import Foundation
import Support

/// Every term's postings, appended as documents arrive in slot order, then written as chunk
/// files of neighbouring terms.
///
/// A posting is one varint: the gap to the previous document's slot (minus one), shifted left
/// by the flag bits (`PostingFlags`: 2 for words, 6 for CJK pairs) and or-ed with the flags.
struct TermIndex {
  private var table = ByteKeyTable(capacity: 1 << 15)
  private var isCJK: [Bool] = []
  private var postings: [[UInt8]] = []
  private var lastSlot: [Int] = []
  private var counts: [Int] = []

  var termCount: Int { table.count }

  /// Adds one document's terms (`DocumentAnalyzer.Result.terms`); slots must arrive ascending.
  mutating func add(terms: [UInt8], slot: Int) {
    terms.withUnsafeBufferPointer { buffer in
      var offset = 0
      while offset < buffer.count {
        let length = TermIndex.readVarInt(buffer, &offset)
        let key = UnsafeBufferPointer(rebasing: buffer[offset..<offset + length])
        let flags = buffer[offset + length]
        offset += length + 1
        let (index, inserted) = table.index(of: key)
        if inserted {
          isCJK.append(flags & PostingFlags.cjkTerm != 0)
          postings.append([])
          lastSlot.append(-1)
          counts.append(0)
        }
        let shift = isCJK[index] ? PostingFlags.cjkBits : PostingFlags.wordBits
        postings[index].appendVarInt((slot - lastSlot[index] - 1) << shift | Int(flags & 0x3F))
        lastSlot[index] = slot
        counts[index] += 1
      }
    }
  }

  /// The term indices in byte order of their keys (which is code point order).
  private func sortedTerms() -> [Int] {
    table.arena.withUnsafeBufferPointer { arena in
      let ranges = (0..<table.count).map { index -> Range<Int> in
        let key = table.key(index)
        return key.startIndex..<key.endIndex
      }
      return (0..<table.count).sorted { a, b in
        let x = ranges[a]
        let y = ranges[b]
        let shared = min(x.count, y.count)
        for offset in 0..<shared where arena[x.lowerBound + offset] != arena[y.lowerBound + offset] {
          return arena[x.lowerBound + offset] < arena[y.lowerBound + offset]
        }
        return x.count < y.count
      }
    }
  }

  /// Bytes a term's entry takes, near enough to decide where chunks end.
  private func entrySize(_ index: Int) -> Int { table.key(index).count + postings[index].count + 4 }

  /// The chunk size for an index of `total` bytes: the square root of the total times the
  /// manifest's bytes per chunk balances the manifest a query loads against the chunk, as a
  /// power of two (so that it rarely changes) between 4 and 64 KB.
  static func chunkTarget(total: Int) -> Int {
    let ideal = (Double(max(1, total)) * 24).squareRoot()
    let power = Int(log2(ideal).rounded())
    return 1 << min(16, max(12, power))
  }

  /// Writes the chunks in term order: `emit(bytes, firstKey)` for each, where `firstKey` is the
  /// shortest prefix of its first term that sorts after the previous chunk's last term ("" for
  /// the first chunk).
  ///
  /// A chunk ends before a term once it holds half the target and the term's hash says so, with
  /// a chance proportional to the term's bytes (about every target/2 bytes past the half), or
  /// when the term would take it past twice the target. The cut points depend on the terms
  /// themselves, not on the bytes before them, so a change in one chunk seldom moves the others.
  func writeChunks<Failure: Error>(
    target: Int?, _ emit: (_ bytes: [UInt8], _ bound: String) throws(Failure) -> Void
  ) throws(Failure) {
    let order = sortedTerms()
    let target = target ?? TermIndex.chunkTarget(total: order.reduce(0) { $0 + entrySize($1) })
    var start = 0
    var size = 0
    var previousLast: ArraySlice<UInt8>?
    for position in order.indices {
      let term = order[position]
      let entry = entrySize(term)
      let cutHash = UInt32(truncatingIfNeeded: table.keyHash(term) >> 17)
      let natural = size >= target / 2 && UInt64(cutHash) * UInt64(target / 2) < UInt64(entry) << 32
      if position > start, natural || size + entry > 2 * target {
        try emitChunk(order[start..<position], previousLast: previousLast, emit)
        previousLast = table.key(order[position - 1])
        start = position
        size = 0
      }
      size += entry
    }
    if start < order.count || order.isEmpty {
      try emitChunk(order[start...], previousLast: previousLast, emit)
    }
  }

  private func emitChunk<Failure: Error>(
    _ terms: ArraySlice<Int>, previousLast: ArraySlice<UInt8>?,
    _ emit: ([UInt8], String) throws(Failure) -> Void
  ) throws(Failure) {
    var bytes: [UInt8] = []
    bytes.appendVarInt(terms.count)
    var previous: ArraySlice<UInt8> = []
    for term in terms {
      let key = table.key(term)
      let shared = zip(previous, key).prefix { $0 == $1 }.count
      bytes.appendVarInt(shared)
      bytes.appendVarInt(key.count - shared)
      bytes.append(contentsOf: key.dropFirst(shared))
      bytes.appendVarInt(counts[term])
      bytes.appendVarInt(postings[term].count)
      bytes.append(contentsOf: postings[term])
      previous = key
    }
    let bound = terms.first.map { TermIndex.bound(first: table.key($0), after: previousLast) } ?? ""
    try emit(bytes, bound)
  }

  /// The shortest prefix of `first` (whole characters) that sorts after `last`.
  static func bound(first: ArraySlice<UInt8>, after last: ArraySlice<UInt8>?) -> String {
    guard let last else { return "" }
    var end = first.startIndex
    while end < first.endIndex {
      end += 1
      // Whole characters only: skip UTF-8 continuation bytes.
      while end < first.endIndex, first[end] & 0xC0 == 0x80 { end += 1 }
      if last.lexicographicallyPrecedes(first[..<end]) { break }
    }
    return String(decoding: first[..<end], as: UTF8.self)
  }

  static func readVarInt(_ buffer: UnsafeBufferPointer<UInt8>, _ offset: inout Int) -> Int {
    var value = 0
    var shift = 0
    while true {
      let byte = buffer[offset]
      offset += 1
      value |= Int(byte & 0x7F) << shift
      if byte < 0x80 { return value }
      shift += 7
    }
  }
}
