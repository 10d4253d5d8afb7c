import Testing

@testable import Markdown

/// The fast reader for simple descriptions must give exactly what the gumbo path gives.
@Suite struct SimpleHTMLTests {
  static let pieces = [
    "<p>", "</p>", "<br>", "<br/>", "<BR />", "<b>", "</b>", "<i>", "</i>", "<em>", "</em>",
    "<strong>", "</strong>", "<u>", "</u>", "<s>", "</s>", "<sub>", "</sub>", "<sup>", "</sup>",
    "<small>", "</small>", "<B>", "</B>", " ", "  ", "\n", "\n\n", "\t", "\r\n", "text", "Word.",
    "中文", "&amp;", "&lt;", "&gt;", "&quot;", "&apos;", "&nbsp;", "&#39;", "&#x1F600;", "&#128;",
    "&#0;", "&#xD800;", "&", "& ", "&amp", "AT&T", "&eacute;", "<", "< ", "<3", ">", "<span>",
    "</span>", "<p class=x>", "<!-- c -->", "</br>", "<ul><li>", "</li></ul>", "\u{A0}", "'\"",
    "<span style=\"color: red\">", "<font face='a>b'>", "<b id=x/>", "<p/>", "<i data-x = y >", "<b-x>",
    "<span title=\"a\"b=c>", "<b =x>", "<font size=3 face=\"", "<i\n class\n=\n'x'\n>", "</b x>",
    "<a href=x>",
    "</a>", "<div>", "</div>", "<br class=x/>", "<p\t>", "<small/ >",
  ]

  @Test func fastPathMatchesParserOnGeneratedInput() {
    var random = SplitMix64(seed: 7)
    var fast = 0
    let total = 4000
    for _ in 0..<total {
      let count = Int(random.next() % 12) + 1
      var input = (0..<count).map { _ in Self.pieces[Int(random.next() % UInt64(Self.pieces.count))] }
        .joined()
      if random.next() % 3 == 0 { input = "<p>" + input }
      var bytes = Array(input.utf8)
      let viaParser = bytes.withUnsafeBufferPointer {
        HTMLSanitizer.sanitizeWithParser($0, policy: .description)
      }
      #expect(HTMLSanitizer.sanitize(input) == viaParser, "\(input.debugDescription)")

      var textViaParser = PlainTextWriter(capacity: 0)
      var textFast = PlainTextWriter(capacity: 0)
      let isSimple = bytes.withUnsafeMutableBufferPointer { buffer in
        let bytes = UnsafeBufferPointer(buffer)
        GumboTree.walk(bytes, with: &textViaParser)
        return SimpleHTML.walk(bytes, with: &textFast)
      }
      if isSimple {
        fast += 1
        #expect(textFast.finish() == textViaParser.finish(), "\(input.debugDescription)")
      }
    }
    // The comparison means something only if many inputs took the fast path.
    #expect(fast > total / 10)
  }

  @Test(arguments: [
    ("<b>bold</b> and <i>it</i><br><br>next", true),
    ("<p>one</p><p>two<p>three", true),
    ("a &amp; b &#39;c&#39; &nbsp;", true),
    ("x < y", true),
    ("<b>unclosed", true),
    ("<b><i>misnested</b></i>", false),
    ("<span style=\"color: red\">span</span> <p class=\"x\">attribute</p>", true),
    ("<div>other element</div>", false),
    ("<a href=\"https://example.com\">link</a>", false),
    ("<b><p>block in inline</p></b>", false),
    ("AT&T", false),
    ("<!-- comment -->", false),
  ])
  func recognisesTheSubset(input: String, isSimple: Bool) {
    var input = input
    var writer = PlainTextWriter(capacity: 0)
    #expect(input.withUTF8 { SimpleHTML.walk($0, with: &writer) } == isSimple)
  }
}
