import Testing

@testable import Site

@Suite struct SiteURLsTests {
  @Test(arguments: [
    ("https://example.org", "https://example.org/", "/"),
    ("https://me.github.io/books", "https://me.github.io/books/", "/books/"),
    ("HTTP://localhost:8000/a/b/", "http://localhost:8000/a/b/", "/a/b/"),
  ])
  func baseURLsNormalise(raw: String, base: String, prefix: String) throws {
    let urls = try SiteURLs(baseURL: raw)
    #expect(urls.baseURL == base)
    #expect(urls.pathPrefix == prefix)
  }

  @Test(arguments: [
    "ftp://x/", "example.org", "https://", "javascript:alert(1)", "https://x/a b", "https://x/?q",
    "https://x/../",
  ])
  func invalidBaseURLsAreRejected(raw: String) {
    #expect(throws: SiteError.invalidBaseURL(raw)) { try SiteURLs(baseURL: raw) }
  }

  @Test func hrefsCarryTheSubPathAndPercentEncodeCJK() throws {
    let urls = try SiteURLs(baseURL: "https://me.github.io/books/")
    #expect(urls.href(.root) == "/books/")
    #expect(urls.href(SitePath(["books", "三體-ZZ00"])) == "/books/books/%E4%B8%89%E9%AB%94-ZZ00/")
    #expect(urls.href(SitePath(["assets"], fileName: "style.css")) == "/books/assets/style.css")
    #expect(urls.absolute(SitePath(["a"]).page(2)) == "https://me.github.io/books/a/page/2/")
  }

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
    #expect(ExternalLink.http(raw) == expected)
  }

  @Test(
    arguments: [
      (
        "http://books.google.com/books/content?id=x&printsec=frontcover&img=1&zoom=1&edge=curl&source=gbs_api",
        "https://books.google.com/books/content?id=x&printsec=frontcover&img=1&zoom=1&source=gbs_api"
      ),
      ("https://covers.example.org/x.jpg", "https://covers.example.org/x.jpg"),
      ("http://covers.example.org/x.jpg", nil),
      ("https://covers.example.org/x?a=1&edge=curl&b=2&edge=curl", "https://covers.example.org/x?a=1&b=2"),
      ("HTTP://BOOKS.GOOGLE.COM/x&edge=curl", "https://BOOKS.GOOGLE.COM/x"),
    ] as [(String, String?)])
  func coversAreHTTPSOnly(raw: String, expected: String?) {
    #expect(ExternalLink.cover(raw) == expected)
  }

  @Test(arguments: [
    ("books.google.com", true), ("books.google.com.tw", true), ("books.google.co.jp", true),
    ("books.google.de", true),
    ("play.google.com", true), ("lh3.googleusercontent.com", true), ("books.google.evil.com", false),
    ("books.google.com.evil.org", false), ("google.com.evil.org", false), ("notgoogle.com", false),
  ])
  func googleHostsAreRecognisedExactly(host: String, expected: Bool) {
    #expect(ExternalLink.isGoogleHost(host) == expected)
  }

  @Test func googleLinksAreUpgradedToHTTPS() {
    #expect(
      ExternalLink.link("http://play.google.com/books/reader?id=x")
        == "https://play.google.com/books/reader?id=x")
    #expect(ExternalLink.link("http://example.org/x") == "http://example.org/x")
    #expect(ExternalLink.link("javascript:alert(1)") == nil)
  }

  @Test func googleBooksPageFallsBackToTheId() {
    #expect(
      ExternalLink.googleBooksPage(
        canonical: "https://books.google.com/books/about/X.html?id=abc", volumeID: "abc")
        == "https://books.google.com/books/about/X.html?id=abc")
    #expect(
      ExternalLink.googleBooksPage(canonical: "https://evil.example/", volumeID: "a b&c")
        == "https://books.google.com/books?id=a%20b%26c")
    #expect(
      ExternalLink.googleBooksPage(canonical: "http://books.google.com/x", volumeID: "abc")
        == "https://books.google.com/books?id=abc")
  }
}
