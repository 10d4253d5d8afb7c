import Testing

@testable import Support

@Suite struct HashingTests {
  @Test(arguments: [
    ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    (
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    ),
  ])
  func sha256MatchesTheStandardVectors(_ text: String, _ digest: String) {
    #expect(SHA256.hex(text) == digest)
  }

  @Test func sha256OfAMillionAsAcrossUnevenChunks() {
    var hasher = SHA256()
    let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 999)
    for _ in 0..<1001 { hasher.update(chunk) }
    hasher.update([UInt8](repeating: UInt8(ascii: "a"), count: 1))
    #expect(
      HexText.lowercase(hasher.finalize())
        == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  @Test(arguments: [
    ("", "ef46db3751d8e999"),
    ("a", "d24ec4f1a98c6e5b"),
    ("abc", "44bc2cf5ad770999"),
    ("Nobody inspects the spammish repetition", "fbcea83c8a378bf1"),
  ])
  func xxh64MatchesTheReferenceImplementation(_ text: String, _ digest: String) {
    #expect(XXH64.hex(Array(text.utf8)) == digest)
  }

  @Test(arguments: [
    ("", 0xEF46_DB37_51D8_E999 as UInt64),
    ("a", 0xD24E_C4F1_A98C_6E5B),
    ("abc", 0x44BC_2CF5_AD77_0999),
    ("Nobody inspects the spammish repetition", 0xFBCE_A83C_8A37_8BF1),
  ])
  func xxh64StreamMatchesTheReferenceImplementation(_ text: String, _ digest: UInt64) {
    var stream = XXH64.Stream()
    for byte in text.utf8 { stream.add(bytes: [byte]) }
    #expect(stream.finish() == digest)
    var paired = XXH64.Stream(seed: 0, secondSeed: 0)
    paired.add(bytes: Array(text.utf8))
    #expect(paired.finishPair() == (digest, digest))
  }

  @Test func xxh64StreamEqualsTheOneShotHashForEveryLength() {
    let bytes = Self.pseudoRandomBytes(300)
    for length in 0...300 {
      let input = Array(bytes[..<length])
      for seed in Self.seeds {
        var stream = XXH64.Stream(seed: seed)
        stream.add(bytes: input)
        #expect(stream.finish() == Self.hash(input, seed: seed), "length \(length), seed \(seed)")
      }
      var paired = XXH64.Stream(seed: Self.seeds[0], secondSeed: Self.seeds[1])
      paired.add(bytes: input)
      #expect(
        paired.finishPair() == (Self.hash(input, seed: Self.seeds[0]), Self.hash(input, seed: Self.seeds[1])),
        "length \(length)")
    }
  }

  /// Two pieces split at every position, three pieces around every stripe boundary, and words
  /// after every length of prefix: the stream's buffering never shows in the hash.
  @Test func xxh64StreamIsTheSameHoweverTheInputIsSplit() {
    let input = Self.pseudoRandomBytes(300)
    let expected = Self.seeds.map { Self.hash(input, seed: $0) }
    for split in 0...input.count {
      var stream = XXH64.Stream(seed: Self.seeds[0], secondSeed: Self.seeds[1])
      stream.add(bytes: Array(input[..<split]))
      stream.add(bytes: Array(input[split...]))
      #expect(stream.finishPair() == (expected[0], expected[1]), "split at \(split)")
    }
    for first in 0..<70 {
      for second in first..<(first + 70) {
        var stream = XXH64.Stream(seed: Self.seeds[1])
        stream.add(bytes: Array(input[..<first]))
        stream.add(bytes: Array(input[first..<second]))
        stream.add(bytes: Array(input[second...]))
        #expect(stream.finish() == expected[1], "split at \(first) and \(second)")
      }
    }
    for prefix in 0..<40 {
      var stream = XXH64.Stream(seed: Self.seeds[0], secondSeed: Self.seeds[1])
      stream.add(bytes: Array(input[..<prefix]))
      var offset = prefix
      while offset + 8 <= input.count {
        stream.add(input[offset..<(offset + 8)].withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) })
        offset += 8
      }
      stream.add(bytes: Array(input[offset...]))
      #expect(stream.finishPair() == (expected[0], expected[1]), "words after \(prefix) bytes")
    }
  }

  @Test func xxh64StreamFinishesMidwayAndStartsOver() {
    let input = Self.pseudoRandomBytes(300)
    var stream = XXH64.Stream(seed: Self.seeds[1])
    for length in [0, 5, 31, 32, 33, 64, 100, 300] {
      stream.add(bytes: Array(input[..<length]))
      #expect(stream.finish() == Self.hash(Array(input[..<length]), seed: Self.seeds[1]))
      let more = Array(input[length...])
      var continued = stream
      continued.add(bytes: more)
      #expect(continued.finish() == Self.hash(input, seed: Self.seeds[1]))
      stream.reset()
    }
  }

  private static let seeds: [UInt64] = [0, 0x9E37_79B9_7F4A_7C15]

  private static func hash(_ bytes: [UInt8], seed: UInt64) -> UInt64 {
    bytes.withUnsafeBufferPointer { XXH64.hash($0, seed: seed) }
  }

  /// Bytes of a fixed linear congruential sequence.
  private static func pseudoRandomBytes(_ count: Int) -> [UInt8] {
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    return (0..<count).map { _ in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: state >> 56)
    }
  }

  @Test(arguments: [
    (0, "0000000000000000"), (0xF, "000000000000000f"), (UInt64.max, "ffffffffffffffff"),
    (0x0123_4567_89AB_CDEF, "0123456789abcdef"),
  ])
  func sixteenHexDigitsWithLeadingZeros(value: UInt64, text: String) {
    #expect(HexText.lowercase(value) == text)
  }
}

extension XXH64.Stream {
  fileprivate mutating func add(bytes: [UInt8]) {
    bytes.withUnsafeBytes { add($0) }
  }
}
