import Support
import Testing

@testable import Site

/// `FieldHasher` streams its fields through `XXH64.Stream`; its hashes name the build's
/// fingerprint, so they must stay those of the fields' bytes laid end to end, as a buffered
/// version makes them (`BufferedFieldHasher`).
@Suite struct FieldHasherTests {
  enum Field {
    case text(String)
    case bytes([UInt8])
    case number(Int)
    case word(UInt64)
  }

  @Test func hashesEqualTheBufferedLayoutsForManyFieldLists() {
    var random = SeededGenerator(seed: 17)
    for list in 0..<400 {
      let fields = (0..<Int.random(in: 0...24, using: &random)).map { _ in Self.field(using: &random) }
      var single = FieldHasher()
      var paired = FieldHasher(seed: 0, secondSeed: 0x9E37_79B9_7F4A_7C15)
      var reference = BufferedFieldHasher()
      for field in fields {
        single.add(field)
        paired.add(field)
        reference.add(field)
      }
      #expect(single.finish() == reference.finish(seed: 0), "list \(list)")
      #expect(
        paired.finishPair() == (reference.finish(seed: 0), reference.finish(seed: 0x9E37_79B9_7F4A_7C15)),
        "list \(list)")
    }
  }

  @Test func resetStartsOverAndFinishingDoesNotEnd() {
    var hasher = FieldHasher(seed: 0, secondSeed: 0x626F_6F6B)
    hasher.add("first key, which is long enough to fill a stripe of thirty-two bytes")
    hasher.reset()
    var reference = BufferedFieldHasher()
    for text in ["bookgen-fingerprint 2", "déjà lu", String(repeating: "x", count: 100)] {
      hasher.add(text)
      reference.add(.text(text))
      #expect(hasher.finishPair() == (reference.finish(seed: 0), reference.finish(seed: 0x626F_6F6B)))
    }
  }

  /// A string whose UTF-8 is not stored contiguously is hashed the same.
  @Test func bridgedAndSubstringTextHashLikeNativeText() {
    let text = String(repeating: "Ünïcödé ", count: 9)
    var native = FieldHasher()
    native.add(text)
    var rebuilt = FieldHasher()
    rebuilt.add(String(text[...]))
    #expect(native.finish() == rebuilt.finish())
  }

  private static func field(using random: inout SeededGenerator) -> Field {
    let length = [0, 1, 7, 8, 9, 31, 32, 33, 64, 200, 1000].randomElement(using: &random)!
    switch Int.random(in: 0..<4, using: &random) {
    case 0:
      let characters = Array("abcXYZ 09é日本\n")
      return .text(String((0..<length).map { _ in characters.randomElement(using: &random)! }))
    case 1: return .bytes((0..<length).map { _ in UInt8.random(in: 0...255, using: &random) })
    case 2: return .number(Int.random(in: Int.min...Int.max, using: &random))
    default: return .word(UInt64.random(in: 0...UInt64.max, using: &random))
    }
  }
}

extension FieldHasher {
  fileprivate mutating func add(_ field: FieldHasherTests.Field) {
    switch field {
    case .text(let text): add(text)
    case .bytes(let bytes): add(bytes)
    case .number(let number): add(number)
    case .word(let word): add(word)
    }
  }
}

/// The first `FieldHasher`: the fields' bytes copied into one buffer, hashed once per seed.
private struct BufferedFieldHasher {
  private var bytes: [UInt8] = []

  mutating func add(_ field: FieldHasherTests.Field) {
    switch field {
    case .text(let text):
      add(.number(text.utf8.count))
      bytes.append(contentsOf: text.utf8)
    case .bytes(let field):
      add(.number(field.count))
      bytes.append(contentsOf: field)
    case .number(let number): add(.word(UInt64(bitPattern: Int64(number))))
    case .word(let word): withUnsafeBytes(of: word.littleEndian) { bytes.append(contentsOf: $0) }
    }
  }

  func finish(seed: UInt64) -> UInt64 {
    bytes.withUnsafeBufferPointer { XXH64.hash($0, seed: seed) }
  }
}

/// A fixed linear congruential sequence: the same field lists on every run.
private struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return state ^ (state >> 29)
  }
}
