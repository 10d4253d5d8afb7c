/// SplitMix64 (Steele, Lea, Flood 2014): a tiny, fast PRNG whose output depends only on its seed.
///
/// The benchmark data must be identical on every machine and run, so Swift's random (seeded
/// from the system) is never used. `init(seed:stream:)` derives independent streams, so each
/// volume can be generated on its own (in parallel) from its index.
struct SplitMix64: Sendable {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  /// A stream for one item, e.g. `SplitMix64(seed: seed, stream: volumeIndex)`.
  init(seed: UInt64, stream: UInt64) {
    state = Self.mix(seed ^ Self.mix(stream &+ 0x9E37_79B9_7F4A_7C15))
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    return Self.mix(state)
  }

  /// The SplitMix64 finaliser; a bijection on UInt64 (used for unique volume ids).
  static func mix(_ value: UInt64) -> UInt64 {
    var z = value
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// Uniform in `range` (the modulo bias is negligible for the small ranges used here).
  mutating func int(in range: ClosedRange<Int>) -> Int {
    range.lowerBound + Int(next() % UInt64(range.count))
  }

  mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

  /// Uniform in [0, 1).
  mutating func unit() -> Double { Double(next() >> 11) * 0x1.0p-53 }

  /// True with probability `probability`.
  mutating func chance(_ probability: Double) -> Bool { unit() < probability }

  mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}
