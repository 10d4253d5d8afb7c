import Testing

@testable import Support

/// Reading a string gives the same text wherever its quotes, escapes and forbidden characters
/// fall in the 8-byte words the scan skips at a time.
@Suite struct JSONStringTests {
  @Test(arguments: 0..<17)
  func stringsReadAlikeAtEveryOffset(padding: Int) throws {
    let filler = String(repeating: "a", count: padding)
    // (JSON text between the quotes, the string read)
    let cases: [(String, String)] = [
      (filler, filler),
      ("\(filler)\\u003cb\\u003e\(filler)", "\(filler)<b>\(filler)"),
      ("\(filler)\u{1}x\(filler)", "\(filler)x\(filler)"),
      ("\(filler)\u{7F}\(filler)\u{85}y", "\(filler)\(filler)y"),
      ("\(filler)\\u0001\(filler)\u{FFFE}z", "\(filler)\(filler)z"),
      ("\(filler)\t\(filler)\n\r", "\(filler)\t\(filler)\n\r"),
      ("三體\(filler)，\(filler)·é\u{9F}", "三體\(filler)，\(filler)·é"),
      ("\(filler)\\\"\(filler)\\\\\u{FFFF}", "\(filler)\"\(filler)\\"),
    ]
    for (json, expected) in cases {
      let text = Array(("\"" + json + "\" ,tail").utf8)
      let (value, end) = try text.withUnsafeBufferPointer { buffer in
        var reader = JSONReader(buffer)
        let value = try reader.string("s")
        return (value, reader.position)
      }
      #expect(value == expected, "\(json.debugDescription)")
      #expect(end == json.utf8.count + 2, "\(json.debugDescription)")
    }
  }
}
