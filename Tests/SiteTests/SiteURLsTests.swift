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
}
