import BookRecord
import Testing

/// The one rule for which URLs become links and covers, and which get https.
@Suite struct WebLinkTests {
  @Test(
    arguments: [
      ("https://books.google.com/books?id=x", "https://books.google.com/books?id=x"),
      (" http://example.org/a ", "http://example.org/a"),
      ("javascript:alert(1)", nil),
      ("JAVASCRIPT:alert(1)", nil),
      ("data:text/html,<script>", nil),
      ("//evil.example/", nil),
      ("https://x/\"><img onerror=alert(1)>", nil),
      ("https:///path", nil),
      ("https://ex ample.org/", nil),
      ("https://example.org/\u{202E}", nil),
      ("HTTPS://Example.org/A", "HTTPS://Example.org/A"),
      ("https://@evil.example/", nil),
      ("https://例え.jp/パス", "https://例え.jp/パス"),
      ("https://x.org/a\u{7F}", nil),
      ("https://x.org/`", nil),
    ] as [(String, String?)])
  func onlyHTTPLinksSurvive(raw: String, expected: String?) {
    #expect(WebLink.http(raw) == expected)
  }

  @Test(
    arguments: [
      (
        "http://books.google.com/books/content?id=x&printsec=frontcover&img=1&zoom=1&edge=curl&source=gbs_api",
        "https://books.google.com/books/content?id=x&printsec=frontcover&img=1&zoom=1"
      ),
      (
        "https://books.google.com/books/content?id=x&source=gbs_api&img=1&source=gbs_api",
        "https://books.google.com/books/content?id=x&img=1"
      ),
      ("https://covers.example.org/x.jpg", "https://covers.example.org/x.jpg"),
      ("http://covers.example.org/x.jpg", nil),
      ("https://covers.example.org/x?a=1&edge=curl&b=2&edge=curl", "https://covers.example.org/x?a=1&b=2"),
      ("HTTP://BOOKS.GOOGLE.COM/x&edge=curl", "https://BOOKS.GOOGLE.COM/x"),
    ] as [(String, String?)])
  func coversAreHTTPSOnly(raw: String, expected: String?) {
    #expect(WebLink.cover(raw) == expected)
  }

  @Test(arguments: [
    ("books.google.com", true), ("books.google.com.tw", true), ("books.google.co.jp", true),
    ("books.google.de", true),
    ("play.google.com", true), ("lh3.googleusercontent.com", true), ("books.google.evil.com", false),
    ("books.google.com.evil.org", false), ("google.com.evil.org", false), ("notgoogle.com", false),
  ])
  func httpsHostsAreGooglesExactly(host: String, expected: Bool) {
    #expect(WebLink.servesHTTPS(host) == expected)
  }

  /// Where the two copies of the host rule disagreed (GoogleBooks' decoder took any two
  /// characters after `google.`; the site only `books.google.<cc>` besides `*.google.com`):
  /// every country domain of Google's and its subdomains serve https; a country code is letters.
  @Test(arguments: [
    ("play.google.de", true), ("google.de", true), ("www.google.co.jp", true), ("google.com.tw", true),
    ("googleapis.com", true), ("googleusercontent.com", true), ("books.google.12", false),
    ("books.google.c0", false), ("google.evil.example", false), ("books.google.com.evil.org", false),
  ])
  func theCasesTheCopiesDisagreedOn(host: String, expected: Bool) {
    #expect(WebLink.servesHTTPS(host) == expected)
  }

  @Test(arguments: [
    ("http://play.google.de/store/books/details?id=x", "https://play.google.de/store/books/details?id=x"),
    ("HTTP://BOOKS.GOOGLE.DE:80/x", "https://BOOKS.GOOGLE.DE:80/x"),
    ("http://user@books.google.com/x", "https://user@books.google.com/x"),
    ("http://books.google.com@evil.example/x", "http://books.google.com@evil.example/x"),
    ("http://books.google.12/x", "http://books.google.12/x"),
    ("https://books.google.com/x", "https://books.google.com/x"),
  ])
  func httpIsUpgradedWhereTheHostServesHTTPS(raw: String, expected: String) {
    #expect(WebLink.upgraded(raw) == expected)
  }

  @Test func aCoverOnAnHTTPOnlyHostIsDropped() {
    #expect(WebLink.cover("http://play.google.de/c.jpg") == "https://play.google.de/c.jpg")
    #expect(WebLink.cover("http://books.google.12/c.jpg") == nil)
  }

  @Test func googleLinksAreUpgradedToHTTPS() {
    #expect(
      WebLink.link("http://play.google.com/books/reader?id=x")
        == "https://play.google.com/books/reader?id=x")
    #expect(WebLink.link("http://example.org/x") == "http://example.org/x")
    #expect(WebLink.link("javascript:alert(1)") == nil)
  }
}
