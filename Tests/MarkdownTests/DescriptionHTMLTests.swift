import Testing

@testable import Markdown

@Suite struct DescriptionHTMLTests {
  @Test(arguments: [
    ("", ""),
    ("   \n\n  ", ""),
    ("One paragraph.", "<p>One paragraph.</p>"),
    ("Line one\nline two", "<p>Line one<br>line two</p>"),
    ("First.\n\nSecond.", "<p>First.</p>\n<p>Second.</p>"),
    ("First.\r\n\r\nSecond.\rThird.", "<p>First.</p>\n<p>Second.<br>Third.</p>"),
    ("\n\n  Leading and trailing  \n\n\n", "<p>Leading and trailing</p>"),
    ("Spaces   and\ttabs collapse", "<p>Spaces and tabs collapse</p>"),
    ("First.\n \t\nSecond.", "<p>First.</p>\n<p>Second.</p>"),
    ("x < y > z, 1<2", "<p>x &lt; y &gt; z, 1&lt;2</p>"),
    ("Tom & Jerry\n\nA &amp; B", "<p>Tom &amp; Jerry</p>\n<p>A &amp; B</p>"),
    ("{{mustache}} {{{triple}}}", "<p>{{mustache}} {{{triple}}}</p>"),
    ("劉慈欣的《三體》\n\n第二段。", "<p>劉慈欣的《三體》</p>\n<p>第二段。</p>"),
  ])
  func plainTextBecomesParagraphsAndBreaks(input: String, expected: String) {
    #expect(DescriptionHTML.render(input) == expected)
  }

  @Test(arguments: [
    ("<b>bold</b> and <i>italic</i>", "<p><b>bold</b> and <i>italic</i></p>"),
    ("<b>bold", "<p><b>bold</b></p>"),
    ("text</span> more", "<p>text more</p>"),
    ("cut off <p", "<p>cut off</p>"),
    ("a<br>b<br><br>c", "<p>a<br>b</p>\n<p>c</p>"),
    ("a<br> <br> b<br>", "<p>a</p>\n<p>b</p>"),
    ("<br><br>a", "<p>a</p>"),
    ("<p>a</p><p></p><p> </p><p><br></p><p>b</p>", "<p>a</p>\n<p>b</p>"),
    ("<p>one<p>two", "<p>one</p>\n<p>two</p>"),
    ("<div>one</div><div>two</div>three", "<p>one</p>\n<p>two</p>\n<p>three</p>"),
    ("<span style=\"color:red\">red</span> <font face=x>font</font>", "<p>red font</p>"),
    ("<b>x<p>y</p>z</b>", "<p><b>x<br>y<br>z</b></p>"),
    ("<b> </b>a<i></i>", "<p>a</p>"),
    ("<b>a</b><b><br></b>b", "<p><b>a</b><br>b</p>"),
    (
      "<strike>old</strike> <s>s</s> <u>u</u> x<sub>2</sub> y<sup>3</sup> <small>sm</small>",
      "<p><s>old</s> <s>s</s> <u>u</u> x<sub>2</sub> y<sup>3</sup> <small>sm</small></p>"
    ),
    (
      "<em>em</em> <strong>strong</strong> <code>c</code>",
      "<p><em>em</em> <strong>strong</strong> <code>c</code></p>"
    ),
    ("<h1>Title</h1>Body", "<p><strong>Title</strong></p>\n<p>Body</p>"),
    ("<h4>Sub</h4>", "<p><strong>Sub</strong></p>"),
    ("<ul><li>one</li><li>two</li></ul>", "<ul><li>one</li><li>two</li></ul>"),
    ("<ul><li>a<ul><li>b</li></ul></li></ul>", "<ul><li>a<ul><li>b</li></ul></li></ul>"),
    (
      "<ol start=\"3\"><li>c</li></ol><ol start=\"x\"><li>d</li></ol>",
      "<ol start=\"3\"><li>c</li></ol>\n<ol><li>d</li></ol>"
    ),
    ("<ul><li>one</li>loose<li></li></ul>", "<ul><li>one</li><li>loose</li></ul>"),
    ("<li>stray item</li>", "<p>stray item</p>"),
    ("<blockquote>q<br><br>r</blockquote>", "<blockquote><p>q</p><p>r</p></blockquote>"),
    ("<pre>  keep\n    spacing</pre>", "<pre>  keep\n    spacing</pre>"),
    ("<table><tr><td>a</td><td>b</td></tr></table>", "<p>a</p>\n<p>b</p>"),
    ("x<!-- comment -->y", "<p>xy</p>"),
    ("<hr>a<hr>b", "<p>a</p>\n<p>b</p>"),
    ("<unknown-element>kept</unknown-element> <x y=z>too</x>", "<p>kept too</p>"),
    ("He said \"hello and <b>left</b>", "<p>He said \"hello and <b>left</b></p>"),
    ("<i>It's 'quoted</i>", "<p><i>It's 'quoted</i></p>"),
    ("<p title=x\">odd quote</p>", "<p>odd quote</p>"),
    // An attribute quote never closed swallows the rest, as in every browser.
    ("before <b class=\"x>bold</b> text", "<p>before</p>"),
    // Text is written a stretch of single-spaced words at a time: every other run of
    // whitespace becomes one space, and escapes and dropped characters are the same.
    (
      "<b> One  two\tthree \r\n</b> x <b>four &amp; 5<6</b>\u{0C} \u{1}seven\u{85} eight ",
      "<p><b>One two three</b> x <b>four &amp; 5&lt;6</b> seven eight</p>"
    ),
  ])
  func htmlKeepsHarmlessStructure(input: String, expected: String) {
    #expect(DescriptionHTML.render(input) == expected)
  }

  /// Pages take the fragment as bytes, copied as they are: `render`'s, and valid UTF-8.
  @Test(arguments: [
    "", "Plain é 漢字 😀\n\nTwo", "a &amp; b\u{85}c é", "<b>x</b> é<p>漢字\u{FFFF}</p>",
    "<div><i>gumbo</i> ü</div>",
  ])
  func renderUTF8IsRendersBytes(input: String) {
    let bytes = DescriptionHTML.renderUTF8(input)
    #expect(bytes == Array(DescriptionHTML.render(input).utf8))
    #expect(String(validating: bytes, as: UTF8.self) != nil)
  }

  @Test(arguments: [
    ("&amp;", "<p>&amp;</p>"),
    ("&amp;amp;", "<p>&amp;amp;</p>"),
    // Text needs only `& < >` escaped; quotes stay readable.
    ("&#39;quoted&#39; &quot;double&quot;", "<p>'quoted' \"double\"</p>"),
    ("a&nbsp;b", "<p>a\u{A0}b</p>"),
    ("&lt;script&gt;alert(1)&lt;/script&gt;", "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>"),
    ("&#x1F600; &#128512;", "<p>😀 😀</p>"),
    ("&bogus; & alone &amp", "<p>&amp;bogus; &amp; alone &amp;</p>"),
    ("<i>caf&eacute;</i>", "<p><i>café</i></p>"),
    ("null\u{0}byte", "<p>nullbyte</p>"),
    ("super<wbr>cali", "<p>supercali</p>"),
  ])
  func entitiesDecodeOnceAndAreEscapedAgain(input: String, expected: String) {
    #expect(DescriptionHTML.render(input) == expected)
  }

  @Test(arguments: [
    ("", ""),
    ("  plain   text \n\n next ", "plain text next"),
    ("<p>One</p><p>Two<br>Three</p>", "One Two Three"),
    ("<b>bold</b>text", "boldtext"),
    ("A &amp; B &lt;c&gt; &#39;d&#39;", "A & B <c> 'd'"),
    ("a&nbsp;&nbsp;b", "a b"),
    ("<script>alert(1)</script>visible<style>p{}</style>", "visible"),
    ("<ul><li>a</li><li>b</li></ul>", "a b"),
  ])
  func plainTextDropsMarkup(input: String, expected: String) {
    #expect(DescriptionHTML.plainText(input) == expected)
  }

  /// Block edges and line breaks separate words on both the fast reader's path and gumbo's
  /// (unclosed or unknown markup), also where the element itself is removed.
  @Test(arguments: [
    ("Click x<br>A long story", "Click x A long story"),
    ("Click x<br/>A<br />B", "Click x A B"),
    ("Click x<BR>A", "Click x A"),
    ("one<p>two", "one two"),
    ("<p>one</p>two", "one two"),
    ("one<div>two</div>three", "one two three"),
    ("<table><tr><td>one</td><td>two</td></tr></table>three", "one two three"),
    ("<dl><dt>term</dt><dd>meaning</dd></dl>", "term meaning"),
    ("<h2>Title</h2>Body", "Title Body"),
    ("one<hr>two", "one two"),
    ("<blockquote>quote</blockquote>after", "quote after"),
    ("<pre>code</pre>after", "code after"),
    ("<ol><li>a<li>b</ol>c", "a b c"),
    ("broken <b>x<br>y</i> z<p", "broken x y z"),
    ("<section>one</section><article>two</article>", "one two"),
    ("<center>one</center>two", "one two"),
    ("<b>bold</b>text<i>italic</i>", "boldtextitalic"),
    (
      "<p>Click</p><a href=\"javascript:x\">x</a><img src=x onerror=y><iframe src=z></iframe>A long",
      "Click x A long"
    ),
    ("x<img src=a.png>A", "x A"),
    ("a<iframe src=z></iframe>b", "a b"),
    ("a<video>v</video>b<object>o</object>c", "a b c"),
    ("a<input>b<select><option>o</select>c", "a b c"),
    ("a<script>s</script>b", "a b"),
    ("super<wbr>cali<wbr>fragilistic", "supercalifragilistic"),
  ])
  func plainTextSeparatesWordsAtBlocksAndBreaks(input: String, expected: String) {
    #expect(DescriptionHTML.plainText(input) == expected)
  }

  @Test(arguments: [
    ("Short enough", 20, "Short enough"),
    ("Exactly twelve", 14, "Exactly twelve"),
    ("The quick brown fox jumps over the lazy dog", 20, "The quick brown fox…"),
    ("The quick brown fox, jumps", 21, "The quick brown fox…"),
    ("Supercalifragilisticexpialidocious word", 10, "Supercali…"),
    ("劉慈欣的三體是一部科幻小說", 6, "劉慈欣的三…"),
    ("anything", 0, ""),
  ])
  func plainTextLimitCutsAtWordBoundary(input: String, limit: Int, expected: String) {
    #expect(DescriptionHTML.plainText(input, limit: limit) == expected)
    #expect(expected.count <= limit)
  }

  /// The cut as first written (three walks over the characters): both fast paths must agree.
  private static func referenceTruncate(_ text: String, limit: Int) -> String {
    guard limit > 0 else { return "" }
    guard let end = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex),
      end < text.endIndex
    else { return text }
    let keep = text[..<text.index(before: end)]
    var cut = keep.endIndex
    if text[cut] != " ", let space = keep.lastIndex(of: " "),
      keep.distance(from: keep.startIndex, to: space) >= limit / 2
    {
      cut = space
    }
    var head = keep[..<cut]
    while let last = head.last, last == " " || ",;:".contains(last) { head = head.dropLast() }
    return head + "…"
  }

  /// Counting bytes on ASCII text, and counting characters in one pass, must cut exactly where
  /// the reference does: at a combining mark just past the cut, after commas and spaces, in CJK
  /// text, at emoji sequences, and with no space at all.
  @Test func truncationMatchesTheReference() {
    let texts = [
      "The quick brown fox, jumps over the lazy dog; again: and again, and again and again.",
      "Supercalifragilisticexpialidocious and then some words", "a b c d e f g h i j k l m n o p",
      "e\u{301}tude cafe\u{301} resume\u{301} naive\u{308} words after the accents here",
      "ASCII first, then 中文 characters 日本語 after a while in the text",
      "commas,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,, and then text",
      "劉慈欣的三體是一部科幻小說，講述 地球文明 與三體文明的接觸。", "flags 🇹🇼🇯🇵 family 👨‍👩‍👧 end of text",
      "", "a", "ab", "か\u{3099}き\u{3099}く\u{3099} 濁点 が 結合文字 で書かれている 文章 です",
      "ｶﾞｷﾞｸﾞ 半角 カタカナ の 濁点 付き 文字列", "三體\u{200D}文明 與 地球", "「三體」、『球狀閃電』。",
    ]
    for text in texts {
      for limit in 0...text.utf8.count + 1 {
        let expected = Self.referenceTruncate(text, limit: limit)
        #expect(PlainTextWriter.truncate(text, limit: limit) == expected, "\(text) at \(limit)")
        #expect(PlainTextWriter.truncateCharacters(text, limit: limit) == expected, "\(text) at \(limit)")
        if let cut = PlainTextWriter.truncateScalars(text, limit: limit) {
          #expect(cut == expected, "\(text) at \(limit)")
        }
      }
    }
  }

  /// Long descriptions are converted only as far as the cuts need: the cuts must be exactly
  /// those of the whole text, including when the start is too short (wide characters) and the
  /// whole text has to be converted after all.
  @Test(arguments: [
    String(repeating: "<p>The quick <b>brown</b> fox &amp; the lazy dog, again.</p>\n", count: 200),
    String(repeating: "劉慈欣的三體是一部科幻小說，講述地球文明與三體文明的接觸。", count: 150),
    String(repeating: "word ", count: 2_000),
    String(repeating: "e" + String(repeating: "\u{301}", count: 20) + " ", count: 600),
    String(repeating: "x", count: 9_000), "Short.", "",
    "<p>" + String(repeating: "Mixed 中文 and <i>italics</i> ", count: 400) + "</p>",
  ])
  func cutsOfTheStartAreCutsOfTheWhole(description: String) {
    let whole = DescriptionHTML.plainText(description)
    for limit in [500, 160, 3, 0, 2_000] {
      #expect(
        DescriptionHTML.plainText(description, limit: limit) == PlainTextWriter.truncate(whole, limit: limit))
    }
  }

  /// A search index reads a description without markup as it is (its words are its text's) and
  /// converts only the start of its text, at least as many characters as asked for; one with
  /// markup is converted whole.
  @Test(arguments: [
    "word\r\n\n  word\u{A0}word\t" + String(repeating: "more words ", count: 100), "Short.", "",
    String(repeating: "劉慈欣的三體是一部科幻小說。\n", count: 40), "<p>Tagged <b>text</b></p>", "Fish &amp; chips",
  ])
  func searchTextIsTheWordsAndTheStartOfThePlainText(description: String) {
    let whole = DescriptionHTML.plainText(description)
    let (words, start) = DescriptionHTML.searchText(description, characters: 20)
    #expect(words == (description.contains("<") || description.contains("&") ? whole : description))
    #expect(whole.hasPrefix(start))
    #expect(start.unicodeScalars.count >= min(21, whole.unicodeScalars.count))
  }

  /// The summary converts only the start (4 bytes a character of the cut) and reads
  /// the rest's markup without writing it: for descriptions just under and over that start,
  /// with references, tags and wide characters at its edge, and markup outside the subset
  /// after it (which must still send the whole description to gumbo), the cuts must be the
  /// whole conversion's.
  @Test func summaryOfTheStartIsTheWholeConversionsCut() {
    let pieces = [
      "word ", "Longerword, ", "<b>bold</b> ", "<i>it", "</i>", "&amp; ", "&nbsp;", "&#x4E2D;", "中文字",
      "三體。", "<br>", "</p><p>", "e\u{301}\u{302} ", "  \n", "<a href=\"https://e.com/?a=1&amp;b\">link</a> ",
      "<!-- c -->", "x<y ", "😀 ",
    ]
    let tails = [
      "", " end.", "<div>block</div>", "</b>", "&eacute; ", "\u{0}", "<p>a<p>b", "<?x>", "<ul><li>a<li>b",
      "<table>x</table>", "&ampx", "<pre>\r\n</pre>",
    ]
    var random = SplitMix64(seed: 17)
    let budget = 4 * (160 + 2)
    var fallbacks = 0
    for round in 0..<600 {
      var description = round % 2 == 0 ? "<p>" : ""
      // Lengths from well under to well over the start that is converted.
      let target = budget - 200 + Int(random.next() % 400)
      while description.utf8.count < target {
        description += pieces[Int(random.next() % UInt64(pieces.count))]
      }
      description += tails[Int(random.next() % UInt64(tails.count))]
      if round % 3 == 0 { description += String(repeating: "more text ", count: Int(random.next() % 40)) }
      let whole = DescriptionHTML.plainText(description)
      for limit in [160, 40, 3] {
        #expect(
          DescriptionHTML.plainText(description, limit: limit)
            == PlainTextWriter.truncate(whole, limit: limit),
          "\(description.debugDescription)")
      }
      var bytes = Array(description.utf8)
      var writer = PlainTextWriter(capacity: 0)
      if !bytes.withUnsafeMutableBufferPointer({ SimpleHTML.walk(UnsafeBufferPointer($0), with: &writer) }) {
        fallbacks += 1
      }
    }
    // Some descriptions must have needed gumbo, or the tails tested nothing.
    #expect(fallbacks > 50)
  }

  /// The fast path for plain text must give the bytes the HTML parser would give for the
  /// same text with its newlines written as `<br>`.
  @Test(arguments: [
    "", "a", "  a  b  ", "a\nb", "a\n\nb", "a\n\n\n\nb\n", "\n\na\r\nb\rc\n \n d",
    "x < y > z", "tab\tsep\u{C}ff", "中文\n\n日本語", "trailing space \n next",
  ])
  func plainFastPathMatchesParser(text: String) {
    let viaParser = HTMLSanitizer.sanitize(
      text.replacing("\r\n", with: "<br>").replacing("\r", with: "<br>").replacing("\n", with: "<br>"))
    #expect(DescriptionHTML.render(text) == viaParser)
  }

  @Test(arguments: ["volume-49T5twEACAAJ-children-of-time", "volume-oMVIzzKjJCcC-spring"])
  func googleDescriptionsRenderAsReviewed(fixture: String) throws {
    let input = try Fixture.read("\(fixture).description.html")
    let expected = try Fixture.read("\(fixture).expected.html")
    #expect(DescriptionHTML.render(input) + "\n" == expected)
  }
}
