import Catalog
import Testing

/// `BaseURL` is the one rule for the site's address. Before it, `site.base_url`, `--base-url`
/// and the render stage each had their own, and disagreed on the cases below.
@Suite struct BaseURLTests {
  @Test(arguments: [
    ("https://example.org", "https://example.org/", "/"),
    ("https://me.github.io/books", "https://me.github.io/books/", "/books/"),
    ("HTTP://localhost:8000/a/b/", "http://localhost:8000/a/b/", "/a/b/"),
    (" https://me.github.io/books/ ", "https://me.github.io/books/", "/books/"),
    ("https://me.github.io/%E6%9B%B8/", "https://me.github.io/%E6%9B%B8/", "/%E6%9B%B8/"),
  ])
  func addressesAreNormalised(raw: String, url: String, path: String) throws {
    let base = try #require(BaseURL(raw))
    #expect(base.url == url)
    #expect(base.path == path)
  }

  @Test(arguments: [
    // `--base-url` and `site.base_url` took these; the build failed when rendering, after fetching.
    "https://x/./a/", "https://x/a/../b/", "https://x/a\"b",
    // `--base-url` took these too (catalog.yml did not).
    "https://x/?q", "https://x/#top", "https://x\\y/",
    // All three took these, and wrote them into every page's links.
    "https://x/a|b/", "https://x/<b>/", "https://x/a%zz/", "https://x/a{b}/",
    // All refused these.
    "ftp://x/", "example.org", "https://", "javascript:alert(1)", "https://x/a b",
  ])
  func addressesPagesCannotAppendPathsToAreRefused(raw: String) {
    #expect(BaseURL(raw) == nil)
  }
}
