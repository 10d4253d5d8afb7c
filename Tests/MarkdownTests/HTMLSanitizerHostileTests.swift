import Testing

@testable import Markdown

@Suite struct HTMLSanitizerHostileTests {
  @Test(arguments: [
    ("<script>alert(1)</script>", ""),
    ("before<script>alert(1)</script>after", "<p>beforeafter</p>"),
    ("<SCRIPT SRC=//evil.example/x.js></SCRIPT>ok", "<p>ok</p>"),
    ("<img src=x onerror=alert(1)>", ""),
    ("\"><img src=x onerror=alert(1)>", "<p>\"&gt;</p>"),
    ("<a href=\"javascript:alert(1)\">click</a>", "<p>click</p>"),
    ("<a href=\" JaVaScRiPt:alert(1)\">click</a>", "<p>click</p>"),
    ("<a href=\"java&#x09;script:alert(1)\">click</a>", "<p>click</p>"),
    ("<a href=\"&#106;avascript:alert(1)\">click</a>", "<p>click</p>"),
    ("<a href=\"\u{1}javascript:alert(1)\">click</a>", "<p>click</p>"),
    ("<a href=\"data:text/html,<script>alert(1)</script>\">d</a>", "<p>d</p>"),
    ("<a href=\"vbscript:msgbox(1)\">v</a>", "<p>v</p>"),
    ("<a href=\"//evil.example/\">protocol-relative</a>", "<p>protocol-relative</p>"),
    ("<a href=\"/relative\">relative</a>", "<p>relative</p>"),
    ("<a>no href</a>", "<p>no href</p>"),
    (
      "<a href=\"https://e.com/a b?q=\\x{y}|^&#96;%zz%41\">spaces</a>",
      "<p><a href=\"https://e.com/a%20b?q=%5Cx%7By%7D%7C%5E%60%25zz%41\" rel=\"nofollow noopener noreferrer\">spaces</a></p>"
    ),
    ("bell\u{7}\u{1B}[31m", "<p>bell[31m</p>"),
    (
      "<a href=\" https://example.com/a?b=1&amp;c=2 \" onclick=\"x()\" target=_blank>ok</a>",
      "<p><a href=\"https://example.com/a?b=1&amp;c=2\" rel=\"nofollow noopener noreferrer\">ok</a></p>"
    ),
    (
      "<a href=\"HTTP://EXAMPLE.COM/\">caps</a> <a href=\"mailto:a@example.com\">mail</a>",
      "<p><a href=\"HTTP://EXAMPLE.COM/\" rel=\"nofollow noopener noreferrer\">caps</a> "
        + "<a href=\"mailto:a@example.com\" rel=\"nofollow noopener noreferrer\">mail</a></p>"
    ),
    (
      "<a href='https://x.example/\"onmouseover=\"alert(1)'>q</a>",
      "<p><a href=\"https://x.example/%22onmouseover=%22alert(1)\" rel=\"nofollow noopener noreferrer\">q</a></p>"
    ),
    ("<iframe src=\"https://evil.example\">inside</iframe>after", "<p>after</p>"),
    ("<style>body{display:none}</style>text", "<p>text</p>"),
    ("<svg onload=alert(1)><text>t</text></svg>x", "<p>x</p>"),
    ("<math><mi>x</mi></math>y", "<p>y</p>"),
    ("<p onclick=\"alert(1)\" style=\"x\" class=\"c\">para</p>", "<p>para</p>"),
    ("<b onmouseover=alert(1)>b</b>", "<p><b>b</b></p>"),
    (
      "<object data=x>o</object><embed src=x><template><b>t</b></template><noscript>n</noscript>z", "<p>z</p>"
    ),
    (
      "<form action=x><input value=v><button>press</button><select><option>o</option></select></form>",
      "<p>press</p>"
    ),
    ("<meta http-equiv=refresh content=0;url=x><link rel=stylesheet href=x><base href=x>m", "<p>m</p>"),
    ("<title>t</title><head>h</head>body", "<p>hbody</p>"),
    ("<video src=x>fallback</video><audio>a</audio>v", "<p>v</p>"),
    ("{{mustache}} {{{raw}}} {{#section}}", "<p>{{mustache}} {{{raw}}} {{#section}}</p>"),
    (
      "\u{202E}gnp.exe \u{200B}zero\u{200D}width\u{FEFF}",
      "<p>\u{202E}gnp.exe \u{200B}zero\u{200D}width\u{FEFF}</p>"
    ),
    ("<p>x</p><!--<script>alert(1)</script>-->", "<p>x</p>"),
    // In HTML, `<![CDATA[` opens a bogus comment that ends at the first `>`, as in browsers.
    ("<![CDATA[<script>alert(1)</script>]]>", "<p>alert(1)]]&gt;</p>"),
    ("<scr<script>ipt>alert(1)</script>", "<p>ipt&gt;alert(1)</p>"),
  ])
  func hostileMarkupIsRemovedAndTextKept(input: String, expected: String) {
    #expect(HTMLSanitizer.sanitize(input) == expected)
  }

  @Test func emptyInputGivesEmptyOutput() {
    #expect(HTMLSanitizer.sanitize("") == "")
    #expect(DescriptionHTML.render("") == "")
    #expect(DescriptionHTML.plainText("") == "")
  }

  @Test func largeDescriptionKeepsAllText() {
    let paragraph = "Word <b>bold</b> &amp; more text here.<br><br>"
    let input = String(repeating: paragraph, count: 50_000 / paragraph.utf8.count + 1)
    let output = DescriptionHTML.render(input)
    let paragraphs = output.split(separator: "\n")
    #expect(paragraphs.count == input.utf8.count / paragraph.utf8.count)
    #expect(paragraphs.allSatisfy { $0 == "<p>Word <b>bold</b> &amp; more text here.</p>" })
  }

  @Test func deepNestingDoesNotOverflowTheStack() async {
    let depth = 5_000
    let input = String(repeating: "<div><span>", count: depth) + "deep"
    // Child tasks run on threads with small stacks, as the site build does.
    let output = await Task.detached { DescriptionHTML.render(input) }.value
    #expect(output == "<p>deep</p>")
  }

  /// Output is checked for what would execute in a browser, over many generated combinations
  /// of hostile fragments glued together in different orders and with broken endings.
  @Test func generatedHostileInputNeverYieldsExecutableMarkup() {
    let pieces = [
      "<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "<a href=\"javascript:alert(1)\">j</a>",
      "<a href=' JaVaScRiPt:alert(1)'>", "<svg onload=alert(1)>", "<p onclick=alert(1)>",
      "<iframe srcdoc='<script>alert(1)</script>'>", "<a href=\"data:text/html;base64,PHNjcmlwdD4=\">",
      "<style>@import 'x'</style>", "\"><script>", "<b", "</", "<!--", "-->", "<![CDATA[", "]]>",
      "<math><mtext><script>alert(1)</script>",
      "<noscript><p title=\"</noscript><img src=x onerror=alert(1)>\">",
      "<textarea><script>alert(1)</script></textarea>", "&lt;script&gt;", "<div onmouseover=alert(1)>",
      "<a href=\"vbscript:x\">", "<form><button formaction=javascript:alert(1)>", "text", "<br>",
      "<object data=javascript:alert(1)>", "<table><td background=javascript:alert(1)>",
    ]
    var random = SplitMix64(seed: 2026)
    for _ in 0..<3000 {
      let count = Int(random.next() % 8) + 1
      let input = (0..<count).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
      for output in [HTMLSanitizer.sanitize(input), DescriptionHTML.render(input)] {
        let lowered = output.lowercased()
        #expect(!lowered.contains("<script"), "\(input) → \(output)")
        #expect(!lowered.contains("javascript:"), "\(input) → \(output)")
        #expect(!lowered.contains("vbscript:"), "\(input) → \(output)")
        #expect(!lowered.contains("data:"), "\(input) → \(output)")
        #expect(!hasEventHandlerAttribute(lowered), "\(input) → \(output)")
        #expect(!lowered.contains("<iframe") && !lowered.contains("<svg") && !lowered.contains("<img"))
        #expect(tagNames(in: lowered).isSubset(of: Self.allowedTags), "\(input) → \(output)")
      }
    }
  }

  static let allowedTags: Set<String> = [
    "p", "br", "b", "strong", "i", "em", "u", "s", "sub", "sup", "small", "code", "pre",
    "blockquote", "ul", "ol", "li", "a",
  ]

  /// Names of the tags in `html`; text `<` is always escaped, so every `<` starts a tag.
  private func tagNames(in html: String) -> Set<String> {
    var names = Set<String>()
    for part in html.split(separator: "<").dropFirst() {
      let name = part.drop(while: { $0 == "/" }).prefix(while: { $0.isLetter || $0.isNumber })
      names.insert(String(name))
    }
    return names
  }

  /// Whether any tag in `html` carries an `on…=` attribute.
  private func hasEventHandlerAttribute(_ html: String) -> Bool {
    for part in html.split(separator: "<").dropFirst() {
      guard let end = part.firstIndex(of: ">") else { return true }
      let tag = part[..<end]
      if tag.split(whereSeparator: { $0 == " " || $0 == "/" }).dropFirst().contains(where: {
        $0.hasPrefix("on")
      }) {
        return true
      }
    }
    return false
  }
}

/// A small deterministic generator, so the generated cases are the same on every run.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
