import Support

/// XXH64 (xxHash, 64-bit; `Support`'s implementation): a fast content hash with a stable,
/// documented output, unlike Swift's `Hasher`, which is seeded per process.
///
/// Together with the size it identifies a page's bytes in the output manifest; collisions are
/// not a security concern there (the inputs are our own pages).
enum ContentHash {
  static func xxh64(_ bytes: [UInt8], seed: UInt64 = 0) -> UInt64 {
    bytes.withUnsafeBufferPointer { XXH64.hash($0, seed: seed) }
  }

  static func xxh64(_ buffer: UnsafeRawBufferPointer, seed: UInt64 = 0) -> UInt64 {
    XXH64.hash(buffer.assumingMemoryBound(to: UInt8.self), seed: seed)
  }
}

/// Fields hashed together with XXH64, each length-prefixed (strings, byte arrays) or
/// fixed-width (numbers), so no two field lists give the same bytes: the build fingerprint and
/// the pages' source keys.
struct FieldHasher {
  private var bytes: [UInt8] = []

  init(capacity: Int = 512) {
    bytes.reserveCapacity(capacity)
  }

  mutating func add(_ text: String) {
    add(text.utf8.count)
    bytes.append(contentsOf: text.utf8)
  }

  mutating func add(_ field: [UInt8]) {
    add(field.count)
    bytes.append(contentsOf: field)
  }

  mutating func add(_ number: Int) {
    add(UInt64(bitPattern: Int64(number)))
  }

  mutating func add(_ number: UInt64) {
    withUnsafeBytes(of: number.littleEndian) { bytes.append(contentsOf: $0) }
  }

  /// Starts over, keeping the buffer (one hasher for many keys).
  mutating func reset() {
    bytes.removeAll(keepingCapacity: true)
  }

  func finish(seed: UInt64 = 0) -> UInt64 {
    ContentHash.xxh64(bytes, seed: seed)
  }
}
