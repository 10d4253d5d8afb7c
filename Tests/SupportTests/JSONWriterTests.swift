import Support
import Testing

/// `JSONWriter` writes the bytes `JSONValue` did: the page head's JSON-LD and the search and
/// stats files must not change by a byte.
@Suite struct JSONWriterTests {
  /// Text that would end a `<script>`, start a comment, break a JavaScript line or a string.
  static let hostile =
    "</script><!--&\"\\/\u{2028}\u{2029}\u{0}\u{1}\u{8}\u{C}\u{1F}\u{7F}\n\r\t📚 三體 é\u{80}—€\u{FEFF}"
  /// What `JSONValue.rendered()` wrote for `hostile` before it wrote through `JSONWriter`:
  /// `<`, `>`, `&`, controls, U+2028/2029 as lower-case `\uXXXX`; `/`, DEL, C1, other
  /// non-ASCII (emoji, CJK, BOM) as they are.
  static let hostileJSON =
    #""\u003c/script\u003e\u003c!--\u0026\"\\/\u2028\u2029\u0000\u0001\u0008\u000c\u001f"#
    + "\u{7F}" + #"\n\r\t"# + "📚 三體 é\u{80}—€\u{FEFF}\""

  @Test func hostileStringsAreEscapedByteForByte() {
    var writer = JSONWriter()
    writer.string(JSONWriterTests.hostile)
    #expect(writer.bytes == Array(JSONWriterTests.hostileJSON.utf8))
    #expect(JSONValue.string(JSONWriterTests.hostile).rendered() == JSONWriterTests.hostileJSON)
  }

  /// Long strings are scanned sixteen bytes at a time (`ByteBlocks`): whatever is escaped in
  /// short text is escaped at any offset of long text, across a block's edge too.
  @Test func escapesAreFoundAtEveryOffsetOfLongStrings() {
    for scalar in Array(JSONWriterTests.hostile.unicodeScalars) + ["\u{E2}", "\u{2027}"] {
      let special = String(scalar)
      var short = JSONWriter()
      short.string(special)
      let escaped = String(decoding: short.bytes.dropFirst().dropLast(), as: UTF8.self)
      for offset in 0..<40 {
        let before = String(repeating: "a", count: offset)
        let after = String(repeating: "b", count: 40 - offset)
        var long = JSONWriter()
        long.string(before + special + after)
        #expect(long.bytes == Array("\"\(before)\(escaped)\(after)\"".utf8))
      }
    }
  }

  @Test func eachControlCharacterIsEscaped() {
    for scalar in 0..<0x20 {
      let text = String(UnicodeScalar(UInt8(scalar)))
      var writer = JSONWriter()
      writer.string(text)
      let expected: String
      switch scalar {
      case 0x0A: expected = #""\n""#
      case 0x0D: expected = #""\r""#
      case 0x09: expected = #""\t""#
      default:
        let hex = String(scalar, radix: 16)
        expected = "\"\\u00\(hex.count == 1 ? "0" : "")\(hex)\""
      }
      #expect(String(decoding: writer.bytes, as: UTF8.self) == expected, "U+\(scalar)")
    }
  }

  /// A truncated or different E2 sequence at the end of a string is not taken for U+2028.
  @Test func lineSeparatorsOnlyWhenWhole() {
    var writer = JSONWriter()
    writer.string("a\u{2027}\u{2028}")
    writer.string("\u{2029}")
    #expect(String(decoding: writer.bytes, as: UTF8.self) == #""a"# + "\u{2027}" + #"\u2028","\u2029""#)
  }

  @Test func callsWriteInOrderWithCommas() {
    var writer = JSONWriter(appendingTo: Array("<s>".utf8))
    writer.beginObject()
    writer.field("z", "1")
    writer.key("a")
    writer.beginArray()
    writer.int(-3)
    writer.literal("null")
    writer.beginObject()
    writer.endObject()
    writer.beginArray()
    writer.endArray()
    writer.endArray()
    writer.key("<k>")
    writer.literal("2.5")
    writer.endObject()
    #expect(
      String(decoding: writer.bytes, as: UTF8.self)
        == #"<s>{"z":"1","a":[-3,null,{},[]],"\u003ck\u003e":2.5}"#)
  }

  @Test func jsonValueWritesTheSameBytes() {
    let value = JSONValue.object([
      ("t", .string(JSONWriterTests.hostile)), ("n", .int(-3)), ("a", .array([])), ("o", .object([])),
      ("b", .array([.bool(true), .bool(false), .null, .number("1e3")])),
    ])
    #expect(
      value.rendered() == #"{"t":"# + JSONWriterTests.hostileJSON
        + #","n":-3,"a":[],"o":{},"b":[true,false,null,1e3]}"#)
  }
}
