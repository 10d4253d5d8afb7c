import Testing

@testable import Support

/// The readers of the numbers bookgen writes into its own files (the output manifest, the
/// covers' memo): anything but plain digits, or a value too large, is refused.
@Suite struct DigitReadingTests {
  func decimal(_ text: String) -> UInt64? {
    Array(text.utf8).withUnsafeBufferPointer { NumberText.value(ofDigits: $0) }
  }

  func hex(_ text: String) -> UInt64? {
    Array(text.utf8).withUnsafeBufferPointer { HexText.value(of: $0) }
  }

  @Test func decimalDigitsReadOrRefuse() {
    #expect(decimal("0") == 0)
    #expect(decimal("1234") == 1234)
    #expect(decimal("18446744073709551615") == UInt64.max)
    #expect(decimal("18446744073709551616") == nil)
    for refused in ["", "-1", "+1", "1,000", "12a", " 1"] {
      #expect(decimal(refused) == nil, "\(refused)")
    }
  }

  @Test func hexDigitsReadOrRefuse() {
    #expect(hex("ff") == 255)
    #expect(hex("DeadBeef") == 0xDEAD_BEEF)
    #expect(hex(HexText.lowercase(UInt64.max)) == UInt64.max)
    for refused in ["", "g", "0x1", "1 ", "11111111111111111"] {
      #expect(hex(refused) == nil, "\(refused)")
    }
  }
}
