import Testing

@testable import Support

/// Skipping a value finds its end wherever quotes and escapes fall in the 8-byte words the
/// string scan reads at a time.
@Suite struct JSONSkipTests {
  @Test(arguments: 0..<17)
  func skippingFindsTheEndOfEveryValue(padding: Int) throws {
    let filler = String(repeating: "a", count: padding)
    let values = [
      "\"\(filler)\"", "\"\(filler)\\\"\(filler)\"", "\"\(filler)\\\\\"",
      "\"\(filler)\\u003cb\\u003e\(filler)\"",
      "{\"k\(filler)\":\"v\\\"}\(filler)\",\"n\":[1,\"]\",{}]}",
      "[\"\(filler)\",\"\\\\\",\"\(filler)\\\"x\"]",
    ]
    for value in values {
      let text = Array((value + " ,tail").utf8)
      let end = try text.withUnsafeBufferPointer { buffer in
        var reader = JSONReader(buffer)
        try reader.skipValue()
        return reader.position
      }
      #expect(end == value.utf8.count, "\(value)")
    }
  }

  @Test func anUnterminatedStringIsAnError() {
    let text = Array("\"\(String(repeating: "a", count: 20))\\\"".utf8)
    #expect(throws: JSONSyntaxError.self) {
      try text.withUnsafeBufferPointer { buffer in
        var reader = JSONReader(buffer)
        try reader.skipValue()
      }
    }
  }
}
