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
    (0, "0000000000000000"), (0xF, "000000000000000f"), (UInt64.max, "ffffffffffffffff"),
    (0x0123_4567_89AB_CDEF, "0123456789abcdef"),
  ])
  func sixteenHexDigitsWithLeadingZeros(value: UInt64, text: String) {
    #expect(HexText.lowercase(value) == text)
  }
}
