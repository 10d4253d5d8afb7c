import Testing

@testable import Support

/// The readers of the numbers bookgen writes into its own files (the output manifest, the
/// covers' memo): anything but plain digits, or a value too large, is refused.
@Suite struct DigitReadingTests {
  @Test func decimalDigitsReadOrRefuse() {
    #expect(NumberText.value(ofDigits: "0".utf8) == 0)
    #expect(NumberText.value(ofDigits: "1234".utf8) == 1234)
    #expect(NumberText.value(ofDigits: "18446744073709551615".utf8) == UInt64.max)
    #expect((NumberText.value(ofDigits: "18446744073709551616".utf8) as UInt64?) == nil)
    #expect((NumberText.value(ofDigits: "256".utf8) as UInt8?) == nil)
    for refused in ["", "-1", "+1", "1,000", "12a", " 1"] {
      #expect((NumberText.value(ofDigits: refused.utf8) as Int?) == nil, "\(refused)")
    }
  }

  @Test func hexDigitsReadOrRefuse() {
    #expect(HexText.value(of: "ff".utf8) == 255)
    #expect(HexText.value(of: "DeadBeef".utf8) == 0xDEAD_BEEF)
    #expect(HexText.value(of: HexText.lowercase(UInt64.max).utf8) == UInt64.max)
    for refused in ["", "g", "0x1", "1 ", "11111111111111111"] {
      #expect(HexText.value(of: refused.utf8) == nil, "\(refused)")
    }
  }
}
