import Testing

@testable import Markdown

@Suite struct MarkdownTests {
  @Test(arguments: [
    ("", ""),
    ("Hello *world*", "<p>Hello <em>world</em></p>"),
    ("**strong** and `code`", "<p><strong>strong</strong> and <code>code</code></p>"),
    ("# Title\n\n## Sub\n\nText", "<h1>Title</h1>\n<h2>Sub</h2>\n<p>Text</p>"),
    ("Para one.\n\nPara two\ncontinues.", "<p>Para one.</p>\n<p>Para two continues.</p>"),
    ("Hard  \nbreak", "<p>Hard<br>break</p>"),
    ("- one\n- two\n  - nested", "<ul><li>one</li><li>two<ul><li>nested</li></ul></li></ul>"),
    ("3. three\n4. four", "<ol start=\"3\"><li>three</li><li>four</li></ol>"),
    ("> quoted", "<blockquote><p>quoted</p></blockquote>"),
    ("```\nlet x = 1 < 2\n```", "<pre><code>let x = 1 &lt; 2\n</code></pre>"),
    ("---", "<hr>"),
    (
      "[site](https://example.com \"Title\")",
      "<p><a href=\"https://example.com\" title=\"Title\">site</a></p>"
    ),
    ("[home](/collections/sf/)", "<p><a href=\"/collections/sf/\">home</a></p>"),
    ("![cover](https://example.com/c.jpg)", "<p><img src=\"https://example.com/c.jpg\" alt=\"cover\"></p>"),
    ("\"Smart\" quotes -- and dashes...", "<p>\u{201C}Smart\u{201D} quotes \u{2013} and dashes\u{2026}</p>"),
    ("劉慈欣的**三體**，*科幻*。", "<p>劉慈欣的<strong>三體</strong>，<em>科幻</em>。</p>"),
    ("{{mustache}} stays", "<p>{{mustache}} stays</p>"),
    ("Tom & Jerry &amp; <3", "<p>Tom &amp; Jerry &amp; &lt;3</p>"),
  ])
  func rendersCommonMark(input: String, expected: String) {
    #expect(Markdown.renderHTML(input) == expected)
  }

  @Test(arguments: [
    ("<script>alert(1)</script>", ""),
    ("text <b onclick=x>raw</b> html", "<p>text raw html</p>"),
    ("<div>\nblock html\n</div>\n\nafter", "<p>after</p>"),
    ("[x](javascript:alert(1))", "<p>x</p>"),
    ("[x]( JaVaScRiPt:alert(1))", "<p>x</p>"),
    ("[x](<javascript:alert(1)>)", "<p>x</p>"),
    ("[x](data:text/html,hi)", "<p>x</p>"),
    ("[x](vbscript:msgbox)", "<p>x</p>"),
    ("![x](javascript:alert(1))", ""),
    ("<javascript:alert(1)>", "<p>javascript:alert(1)</p>"),
    ("<https://example.com>", "<p><a href=\"https://example.com\">https://example.com</a></p>"),
  ])
  func neutralisesRawHTMLAndDangerousLinks(input: String, expected: String) {
    #expect(Markdown.renderHTML(input) == expected)
  }

  @Test(arguments: [
    ("", ""),
    ("# Title\n\nSome *emphasis* and `code`.", "Title Some emphasis and code."),
    ("Line\nwrapped\n\n- a\n- b", "Line wrapped a b"),
    ("Raw <b>html</b> dropped", "Raw html dropped"),
    ("[link text](https://example.com)", "link text"),
    ("劉慈欣\n\n《三體》", "劉慈欣 《三體》"),
  ])
  func plainTextKeepsOnlyText(input: String, expected: String) {
    #expect(Markdown.plainText(input) == expected)
  }
}
