import Testing

@testable import Support

/// One escaper for pages, the sanitizer's output, feeds and the preview's error page. The HTML
/// copy kept form feed, U+FFFE and U+FFFF, the XML copy kept DEL and the C1 controls, the error
/// page kept them all; now each context drops every character `ControlCharacters` forbids.
@Suite struct MarkupEscapingTests {
  @Test(arguments: [
    ("", ""),
    ("plain text, nothing to do", "plain text, nothing to do"),
    ("a & b < c > d \"e\" 'f'", "a &amp; b &lt; c &gt; d &quot;e&quot; &#39;f&#39;"),
    ("&amp;", "&amp;amp;"),
    ("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
    ("三體 & 流浪地球 <中>", "三體 &amp; 流浪地球 &lt;中&gt;"),
    ("\u{202E}rtl\u{200B}zw`", "\u{202E}rtl\u{200B}zw`"),
    // Tab, newline and the no-break space (C2 A0) stay; other C2 and EF sequences too.
    ("a\u{1}b\u{B}c\u{7F}d\u{85}e\u{9F}f", "abcdef"),
    ("tab\there\nnbsp\u{A0}©«\u{FFFD}\u{FEFF}", "tab\there\nnbsp\u{A0}©«\u{FFFD}\u{FEFF}"),
  ])
  func htmlReplacesTheFiveSpecialCharacters(input: String, expected: String) {
    #expect(MarkupEscaping.escape(input, .html) == expected)
    #expect(MarkupEscaping.escape(input, .html) == expected)
  }

  @Test func attributesAlsoEscapeTheBacktickAndTextOnlyTheThree() {
    #expect(MarkupEscaping.escape("a`b\"c'd", .htmlAttribute) == "a&#96;b&quot;c&#39;d")
    #expect(
      MarkupEscaping.escape("https://example.com/?a=1&b=2", .htmlAttribute)
        == "https://example.com/?a=1&amp;b=2")
    #expect(MarkupEscaping.escape("a`b\"c'd<e>&", .htmlText) == "a`b\"c'd&lt;e&gt;&amp;")
  }

  @Test(arguments: [
    ("a&b<c>\"d'e", "a&amp;b&lt;c&gt;&quot;d'e"), ("\u{0}x\u{1}\u{1F}y", "xy"), ("\t\n\r", "\t\n\r"),
    ("\u{FFFE}三\u{FFFF}體\u{FFFD}", "三體\u{FFFD}"), ("plain", "plain"), ("", ""),
  ])
  func xmlEscapesFourAndDropsWhatXMLForbids(text: String, expected: String) {
    #expect(MarkupEscaping.escape(text, .xml) == expected)
    var output = "<t>"
    MarkupEscaping.append(text, to: &output, .xml)
    #expect(output == "<t>" + expected)
  }

  /// Where the copies disagreed: the same forbidden characters leave every context.
  @Test(arguments: [MarkupEscaping.Characters.htmlText, .html, .htmlAttribute, .xml])
  func everyContextDropsTheSameCharacters(characters: MarkupEscaping.Characters) {
    let text = "a\u{C}b\u{7F}c\u{80}d\u{9F}e\u{FFFE}f\u{FFFF}g"
    #expect(MarkupEscaping.escape(text, characters) == "abcdefg")
    #expect(ControlCharacters.removingForbidden(text) == "abcdefg")
    var bytes: [UInt8] = []
    MarkupEscaping.append(text, to: &bytes, characters)
    #expect(String(decoding: bytes, as: UTF8.self) == "abcdefg")
  }

  @Test func charactersThatStartLikeForbiddenOnesAreKept() {
    // C2 A9 (©), EF BF BD, EF 80 80 and C2 A0 start like C1 controls or U+FFFE: ordinary text.
    for characters in [MarkupEscaping.Characters.htmlText, .html, .htmlAttribute, .xml] {
      #expect(MarkupEscaping.escape("©\u{FFFD}\u{F000}x\u{A0}", characters) == "©\u{FFFD}\u{F000}x\u{A0}")
    }
  }

  /// Long text is scanned sixteen bytes at a time (`ByteBlocks`): a special character or a
  /// forbidden sequence at any offset, across a block's edge too, is escaped as in short text.
  @Test(arguments: [MarkupEscaping.Characters.htmlText, .html, .htmlAttribute, .xml])
  func specialCharactersAreFoundAtEveryOffsetOfLongText(characters: MarkupEscaping.Characters) {
    let specials = [
      "&", "<", ">", "\"", "'", "`", "\u{1}", "\u{7F}", "\u{85}", "\u{FFFE}", "\u{FFFF}", "©", "\n", "é",
    ]
    for special in specials {
      let escaped = MarkupEscaping.escape(special, characters)
      for offset in 0..<40 {
        let before = String(repeating: "a", count: offset)
        let after = String(repeating: "b", count: 40 - offset)
        #expect(MarkupEscaping.escape(before + special + after, characters) == before + escaped + after)
        var bytes: [UInt8] = []
        MarkupEscaping.append(before + special + special + after, to: &bytes, characters)
        #expect(String(decoding: bytes, as: UTF8.self) == before + escaped + escaped + after)
      }
    }
  }
}
