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
    "<a href=\"https://e.com/?a=1&amp;b=2\">",
    "<a href='javascript:alert(1)' title=\"t&quot;\">", "<a HREF=/rel>", "<ul>", "</ul>", "<ol start=\"2\">",
    "</ol>", "<li>", "</li>", "<h2>", "</h2>", "<h3 id=x>", "</h3>", "<pre>", "<pre>\n", "</pre>",
    "<code>", "</code>", "<blockquote>", "</blockquote>", "<hr>", "<hr />",
    "<img src=\"https://e.com/c.jpg\" alt=\"a\" />",
    "<img src=x onerror=alert(1)>", "<!-- raw HTML omitted -->", "<!---->", "<!-- a -- b -->",
    "<!DOCTYPE html>",
    "\r", "<blockquote1>", "<h7>", "<a href=x href=y>",
  ]

  @Test func fastPathMatchesParserOnGeneratedInput() {
    var random = SplitMix64(seed: 7)
    var fast = 0
    let total = 6000
    for _ in 0..<total {
      let count = Int(random.next() % 12) + 1
      var input = (0..<count).map { _ in Self.pieces[Int(random.next() % UInt64(Self.pieces.count))] }
        .joined()
      if random.next() % 3 == 0 { input = "<p>" + input }
      var bytes = Array(input.utf8)
      for policy in [SanitizerPolicy.description, .markdown] {
        let viaParser = bytes.withUnsafeBufferPointer { sanitizeWithParser($0, policy: policy) }
        #expect(HTMLSanitizer.sanitize(input, policy: policy) == viaParser, "\(input.debugDescription)")
      }

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

  /// cmark's output always stays in the subset, so notes never need gumbo.
  @Test func cmarkOutputTakesTheFastPathWithTheSameResult() {
    let pieces = [
      "# Heading\n", "## Sub *em*\n", "Text with **strong** and `code`.", "\n\n", "\n", "- item\n",
      "  - nested\n", "1. first\n", "3. third\n", "> quote\n", "```\ncode <b>\n```\n", "    indented\n",
      "[link](https://example.com/?a=1&b=2 \"T\")", "[bad](javascript:alert(1))",
      "![img](https://e.com/i.png)",
      "<b>raw</b>", "<div>\nblock\n</div>\n", "---\n", "Hard  \nbreak", "&amp; &copy; &#123;",
      "\"smart\" -- ...",
      "中文", "<https://auto.example>", "*unclosed", "\\<escaped>", "a < b > c",
    ]
    var random = SplitMix64(seed: 11)
    for _ in 0..<1500 {
      let count = Int(random.next() % 10) + 1
      let markdown = (0..<count).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
      var html = Markdown.cmarkHTML(markdown)
      var writer = PlainTextWriter(capacity: 0)
      let isSimple = html.withUTF8 { SimpleHTML.walk($0, with: &writer) }
      #expect(isSimple, "\(html.debugDescription)")
      for policy in [SanitizerPolicy.description, .markdown] {
        let viaParser = html.withUTF8 { sanitizeWithParser($0, policy: policy) }
        #expect(HTMLSanitizer.sanitize(html, policy: policy) == viaParser, "\(markdown.debugDescription)")
      }
    }
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
    ("<a href=\"https://example.com\">link</a> <ul><li>a</li></ul><h2>h</h2><pre>p</pre>", true),
    ("<p>a<ul><li>list closes the paragraph</li></ul>", false),
    ("<li>one<li>two", false),
    ("<a href=x>link <a href=y>in link</a></a>", false),
    ("<h2>heading <h3>in heading</h3></h2>", false),
    ("<a href=\"?a=1&b=2\">legacy reference</a>", false),
    ("<b><p>block in inline</p></b>", true),
    ("AT&T", false),
    ("<!-- comment -->", true),
    ("<!-- odd -- comment -->", false),
  ])
  func recognisesTheSubset(input: String, isSimple: Bool) {
    var input = input
    var writer = PlainTextWriter(capacity: 0)
    #expect(input.withUTF8 { SimpleHTML.walk($0, with: &writer) } == isSimple)
  }
}

/// Sanitizes through gumbo whatever the input; the fast path must give the same bytes.
private func sanitizeWithParser(_ html: UnsafeBufferPointer<UInt8>, policy: SanitizerPolicy) -> String {
  var writer = SanitizedHTMLWriter(policy: policy, capacity: html.count + 32)
  GumboTree.walk(html, with: &writer)
  return writer.finish()
}
