/// An open-addressing hash table from byte strings (folded terms) to dense indices 0, 1, 2…,
/// with the keys kept in one arena: millions of term lookups per build, without a `String`
/// (and its Unicode-aware hashing and comparison) or an allocation per term.
///
/// Four bytes of offset a key: the index's table holds every distinct term of a site. A bucket
/// holds the top half of its key's hash beside the key's number; the table keeps no hashes (8
/// bytes a term), but works them out again from the keys to grow.
struct ByteKeyTable {
  private var arena: [UInt8] = []
  /// Where each key starts in `arena`.
  private var starts: [UInt32] = []
  /// The high 32 bits of the key's hash, then index + 1 of the key in the low 32; 0 is empty.
  private var buckets: [UInt64]
  private var mask: Int

  var count: Int { starts.count }

  /// A table for about `capacity` keys.
  init(capacity: Int = 64) {
    var size = 16
    while size < capacity * 2 { size <<= 1 }
    buckets = [UInt64](repeating: 0, count: size)
    mask = size - 1
  }

  /// A bucket's entry for key `index` of hash `hash`.
  @inline(__always)
  private static func entry(_ index: Int, hash: UInt64) -> UInt64 {
    hash & 0xFFFF_FFFF_0000_0000 | UInt64(index + 1)
  }

  /// A multiply-and-rotate hash over 8-byte words: terms are short, and XXH64's finishing
  /// rounds cost more than the rest for them. Fixed, so chunk cut points are the same on every
  /// machine.
  static func hash(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(key.count)
    var offset = 0
    // Whole words loaded at once (the same value the byte loop below gives for them).
    if let base = key.baseAddress {
      let raw = UnsafeRawPointer(base)
      while offset + 8 <= key.count {
        let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
        hash = (hash << 29) | (hash >> 35)
        offset += 8
      }
    }
    // The last 1–7 bytes as one little-endian word, read as 4, 2 and 1 bytes (most terms are
    // shorter than a word: a loop over them cost as much as the rest of the lookup).
    let rest = key.count - offset
    if rest > 0, let base = key.baseAddress {
      let raw = UnsafeRawPointer(base + offset)
      var word: UInt64 = 0
      var at = 0
      if rest & 4 != 0 {
        word = UInt64(UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)))
        at = 4
      }
      if rest & 2 != 0 {
        word |=
          UInt64(UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt16.self))) << (8 * at)
        at += 2
      }
      if rest & 1 != 0 { word |= UInt64(raw.load(fromByteOffset: at, as: UInt8.self)) << (8 * at) }
      hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
      hash = (hash << 29) | (hash >> 35)
    }
    hash ^= hash >> 33
    hash &*= 0xC4CE_B9FE_1A85_EC53
    return hash ^ (hash >> 33)
  }

  /// The key's index, adding it when new.
  mutating func index(of key: UnsafeBufferPointer<UInt8>) -> (index: Int, inserted: Bool) {
    index(of: key, hash: ByteKeyTable.hash(key))
  }

  /// Reads the bucket of each of `hashes`, then the key it holds, before they are looked up:
  /// loops whose loads do not wait on one another, so that their cache misses overlap. Returns
  /// a sum of what it read.
  func warm(_ hashes: some Collection<UInt64>) -> UInt64 {
    var sum: UInt64 = 0
    buckets.withUnsafeBufferPointer { buckets in
      for hash in hashes { sum &+= buckets[Int(truncatingIfNeeded: hash) & mask] }
      starts.withUnsafeBufferPointer { starts in
        arena.withUnsafeBufferPointer { arena in
          for hash in hashes {
            let stored = buckets[Int(truncatingIfNeeded: hash) & mask]
            guard stored != 0 else { continue }
            let start = Int(starts[Int(truncatingIfNeeded: stored & 0xFFFF_FFFF) - 1])
            if start < arena.count { sum &+= UInt64(arena[start]) }
          }
        }
      }
    }
    return sum
  }

  /// The key's index, adding it when new; `hash` is its `hash`.
  mutating func index(of key: UnsafeBufferPointer<UInt8>, hash: UInt64) -> (index: Int, inserted: Bool) {
    var bucket = Int(truncatingIfNeeded: hash) & mask
    let tag = hash & 0xFFFF_FFFF_0000_0000
    let found: Int? = buckets.withUnsafeBufferPointer { buckets in
      while true {
        let stored = buckets[bucket]
        if stored == 0 { return nil }
        let index = Int(truncatingIfNeeded: stored & 0xFFFF_FFFF) - 1
        if stored & 0xFFFF_FFFF_0000_0000 == tag, matches(index, key) { return index }
        bucket = (bucket + 1) & mask
      }
    }
    if let found { return (found, false) }
    let index = starts.count
    precondition(arena.count + key.count <= Int(UInt32.max), "search terms over 4 GB")
    starts.append(UInt32(arena.count))
    arena.append(contentsOf: key)
    buckets[bucket] = ByteKeyTable.entry(index, hash: hash)
    if starts.count * 2 > buckets.count { grow() }
    return (index, true)
  }

  /// Calls `body` with a function that gives the bytes of key `index` (valid during the call).
  func withKeys<Result, Failure: Error>(
    _ body: (_ key: (Int) -> UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try arena.withUnsafeBufferPointer { (arena) throws(Failure) in
      try starts.withUnsafeBufferPointer { (starts) throws(Failure) in
        try body { index in
          let end = index + 1 < starts.count ? Int(starts[index + 1]) : arena.count
          return UnsafeBufferPointer(rebasing: arena[Int(starts[index])..<end])
        }
      }
    }
  }

  /// Where key `index` is in `arena`.
  @inline(__always)
  private func bounds(_ index: Int) -> Range<Int> {
    Int(starts[index])..<(index + 1 < starts.count ? Int(starts[index + 1]) : arena.count)
  }

  /// Every key's index, in byte order of the keys (which is code point order).
  ///
  /// Keys are sorted by their first eight bytes as one number (a key's first bytes tell most
  /// keys apart), and compared whole only when those are equal.
  func sortedIndices() -> [UInt32] {
    withKeys { key in
      var keys = (0..<count).map { SortKey(prefix: ByteKeyTable.prefix(key($0)), index: UInt32($0)) }
      keys.sort { a, b in
        if a.prefix != b.prefix { return a.prefix < b.prefix }
        return key(Int(a.index)).lexicographicallyPrecedes(key(Int(b.index)))
      }
      return keys.map(\.index)
    }
  }

  private struct SortKey {
    var prefix: UInt64
    var index: UInt32
  }

  /// The key's first eight bytes as a big-endian number, padded with zeros: when two keys'
  /// numbers differ, they sort as the keys do (where one key has ended, its zero is at most the
  /// other's byte; were they equal, the numbers would not differ there).
  private static func prefix(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var prefix: UInt64 = 0
    for offset in 0..<8 {
      prefix = prefix << 8 | UInt64(offset < key.count ? key[offset] : 0)
    }
    return prefix
  }

  /// The `hash` of key `index`.
  func keyHash(_ index: Int) -> UInt64 {
    arena.withUnsafeBufferPointer { ByteKeyTable.hash(UnsafeBufferPointer(rebasing: $0[bounds(index)])) }
  }

  private func matches(_ index: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
    let range = bounds(index)
    guard range.count == key.count else { return false }
    return arena.withUnsafeBufferPointer { memcmpEqual(UnsafeBufferPointer(rebasing: $0[range]), key) }
  }

  private mutating func grow() {
    let size = buckets.count * 2
    buckets = [UInt64](repeating: 0, count: size)
    mask = size - 1
    for index in starts.indices {
      let hash = keyHash(index)
      var bucket = Int(truncatingIfNeeded: hash) & mask
      while buckets[bucket] != 0 { bucket = (bucket + 1) & mask }
      buckets[bucket] = ByteKeyTable.entry(index, hash: hash)
    }
  }
}

private func memcmpEqual(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
  for index in 0..<a.count where a[index] != b[index] { return false }
  return true
}

extension Array where Element == UInt8 {
  /// Appends `value` as an unsigned LEB128 varint (7 bits a byte, low bits first).
  mutating func appendVarInt(_ value: Int) {
    var rest = UInt(value)
    while rest >= 0x80 {
      append(UInt8(truncatingIfNeeded: rest) | 0x80)
      rest >>= 7
    }
    append(UInt8(rest))
  }
}
