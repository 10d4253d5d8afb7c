import Testing

@testable import Markdown

@Test(arguments: [
  ("", ""),
  ("plain text, nothing to do", "plain text, nothing to do"),
  ("a & b < c > d \"e\" 'f'", "a &amp; b &lt; c &gt; d &quot;e&quot; &#39;f&#39;"),
  ("&amp;", "&amp;amp;"),
  ("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
  ("三體 & 流浪地球 <中>", "三體 &amp; 流浪地球 &lt;中&gt;"),
  ("\u{202E}rtl\u{200B}zw`", "\u{202E}rtl\u{200B}zw`"),
  // HTML forbids control characters; tab, newline and the no-break space (C2 A0) stay.
  ("a\u{1}b\u{B}c\u{7F}d\u{85}e\u{9F}f", "abcdef"),
  ("tab\there\nnbsp\u{A0}©«", "tab\there\nnbsp\u{A0}©«"),
])
func escapeReplacesTheFiveSpecialCharacters(input: String, expected: String) {
  #expect(HTMLEscaping.escape(input) == expected)
}

@Test func escapeAttributeAlsoEscapesBacktick() {
  #expect(HTMLEscaping.escapeAttribute("a`b\"c'd") == "a&#96;b&quot;c&#39;d")
  #expect(HTMLEscaping.escapeAttribute("https://example.com/?a=1&b=2") == "https://example.com/?a=1&amp;b=2")
}
