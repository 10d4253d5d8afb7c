/// XXH64 (xxHash, 64-bit): a fast, well-distributed content hash with a stable, documented
/// output, unlike Swift's `Hasher`, which is seeded per process.
///
/// Together with the size it identifies a page's bytes in the output manifest; collisions are
/// not a security concern there (the inputs are our own pages).
enum ContentHash {
  private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
  private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
  private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9
  private static let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63
  private static let prime5: UInt64 = 0x27D4_EB2F_1656_67C5

  static func xxh64(_ bytes: [UInt8], seed: UInt64 = 0) -> UInt64 {
    bytes.withUnsafeBytes { xxh64($0, seed: seed) }
  }

  static func xxh64(_ buffer: UnsafeRawBufferPointer, seed: UInt64 = 0) -> UInt64 {
    let count = buffer.count
    guard let base = buffer.baseAddress, count > 0 else { return avalanche(seed &+ prime5) }
    var offset = 0
    var hash: UInt64
    if count >= 32 {
      var v1 = seed &+ prime1 &+ prime2
      var v2 = seed &+ prime2
      var v3 = seed
      var v4 = seed &- prime1
      while offset + 32 <= count {
        v1 = round(v1, load64(base, offset))
        v2 = round(v2, load64(base, offset + 8))
        v3 = round(v3, load64(base, offset + 16))
        v4 = round(v4, load64(base, offset + 24))
        offset += 32
      }
      hash = rotate(v1, 1) &+ rotate(v2, 7) &+ rotate(v3, 12) &+ rotate(v4, 18)
      hash = merge(hash, v1)
      hash = merge(hash, v2)
      hash = merge(hash, v3)
      hash = merge(hash, v4)
    } else {
      hash = seed &+ prime5
    }
    hash &+= UInt64(count)
    while offset + 8 <= count {
      hash ^= round(0, load64(base, offset))
      hash = rotate(hash, 27) &* prime1 &+ prime4
      offset += 8
    }
    if offset + 4 <= count {
      hash ^=
        UInt64(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self))) &* prime1
      hash = rotate(hash, 23) &* prime2 &+ prime3
      offset += 4
    }
    while offset < count {
      hash ^= UInt64(base.load(fromByteOffset: offset, as: UInt8.self)) &* prime5
      hash = rotate(hash, 11) &* prime1
      offset += 1
    }
    return avalanche(hash)
  }

  @inline(__always) private static func load64(_ base: UnsafeRawPointer, _ offset: Int) -> UInt64 {
    UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
  }

  @inline(__always) private static func rotate(_ value: UInt64, _ bits: UInt64) -> UInt64 {
    (value << bits) | (value >> (64 - bits))
  }

  @inline(__always) private static func round(_ accumulator: UInt64, _ input: UInt64) -> UInt64 {
    rotate(accumulator &+ input &* prime2, 31) &* prime1
  }

  @inline(__always) private static func merge(_ hash: UInt64, _ value: UInt64) -> UInt64 {
    (hash ^ round(0, value)) &* prime1 &+ prime4
  }

  @inline(__always) private static func avalanche(_ value: UInt64) -> UInt64 {
    var hash = value
    hash ^= hash >> 33
    hash &*= prime2
    hash ^= hash >> 29
    hash &*= prime3
    hash ^= hash >> 32
    return hash
  }

  /// Sixteen lower-case hex digits.
  static func hex(_ value: UInt64) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var bytes = [UInt8](repeating: 0, count: 16)
    var rest = value
    for index in stride(from: 15, through: 0, by: -1) {
      bytes[index] = digits[Int(rest & 0xF)]
      rest >>= 4
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
