import Testing

@testable import Support

/// One percent-encoder for the URLs bookgen makes: the site's paths and Google Books requests
/// each had their own copy of the same rule (keep RFC 3986's unreserved characters), which
/// never disagreed; the sanitizer's repair of others' URLs is the second, separate rule.
@Suite struct PercentEncodingTests {
  @Test(arguments: [
    ("dune-abc", "dune-abc"), ("A-Z_a.z~09", "A-Z_a.z~09"), ("三体", "%E4%B8%89%E4%BD%93"),
    ("a b", "a%20b"), ("isbn:978", "isbn%3A978"), ("a/b?c#d", "a%2Fb%3Fc%23d"), ("x&y=z+1", "x%26y%3Dz%2B1"),
    ("100%", "100%25"), ("", ""),
  ])
  func segmentsAndQueryValuesKeepOnlyUnreservedCharacters(text: String, expected: String) {
    #expect(PercentEncoding.encodePathSegment(text) == expected)
    #expect(PercentEncoding.encodeQueryValue(text) == expected)
  }

  @Test(arguments: [
    ("https://example.com/a b", "https://example.com/a%20b"),
    ("https://example.com/?q=\"x\"", "https://example.com/?q=%22x%22"),
    ("/a%20b/%zz/50%", "/a%20b/%25zz/50%25"), ("https://x.org/{a}|^`", "https://x.org/%7Ba%7D%7C%5E%60"),
    ("https://x.org/三体?a=1&b=2#top", "https://x.org/三体?a=1&b=2#top"),
  ])
  func othersURLsOnlyLoseTheCharactersURLsMayNotHold(url: String, expected: String) {
    #expect(PercentEncoding.escapingInvalidCharacters(ArraySlice(url.utf8)) == expected)
  }
}
