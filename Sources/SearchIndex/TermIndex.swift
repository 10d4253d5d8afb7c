import Foundation
import Support

/// Every term's postings, appended as documents arrive in slot order, then written as chunk
/// files of neighbouring terms.
///
/// A posting is one varint: the gap to the previous document's slot (minus one), shifted left
/// by the flag bits (`PostingFlags`: 2 for words, 6 for CJK pairs) and or-ed with the flags.
///
/// The terms are split by hash into `shardCount` shards, each with its own table, so that a
/// batch of documents is merged on every core (each shard reads only its own part of each
/// document's terms); chunks are cut from all shards' terms in one byte order, as before.
struct TermIndex {
  /// A power of two; the top bits of a term's hash pick its shard.
  static let shardCount = 4
  private static let shardShift = UInt64(64 - shardCount.trailingZeroBitCount)

  private let shards: [TermShard] = (0..<TermIndex.shardCount).map { _ in TermShard() }

  var termCount: Int { shards.reduce(0) { $0 + $1.table.count } }

  /// The shard of a term with this `ByteKeyTable.hash`.
  @inline(__always)
  static func shard(ofHash hash: UInt64) -> Int { Int(truncatingIfNeeded: hash >> shardShift) }

  /// Adds a batch of documents' terms (`DocumentAnalyzer.Result.terms`, one buffer per shard),
  /// each with its slot; slots must ascend, within the batch and from one batch to the next.
  func add(_ batch: [(terms: [ArraySlice<UInt8>], slot: Int)]) {
    _ = Parallel.map(count: shards.count, minimumChunk: 1) { shard in
      add(batch, shard: shard)
    }
  }

  /// `add` for one shard's part of the batch: one task at a time per shard, batches in order,
  /// while other tasks work on other shards (or analyse the next batch).
  func add(_ batch: [(terms: [ArraySlice<UInt8>], slot: Int)], shard: Int) {
    shards[shard].add(batch, shard: shard)
  }

  /// Every term as (shard, index), in byte order of their keys (which is code point order).
  ///
  /// Made as the chunks are written, at the end of the search stage (the build's peak of
  /// memory): each shard's terms are sorted in its own table (on every core), four bytes a
  /// term, then merged, four bytes a term; no copy of the keys side by side, nor ranges or
  /// `Int` pairs per term, which would each cost more than the table at the memory peak.
  private func sortedTerms() -> [TermRef] {
    let orders = Parallel.map(count: shards.count, minimumChunk: 1) { shards[$0].table.sortedIndices() }
    var refs: [TermRef] = []
    refs.reserveCapacity(termCount)
    var next = [Int](repeating: 0, count: shards.count)
    while true {
      // The smallest of the shards' next keys (a key is in one shard only: no ties).
      var best: (shard: Int, key: ArraySlice<UInt8>)?
      for shard in shards.indices where next[shard] < orders[shard].count {
        let key = shards[shard].table.key(Int(orders[shard][next[shard]]))
        if best == nil || key.lexicographicallyPrecedes(best!.key) { best = (shard, key) }
      }
      guard let best else { return refs }
      refs.append(TermRef(shard: best.shard, index: Int(orders[best.shard][next[best.shard]])))
      next[best.shard] += 1
    }
  }

  private func key(_ term: TermRef) -> ArraySlice<UInt8> { shards[term.shard].table.key(term.index) }

  /// Bytes a term's entry takes, near enough to decide where chunks end.
  private func entrySize(_ term: TermRef) -> Int {
    let shard = shards[term.shard]
    return TermIndex.entrySize(
      key: shard.table.key(term.index).count, postingBytes: shard.postingBytes(term.index))
  }

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
    let total = order.reduce(0) { $0 + entrySize($1) }
    let target = target ?? TermIndex.chunkTarget(total: total)
    var start = 0
    var size = 0
    var previousLast: ArraySlice<UInt8>?
    for position in order.indices {
      let term = order[position]
      let entry = entrySize(term)
      let hash = shards[term.shard].table.keyHash(term.index)
      if position > start, TermIndex.endsChunk(size: size, before: entry, hash: hash, target: target) {
        try emitChunk(order[start..<position], previousLast: previousLast, emit)
        previousLast = key(order[position - 1])
        start = position
        size = 0
      }
      size += entry
    }
    if start < order.count || order.isEmpty {
      try emitChunk(order[start...], previousLast: previousLast, emit)
    }
  }

  /// Whether a chunk that holds `size` bytes (and at least one term) ends before a term of
  /// `entry` bytes whose `ByteKeyTable.hash` is `hash`.
  static func endsChunk(size: Int, before entry: Int, hash: UInt64, target: Int) -> Bool {
    let cutHash = UInt32(truncatingIfNeeded: hash >> 17)
    let natural = size >= target / 2 && UInt64(cutHash) * UInt64(target / 2) < UInt64(entry) << 32
    return natural || size + entry > 2 * target
  }

  /// Bytes a term's entry takes, near enough to decide where chunks end.
  static func entrySize(key: Int, postingBytes: Int) -> Int { key + postingBytes + 4 }

  private func emitChunk<Failure: Error>(
    _ terms: ArraySlice<TermRef>, previousLast: ArraySlice<UInt8>?,
    _ emit: ([UInt8], String) throws(Failure) -> Void
  ) throws(Failure) {
    var encoder = ChunkEncoder(count: terms.count)
    for term in terms {
      let shard = shards[term.shard]
      encoder.add(key(term), count: shard.count(term.index), postingBytes: shard.postingBytes(term.index)) {
        shard.appendPostings(term.index, to: &$0)
      }
    }
    let bound = terms.first.map { TermIndex.bound(first: key($0), after: previousLast) } ?? ""
    try emit(encoder.bytes, bound)
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

/// A chunk file's bytes, a term at a time: `varint count`, then per term `varint shared`,
/// `varint length`, the rest of the key, `varint postings`, `varint size` and the postings.
struct ChunkEncoder {
  private(set) var bytes: [UInt8] = []
  private var previous: [UInt8] = []

  init(count: Int) {
    bytes.appendVarInt(count)
  }

  mutating func add(
    _ key: some Collection<UInt8>, count: Int, postingBytes: Int, postings: (inout [UInt8]) -> Void
  ) {
    let shared = zip(previous, key).prefix { $0 == $1 }.count
    bytes.appendVarInt(shared)
    bytes.appendVarInt(key.count - shared)
    bytes.append(contentsOf: key.dropFirst(shared))
    bytes.appendVarInt(count)
    bytes.appendVarInt(postingBytes)
    postings(&bytes)
    previous.removeAll(keepingCapacity: true)
    previous.append(contentsOf: key)
  }
}

/// A term of the index: its shard and its number in the shard's table, in four bytes (the
/// shard in the top two bits: `TermIndex.shardCount` is 4).
private struct TermRef {
  private let packed: UInt32

  init(shard: Int, index: Int) {
    precondition(shard < 4 && index < 1 << 30, "search term out of range")
    packed = UInt32(shard) << 30 | UInt32(index)
  }

  var shard: Int { Int(packed >> 30) }
  var index: Int { Int(packed & ((1 << 30) - 1)) }
}

/// One shard's terms and postings. Mutated by one thread at a time (`TermIndex.add` gives
/// each shard to one task), read once every document is in.
///
/// A term's first postings are held in the term itself, the rest in a pool of blocks chained
/// per term: most terms have a few postings, and an array each (with its allocation and
/// uniqueness checks on every byte appended) cost more than the rest of the merge. The postings
/// are the search stage's largest part (the build's peak): 4 bytes in the term and blocks of 28
/// hold them in less memory than a small block for every term would.
private final class TermShard: @unchecked Sendable {
  /// Bytes of postings a term holds itself (in `Term.first`), before its first block.
  static let inlineData = 4
  /// Bytes of postings a block holds; the 4 bytes after them number the next block.
  static let blockData = 28
  static let blockSize = blockData + 4

  struct Term {
    /// The first `inlineData` bytes of postings, the first in the low byte.
    var first: UInt32
    /// The first and the last block, once the postings outgrow `first`.
    var head: UInt32
    var tail: UInt32
    var isCJK: Bool
    var lastSlot: Int32
    var count: Int32
    var bytes: Int32
  }

  private(set) var table = ByteKeyTable(capacity: 1 << 13, tracksBuckets: false)
  private var terms = PagedStore<Term>()
  /// The blocks, `blockSize` bytes each.
  private var blocks = PagedStore<UInt8>(elementsPerItem: TermShard.blockSize)

  func count(_ index: Int) -> Int { Int(terms[index].count) }
  func postingBytes(_ index: Int) -> Int { Int(terms[index].bytes) }

  /// Appends term `index`'s postings to `bytes`.
  func appendPostings(_ index: Int, to bytes: inout [UInt8]) {
    let term = terms[index]
    withUnsafeBytes(of: term.first.littleEndian) {
      bytes.append(contentsOf: $0.prefix(min(Int(term.bytes), TermShard.inlineData)))
    }
    var block = Int(term.head)
    var left = Int(term.bytes) - TermShard.inlineData
    while left > 0 {
      let start = blocks.address(of: block)
      let take = min(left, TermShard.blockData)
      bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: take))
      left -= take
      if left > 0 {
        block = Int(UnsafeRawPointer(start + TermShard.blockData).loadUnaligned(as: UInt32.self))
      }
    }
  }

  /// Adds the documents' terms of shard `shard`: varint length, UTF-8 bytes, flags byte each.
  func add(_ batch: [(terms: [ArraySlice<UInt8>], slot: Int)], shard: Int) {
    // The table is worked on as a local (one uniquely held value), then put back.
    var table = self.table
    self.table = ByteKeyTable(capacity: 0, tracksBuckets: false)
    defer { self.table = table }
    for document in batch.indices {
      let slot = batch[document].slot
      batch[document].terms[shard].withUnsafeBufferPointer { buffer in
        var offset = 0
        while offset < buffer.count {
          let length = TermIndex.readVarInt(buffer, &offset)
          let key = UnsafeBufferPointer(rebasing: buffer[offset..<offset + length])
          let flags = buffer[offset + length]
          offset += length + 1
          let (index, inserted) = table.index(of: key)
          if inserted { addTerm(index, isCJK: flags & PostingFlags.cjkTerm != 0) }
          let term = terms.address(of: index)
          let shift = term.pointee.isCJK ? PostingFlags.cjkBits : PostingFlags.wordBits
          append(index, (slot - Int(term.pointee.lastSlot) - 1) << shift | Int(flags & 0x3F))
          term.pointee.lastSlot = Int32(slot)
          term.pointee.count += 1
        }
      }
    }
  }

  private func addTerm(_ index: Int, isCJK: Bool) {
    terms.add(Term(first: 0, head: 0, tail: 0, isCJK: isCJK, lastSlot: -1, count: 0, bytes: 0))
  }

  /// Appends `value` as a varint to term `index`'s postings.
  @inline(__always)
  private func append(_ index: Int, _ value: Int) {
    let term = terms.address(of: index)
    var rest = UInt(value)
    while true {
      let byte = rest >= 0x80 ? UInt8(truncatingIfNeeded: rest) | 0x80 : UInt8(rest)
      let held = Int(term.pointee.bytes)
      if held < TermShard.inlineData {
        term.pointee.first |= UInt32(byte) << (8 * held)
      } else {
        // Every block but the tail is full: where this byte goes follows from the count.
        let offset = (held - TermShard.inlineData) % TermShard.blockData
        if offset == 0 {
          let next = UInt32(blocks.add())
          if held == TermShard.inlineData {
            term.pointee.head = next
          } else {
            let link = blocks.address(of: Int(term.pointee.tail)) + TermShard.blockData
            UnsafeMutableRawPointer(link).storeBytes(of: next, as: UInt32.self)
          }
          term.pointee.tail = next
        }
        blocks.address(of: Int(term.pointee.tail))[offset] = byte
      }
      term.pointee.bytes += 1
      if rest < 0x80 { return }
      rest >>= 7
    }
  }
}

/// Items in pages of `itemsPerPage` that never move: growing never copies (or holds two copies
/// of) what is there, and no large buffer is freed and taken again, which fragments the heap.
/// Items are trivial (bytes, plain structs) and freed with the store.
private struct PagedStore<Element>: ~Copyable {
  static var pageShift: Int { 12 }
  private let elementsPerItem: Int
  private var pages: [UnsafeMutablePointer<Element>] = []
  private(set) var count = 0

  init(elementsPerItem: Int = 1) {
    self.elementsPerItem = elementsPerItem
  }

  deinit {
    for page in pages { page.deallocate() }
  }

  /// The first element of item `index`.
  @inline(__always)
  func address(of index: Int) -> UnsafeMutablePointer<Element> {
    pages[index >> Self.pageShift] + (index & (1 << Self.pageShift - 1)) * elementsPerItem
  }

  subscript(index: Int) -> Element { address(of: index).pointee }

  /// A new item, its memory uninitialised; returns its index.
  mutating func add() -> Int {
    if count >> Self.pageShift == pages.count {
      pages.append(.allocate(capacity: elementsPerItem << Self.pageShift))
    }
    count += 1
    return count - 1
  }

  mutating func add(_ item: Element) {
    address(of: add()).initialize(to: item)
  }
}
