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
/// A term's latest postings wait in the term itself (one cache line with its count and last
/// slot), and move to a new block of the pool once they fill it: a posting touches only its
/// term, and blocks are written one after another. Each block links to the term's one before.
struct TermIndex: ~Copyable {
  /// Bytes of postings a term holds itself; a block holds two such lots, then a 4-byte link.
  static let pendingSize = 16
  static let blockData = 2 * pendingSize

  struct Term {
    /// The postings not yet in a block: `size % pendingSize` bytes, the first in the low byte.
    var pending: (UInt64, UInt64) = (0, 0)
    /// The term's last block + 1, 0 while it has none.
    var last: UInt32 = 0
    var lastSlot: Int32 = -1
    var count: UInt32 = 0
    var size: UInt32 = 0
  }

  private var table = ByteKeyTable(capacity: 1 << 14)
  private var terms = PagedStore<Term>()
  /// The blocks, `blockData` bytes and a link each, in the order they were begun.
  private var blocks = PagedStore<UInt8>(elementsPerItem: TermIndex.blockData + 4)
  /// The distinct terms of the document being read, in the order met, their bytes in
  /// `documentBytes`, until it ends.
  private var documentTerms = ScratchBuffer<DocumentTerm>()
  private var documentBytes = ScratchBuffer<UInt8>()
  /// An open-addressing table of `documentTerms`: index + 1, 0 where empty.
  private var documentTable = ScratchBuffer<Int32>(zeros: 1024)
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
      let term = documentTerms.base + (stored - 1)
      if term.pointee.hash == hash, term.pointee.count == key.count,
        key.isEmpty || memcmp(documentBytes.base + Int(term.pointee.start), key.baseAddress!, key.count) == 0
      {
        term.pointee.flags |= flags
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

  private mutating func growDocumentTable() {
    documentTable = ScratchBuffer(zeros: documentTable.count * 2)
    let mask = documentTable.count - 1
    for position in 0..<documentTerms.count {
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
    let met = UnsafeMutableBufferPointer(start: documentTerms.base, count: documentTerms.count)
    touched &+= table.warm(met.lazy.map(\.hash))
    for position in met.indices {
      let term = met[position]
      let key = UnsafeBufferPointer(start: documentBytes.base + Int(term.start), count: Int(term.count))
      let (index, inserted) = table.index(of: key, hash: term.hash)
      if inserted { terms.add(Term()) }
      met[position].index = Int32(index)
      documentTable[Int(term.bucket)] = 0
    }
    for term in met {
      touched &+= UInt64(UInt32(bitPattern: terms.address(of: Int(term.index)).pointee.lastSlot))
    }
    for term in met {
      let held = terms.address(of: Int(term.index))
      let shift = term.flags & PostingFlags.cjkTerm != 0 ? PostingFlags.cjkBits : PostingFlags.wordBits
      append(held, (slot - Int(held.pointee.lastSlot) - 1) << shift | Int(term.flags & 0x3F))
      held.pointee.lastSlot = Int32(slot)
      held.pointee.count += 1
    }
    documentTerms.removeAll()
    documentBytes.removeAll()
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
    try table.withKeys { (key) throws(Failure) in
      func entrySize(_ term: UInt32) -> Int {
        TermIndex.entrySize(key: key(Int(term)).count, postingBytes: Int(terms[Int(term)].size))
      }
      let target = target ?? TermIndex.chunkTarget(total: order.reduce(0) { $0 + entrySize($1) })
      var encoder = ChunkEncoder()
      var (start, size) = (0, 0)
      var previousLast: UnsafeBufferPointer<UInt8>?
      for position in order.indices {
        let term = order[position]
        let entry = entrySize(term)
        if position > start,
          TermIndex.endsChunk(
            size: size, before: entry, hash: ByteKeyTable.hash(key(Int(term))), target: target)
        {
          try emit(encoder.finish(), TermIndex.bound(first: key(Int(order[start])), after: previousLast))
          previousLast = key(Int(order[position - 1]))
          (start, size) = (position, 0)
        }
        size += entry
        let held = terms[Int(term)]
        encoder.add(key(Int(term)), count: Int(held.count), postingBytes: Int(held.size)) {
          appendPostings(held, to: &$0)
        }
      }
      if start < order.count || order.isEmpty {
        let first = order.isEmpty ? nil : key(Int(order[start]))
        try emit(encoder.finish(), first.map { TermIndex.bound(first: $0, after: previousLast) } ?? "")
      }
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

  /// Appends `term`'s postings to `bytes`: its blocks, each put in place as they are
  /// found from the last back, then the bytes it holds itself.
  private func appendPostings(_ term: Term, to bytes: inout [UInt8]) {
    let start = bytes.count
    let inBlocks = Int(term.size) / TermIndex.pendingSize * TermIndex.pendingSize
    bytes.append(contentsOf: repeatElement(0, count: inBlocks))
    withUnsafeBytes(of: term.pending) {
      bytes.append(contentsOf: $0.prefix(Int(term.size) - inBlocks))
    }
    bytes.withUnsafeMutableBytes { bytes in
      var block = Int(term.last)
      var offset = (inBlocks - 1) / TermIndex.blockData * TermIndex.blockData
      while block > 0 {
        let data = UnsafeRawPointer(blocks.address(of: block - 1))
        (bytes.baseAddress! + start + offset).copyMemory(
          from: data, byteCount: min(TermIndex.blockData, inBlocks - offset))
        block = Int(data.load(fromByteOffset: TermIndex.blockData, as: UInt32.self))
        offset -= TermIndex.blockData
      }
    }
  }

  /// Appends `value` as a varint to `term`'s postings.
  @inline(__always)
  private mutating func append(_ term: UnsafeMutablePointer<Term>, _ value: Int) {
    var rest = UInt(value)
    while rest >= 0x80 {
      appendByte(term, UInt8(truncatingIfNeeded: rest) | 0x80)
      rest >>= 7
    }
    appendByte(term, UInt8(rest))
  }

  @inline(__always)
  private mutating func appendByte(_ term: UnsafeMutablePointer<Term>, _ byte: UInt8) {
    let offset = Int(term.pointee.size) % TermIndex.pendingSize
    withUnsafeMutableBytes(of: &term.pointee.pending) { $0[offset] = byte }
    term.pointee.size += 1
    guard offset == TermIndex.pendingSize - 1 else { return }
    // Full: the bytes move to the term's last block, or to the pool's next one, which links to it.
    let filled = (Int(term.pointee.size) - TermIndex.pendingSize) % TermIndex.blockData
    if filled == 0 {
      let block = blocks.add()
      UnsafeMutableRawPointer(blocks.address(of: block)).storeBytes(
        of: term.pointee.last, toByteOffset: TermIndex.blockData, as: UInt32.self)
      term.pointee.last = UInt32(block + 1)
    }
    withUnsafeBytes(of: term.pointee.pending) {
      (blocks.address(of: Int(term.pointee.last) - 1) + filled).update(
        from: $0.baseAddress!.assumingMemoryBound(to: UInt8.self), count: TermIndex.pendingSize)
    }
  }

  /// The shortest prefix of `first` (whole characters) that sorts after `last`.
  static func bound(first: UnsafeBufferPointer<UInt8>, after last: UnsafeBufferPointer<UInt8>?) -> String {
    guard let last else { return "" }
    var end = 0
    while end < first.count {
      end += 1
      // Whole characters only: skip UTF-8 continuation bytes.
      while end < first.count, first[end] & 0xC0 == 0x80 { end += 1 }
      if last.lexicographicallyPrecedes(first[..<end]) { break }
    }
    return String(decoding: first[..<end], as: UTF8.self)
  }
}

/// The chunk files' bytes, a term at a time: `varint count`, then per term `varint shared`
/// (bytes shared with the term before), `varint length`, the rest of the key, `varint postings`,
/// `varint size` and the postings.
struct ChunkEncoder {
  private var bytes: [UInt8] = []
  private var previous = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
  private var terms = 0

  /// Adds a term, whose key must stay valid until the next call, and its postings (`append`
  /// appends their `postingBytes` to the bytes given).
  mutating func add(
    _ key: UnsafeBufferPointer<UInt8>, count: Int, postingBytes: Int, postings append: (inout [UInt8]) -> Void
  ) {
    var shared = 0
    while shared < min(key.count, previous.count), key[shared] == previous[shared] { shared += 1 }
    bytes.appendVarInt(shared)
    bytes.appendVarInt(key.count - shared)
    bytes.append(contentsOf: key[shared...])
    bytes.appendVarInt(count)
    bytes.appendVarInt(postingBytes)
    append(&bytes)
    previous = key
    terms += 1
  }

  /// The chunk of the terms added since the last call.
  mutating func finish() -> [UInt8] {
    var chunk: [UInt8] = []
    chunk.appendVarInt(terms)
    chunk += bytes
    bytes.removeAll(keepingCapacity: true)
    previous = UnsafeBufferPointer(start: nil, count: 0)
    terms = 0
    return chunk
  }
}

/// Items in pages of `itemsPerPage` that never move: growing never copies (or holds two copies
/// of) what is there, and no large buffer is freed and taken again, which fragments the heap.
/// Items are trivial (bytes, plain structs) and freed with the store; pages start on a cache
/// line, so that an item of 16 or 32 bytes never spans two.
private struct PagedStore<Element>: ~Copyable {
  static var pageShift: Int { 12 }
  private let elementsPerItem: Int
  private var pages: [UnsafeMutablePointer<Element>] = []
  private(set) var count = 0

  init(elementsPerItem: Int = 1) {
    self.elementsPerItem = elementsPerItem
  }

  deinit {
    for page in pages { UnsafeMutableRawPointer(page).deallocate() }
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
      let capacity = elementsPerItem << Self.pageShift
      let page = UnsafeMutableRawPointer.allocate(
        byteCount: capacity * MemoryLayout<Element>.stride,
        alignment: max(64, MemoryLayout<Element>.alignment))
      pages.append(page.bindMemory(to: Element.self, capacity: capacity))
    }
    count += 1
    return count - 1
  }

  mutating func add(_ item: Element) {
    address(of: add()).initialize(to: item)
  }
}

/// A growable array of plain items whose storage is kept from document to document: appending
/// to an `Array` checks its uniqueness and counts references on every call.
private struct ScratchBuffer<Element: BitwiseCopyable>: ~Copyable {
  private(set) var base: UnsafeMutablePointer<Element>
  private(set) var count = 0
  private var capacity: Int

  init(capacity: Int = 256) {
    base = .allocate(capacity: capacity)
    self.capacity = capacity
  }

  /// `count` items of zero bits.
  init(zeros count: Int) {
    self.init(capacity: count)
    UnsafeMutableRawPointer(base).initializeMemory(
      as: UInt8.self, repeating: 0, count: count * MemoryLayout<Element>.stride)
    self.count = count
  }

  deinit { base.deallocate() }

  subscript(index: Int) -> Element {
    get { base[index] }
    nonmutating set { base[index] = newValue }
  }

  mutating func append(_ item: Element) {
    if count == capacity { grow(to: count + 1) }
    base[count] = item
    count += 1
  }

  mutating func append(contentsOf items: UnsafeBufferPointer<Element>) {
    if count + items.count > capacity { grow(to: count + items.count) }
    if let start = items.baseAddress { (base + count).update(from: start, count: items.count) }
    count += items.count
  }

  mutating func removeAll() { count = 0 }

  private mutating func grow(to needed: Int) {
    capacity = max(needed, capacity * 2)
    let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
    larger.update(from: base, count: count)
    base.deallocate()
    base = larger
  }
}
