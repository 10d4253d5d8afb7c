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
/// fixed-width (numbers), so no two field lists give the same bytes: the build fingerprint.
///
/// The fields stream through `XXH64.Stream` (nothing copied, one pass for both seeds of a
/// 128-bit digest); the hashes are those of the fields' bytes laid end to end.
struct FieldHasher {
  private var stream: XXH64.Stream

  /// One seed: `finish()`.
  init(seed: UInt64 = 0) {
    stream = XXH64.Stream(seed: seed)
  }

  /// Two seeds hashed in one pass: `finishPair()`.
  init(seed: UInt64, secondSeed: UInt64) {
    stream = XXH64.Stream(seed: seed, secondSeed: secondSeed)
  }

  mutating func add(_ text: String) {
    let utf8 = text.utf8
    add(utf8.count)
    if utf8.withContiguousStorageIfAvailable({ stream.add(UnsafeRawBufferPointer($0)) }) == nil {
      Array(utf8).withUnsafeBytes { stream.add($0) }
    }
  }

  mutating func add(_ field: [UInt8]) {
    add(field.count)
    field.withUnsafeBytes { stream.add($0) }
  }

  mutating func add(_ number: Int) {
    add(UInt64(bitPattern: Int64(number)))
  }

  mutating func add(_ number: UInt64) {
    stream.add(number)
  }

  /// Starts over (one hasher for many keys).
  mutating func reset() {
    stream.reset()
  }

  /// XXH64 of the fields with the (first) seed.
  func finish() -> UInt64 {
    stream.finish()
  }

  /// XXH64 of the fields with each seed.
  func finishPair() -> (first: UInt64, second: UInt64) {
    stream.finishPair()
  }
}
