import Testing

@testable import Support

@Suite struct TextEncodingTests {
  @Test(
    arguments: [
      ([], nil), (Array("plain".utf8), nil), (Array("三體 é".utf8), nil), ([0x61, 0xE9, 0x62], 1),
      ([0x61, 0xE4, 0xB8], 1), ([0xC0, 0x80], 0), ([0x61, 0x62, 0xED, 0xA0, 0x80], 2),
      (Array("ok ".utf8) + [0xFF], 3),
    ] as [([UInt8], Int?)])
  func firstInvalidUTF8Byte(bytes: [UInt8], offset: Int?) {
    #expect(TextEncoding.firstInvalidUTF8Byte(in: bytes) == offset)
  }

  @Test(
    arguments: [
      ([0xFF, 0xFE, 0x61, 0x00], "UTF-16"), ([0xFE, 0xFF], "UTF-16"), ([0x61, 0x00, 0x62, 0x00], "UTF-16"),
      ([0x00, 0x61], "UTF-16"), ([0xFF, 0xFE, 0x00, 0x00], "UTF-32"), ([0x00, 0x00, 0xFE, 0xFF], "UTF-32"),
      ([0x61, 0x00, 0x00, 0x00], "UTF-32"), ([0x00, 0x00, 0x00, 0x61], "UTF-32"),
      (Array("site:".utf8), nil), ([0xEF, 0xBB, 0xBF, 0x61], nil), ([0x61], nil),
    ] as [([UInt8], String?)])
  func wideEncodings(bytes: [UInt8], encoding: String?) {
    #expect(TextEncoding.wideEncoding(of: bytes) == encoding)
  }
}
