/// XXH64 (xxHash, 64-bit): the fetch cache's body checksum, the output manifest's content hash
/// and the search index's file names, with a stable, documented output (unlike `Hasher`).
///
/// Corruption and truncation need detecting, not forging, and this runs over every cached byte
/// on every build: it is several times faster than SHA-256 (which names the cache entries).
package enum XXH64 {
  fileprivate static let p1: UInt64 = 0x9E37_79B1_85EB_CA87
  fileprivate static let p2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
  fileprivate static let p3: UInt64 = 0x1656_67B1_9E37_79F9
  fileprivate static let p4: UInt64 = 0x85EB_CA77_C2B2_AE63
  fileprivate static let p5: UInt64 = 0x27D4_EB2F_1656_67C5

  /// 16 lowercase hex digits.
  package static func hex(_ bytes: [UInt8]) -> String { HexText.lowercase(hash(bytes)) }

  package static func hash(_ bytes: [UInt8]) -> UInt64 { bytes.withUnsafeBufferPointer { hash($0) } }

  package static func hash(_ buffer: UnsafeBufferPointer<UInt8>, seed: UInt64 = 0) -> UInt64 {
    guard let base = UnsafeRawPointer(buffer.baseAddress) else {
      return finish(seed &+ p5, base: nil, count: 0)
    }
    let count = buffer.count
    var offset = 0
    var hash: UInt64
    if count >= 32 {
      var lanes = Lanes(seed: seed)
      while offset + 32 <= count {
        lanes.absorb(
          load(base, offset), load(base, offset + 8), load(base, offset + 16), load(base, offset + 24))
        offset += 32
      }
      hash = lanes.converged
    } else {
      hash = seed &+ p5
    }
    hash &+= UInt64(count)
    return finish(hash, base: base + offset, count: count - offset)
  }

  /// The four accumulators of inputs of 32 bytes or more, a 32-byte stripe at a time.
  fileprivate struct Lanes {
    private var v1, v2, v3, v4: UInt64

    init(seed: UInt64) {
      v1 = seed &+ p1 &+ p2
      v2 = seed &+ p2
      v3 = seed
      v4 = seed &- p1
    }

    /// One stripe, as four little-endian words.
    @inline(__always) mutating func absorb(_ w1: UInt64, _ w2: UInt64, _ w3: UInt64, _ w4: UInt64) {
      v1 = round(v1, w1)
      v2 = round(v2, w2)
      v3 = round(v3, w3)
      v4 = round(v4, w4)
    }

    /// The hash's start before the length and the tail are mixed in.
    var converged: UInt64 {
      var hash = rotate(v1, 1) &+ rotate(v2, 7) &+ rotate(v3, 12) &+ rotate(v4, 18)
      hash = merge(hash, v1)
      hash = merge(hash, v2)
      hash = merge(hash, v3)
      hash = merge(hash, v4)
      return hash
    }
  }

  /// Mixes in the last `count` (< 32) bytes and avalanches.
  fileprivate static func finish(_ start: UInt64, base: UnsafeRawPointer?, count: Int) -> UInt64 {
    var hash = start
    var offset = 0
    if let base {
      while offset + 8 <= count {
        hash ^= round(0, load(base, offset))
        hash = rotate(hash, 27) &* p1 &+ p4
        offset += 8
      }
      if offset + 4 <= count {
        hash ^=
          UInt64(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self))) &* p1
        hash = rotate(hash, 23) &* p2 &+ p3
        offset += 4
      }
      while offset < count {
        hash ^= UInt64(base.load(fromByteOffset: offset, as: UInt8.self)) &* p5
        hash = rotate(hash, 11) &* p1
        offset += 1
      }
    }
    hash ^= hash >> 33
    hash &*= p2
    hash ^= hash >> 29
    hash &*= p3
    hash ^= hash >> 32
    return hash
  }

  @inline(__always) fileprivate static func load(_ base: UnsafeRawPointer, _ offset: Int) -> UInt64 {
    UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
  }

  @inline(__always) private static func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 {
    (value << count) | (value >> (64 - count))
  }

  @inline(__always) private static func round(_ accumulator: UInt64, _ input: UInt64) -> UInt64 {
    rotate(accumulator &+ input &* p2, 31) &* p1
  }

  @inline(__always) private static func merge(_ hash: UInt64, _ value: UInt64) -> UInt64 {
    (hash ^ round(0, value)) &* p1 &+ p4
  }
}
