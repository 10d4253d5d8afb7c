import Foundation
import Support

/// Every term's postings, made in one pass over documents in slot order, then written as chunk
/// files of neighbouring terms.
///
/// A posting is one varint: the gap to the previous document's slot (minus one), shifted left
/// by the flag bits (`PostingFlags`: 2 for words, 6 for CJK pairs) and or-ed with the flags.
///
/// A document's terms are gathered in a small table of their own (repeats only set flags
/// there), then each distinct term is looked up once in the one table of the site's terms, and
/// `endDocument` turns its flags into a posting.
///
/// A term's first postings are held in the term itself, the rest in a pool of blocks chained
/// per term: most terms have a few postings, and an array each (with its allocation and
/// uniqueness checks on every byte appended) would cost more than the rest of the index.
struct TermIndex: ~Copyable {
  /// Bytes of postings a term holds itself (in `Term.first`), before its first block.
  static let inlineData = 4
  /// Bytes of postings a block holds; the 4 bytes after them number the next block.
  static let blockData = 28
  static let blockSize = blockData + 4

  struct Term {
    /// The first `inlineData` bytes of postings, the first in the low byte.
    var first: UInt32 = 0
    /// The first and the last block, once the postings outgrow `first`.
    var head: UInt32 = 0
    var tail: UInt32 = 0
    var lastSlot: Int32 = -1
    var count: Int32 = 0
    var bytes: Int32 = 0
    var isCJK: Bool
  }

  private var table = ByteKeyTable(capacity: 1 << 14)
  private var terms = PagedStore<Term>()
  /// The blocks, `blockSize` bytes each.
  private var blocks = PagedStore<UInt8>(elementsPerItem: TermIndex.blockSize)
  /// The distinct terms of the document being read, in the order met, their bytes in
  /// `documentBytes`, until it ends.
  private var documentTerms: [DocumentTerm] = []
  private var documentBytes: [UInt8] = []
  /// An open-addressing table of `documentTerms`: index + 1, 0 where empty.
  private var documentTable = [Int32](repeating: 0, count: 1024)
  /// What the reads ahead of the lookups loaded, kept so that they are not left out.
  private(set) var touched: UInt64 = 0

  /// A distinct term of the document being read: where its bytes are, the flags it was met
  /// with, its hash, its bucket in `documentTable` and, once looked up, its index.
  struct DocumentTerm {
    var hash: UInt64
    var start: Int32
    var count: Int32
    var bucket: Int32
    var index: Int32 = 0
    var flags: UInt8
  }

  /// An occurrence of `key` in the document being read, with its `PostingFlags`: a term met
  /// again adds its flags to the first meeting's.
  mutating func add(_ key: UnsafeBufferPointer<UInt8>, _ flags: UInt8) {
    let hash = ByteKeyTable.hash(key)
    let mask = documentTable.count - 1
    var bucket = Int(truncatingIfNeeded: hash) & mask
    while true {
      let stored = Int(documentTable[bucket])
      if stored == 0 { break }
      let term = documentTerms[stored - 1]
      if term.hash == hash, documentBytes.withUnsafeBufferPointer({ bytesEqual($0, term, key) }) {
        documentTerms[stored - 1].flags |= flags
        return
      }
      bucket = (bucket + 1) & mask
    }
    documentTerms.append(
      DocumentTerm(
        hash: hash, start: Int32(documentBytes.count), count: Int32(key.count), bucket: Int32(bucket),
        flags: flags))
    documentBytes.append(contentsOf: key)
    documentTable[bucket] = Int32(documentTerms.count)
    if documentTerms.count * 2 > documentTable.count { growDocumentTable() }
  }

  /// Whether `term`'s bytes in `bytes` are `key`.
  @inline(__always)
  private func bytesEqual(
    _ bytes: UnsafeBufferPointer<UInt8>, _ term: DocumentTerm, _ key: UnsafeBufferPointer<UInt8>
  )
    -> Bool
  {
    guard Int(term.count) == key.count else { return false }
    let start = Int(term.start)
    for offset in 0..<key.count where bytes[start + offset] != key[offset] { return false }
    return true
  }

  private mutating func growDocumentTable() {
    documentTable = [Int32](repeating: 0, count: documentTable.count * 2)
    let mask = documentTable.count - 1
    for position in documentTerms.indices {
      var bucket = Int(truncatingIfNeeded: documentTerms[position].hash) & mask
      while documentTable[bucket] != 0 { bucket = (bucket + 1) & mask }
      documentTable[bucket] = Int32(position + 1)
      documentTerms[position].bucket = Int32(bucket)
    }
  }

  /// Ends the document read since the last call: a posting at `slot` for each term it met.
  /// Slots must ascend from one document to the next.
  ///
  /// In a table of every term of a site, most lookups of a document's terms miss the cache.
  /// Made one by one, each waits for the last; so the document's buckets, keys and terms are
  /// read first, in loops whose loads do not wait on one another, and the lookups and postings
  /// that follow find them in the cache.
  mutating func endDocument(slot: Int) {
    touched &+= table.warm(documentTerms.lazy.map(\.hash))
    documentBytes.withUnsafeBufferPointer { bytes in
      for position in documentTerms.indices {
        let term = documentTerms[position]
        let start = Int(term.start)
        let key = UnsafeBufferPointer(rebasing: bytes[start..<start + Int(term.count)])
        let (index, inserted) = table.index(of: key, hash: term.hash)
        if inserted { terms.add(Term(isCJK: term.flags & PostingFlags.cjkTerm != 0)) }
        documentTerms[position].index = Int32(index)
        documentTable[Int(term.bucket)] = 0
      }
    }
    for term in documentTerms {
      touched &+= UInt64(terms.address(of: Int(term.index)).pointee.tail)
    }
    for term in documentTerms {
      let held = terms.address(of: Int(term.index)).pointee
      guard held.bytes > Int32(TermIndex.inlineData) else { continue }
      touched &+= UInt64(blocks.address(of: Int(held.tail)).pointee)
    }
    for term in documentTerms {
      let index = Int(term.index)
      let held = terms.address(of: index)
      let shift = held.pointee.isCJK ? PostingFlags.cjkBits : PostingFlags.wordBits
      append(index, (slot - Int(held.pointee.lastSlot) - 1) << shift | Int(term.flags & 0x3F))
      held.pointee.lastSlot = Int32(slot)
      held.pointee.count += 1
    }
    documentTerms.removeAll(keepingCapacity: true)
    documentBytes.removeAll(keepingCapacity: true)
  }

  private func key(_ index: UInt32) -> ArraySlice<UInt8> { table.key(Int(index)) }

  /// Bytes a term's entry takes, near enough to decide where chunks end.
  private func entrySize(_ index: UInt32) -> Int {
    TermIndex.entrySize(key: table.key(Int(index)).count, postingBytes: Int(terms[Int(index)].bytes))
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
    let order = table.sortedIndices()
    let total = order.reduce(0) { $0 + entrySize($1) }
    let target = target ?? TermIndex.chunkTarget(total: total)
    var start = 0
    var size = 0
    var previousLast: ArraySlice<UInt8>?
    for position in order.indices {
      let term = order[position]
      let entry = entrySize(term)
      if position > start,
        TermIndex.endsChunk(size: size, before: entry, hash: table.keyHash(Int(term)), target: target)
      {
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
    _ order: ArraySlice<UInt32>, previousLast: ArraySlice<UInt8>?,
    _ emit: ([UInt8], String) throws(Failure) -> Void
  ) throws(Failure) {
    var encoder = ChunkEncoder(count: order.count)
    for index in order {
      let term = terms[Int(index)]
      encoder.add(key(index), count: Int(term.count), postingBytes: Int(term.bytes)) {
        appendPostings(term, to: &$0)
      }
    }
    let bound = order.first.map { TermIndex.bound(first: key($0), after: previousLast) } ?? ""
    try emit(encoder.bytes, bound)
  }

  /// Appends `term`'s postings to `bytes`.
  private func appendPostings(_ term: Term, to bytes: inout [UInt8]) {
    withUnsafeBytes(of: term.first.littleEndian) {
      bytes.append(contentsOf: $0.prefix(min(Int(term.bytes), TermIndex.inlineData)))
    }
    var block = Int(term.head)
    var left = Int(term.bytes) - TermIndex.inlineData
    while left > 0 {
      let start = blocks.address(of: block)
      let take = min(left, TermIndex.blockData)
      bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: take))
      left -= take
      if left > 0 {
        block = Int(UnsafeRawPointer(start + TermIndex.blockData).loadUnaligned(as: UInt32.self))
      }
    }
  }

  /// Appends `value` as a varint to term `index`'s postings.
  @inline(__always)
  private mutating func append(_ index: Int, _ value: Int) {
    var rest = UInt(value)
    while rest >= 0x80 {
      appendByte(index, UInt8(truncatingIfNeeded: rest) | 0x80)
      rest >>= 7
    }
    appendByte(index, UInt8(rest))
  }

  @inline(__always)
  private mutating func appendByte(_ index: Int, _ byte: UInt8) {
    let term = terms.address(of: index)
    let held = Int(term.pointee.bytes)
    if held < TermIndex.inlineData {
      term.pointee.first |= UInt32(byte) << (8 * held)
    } else {
      // Every block but the tail is full: where this byte goes follows from the count.
      let offset = (held - TermIndex.inlineData) % TermIndex.blockData
      if offset == 0 {
        let next = UInt32(blocks.add())
        if held == TermIndex.inlineData {
          term.pointee.head = next
        } else {
          let link = blocks.address(of: Int(term.pointee.tail)) + TermIndex.blockData
          UnsafeMutableRawPointer(link).storeBytes(of: next, as: UInt32.self)
        }
        term.pointee.tail = next
      }
      blocks.address(of: Int(term.pointee.tail))[offset] = byte
    }
    term.pointee.bytes += 1
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
