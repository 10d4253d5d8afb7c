import Support
import Testing

/// The one slug rule: book and term slugs keep any script's letters and are capped, collection
/// slugs keep ASCII ones and are not.
@Suite struct SlugTests {
  @Test(arguments: [
    ("The Three-Body Problem", "the-three-body-problem"),
    ("Ender's Game", "enders-game"),
    ("Café Society: Über Ålesund", "cafe-society-uber-alesund"),
    ("三體", "三體"),
    ("ノルウェイの森 (上)", "ノルウェイの森-上"),
    ("  --Hello,   World!!  ", "hello-world"),
    ("../../etc/passwd", "etc-passwd"),
    ("a/b\\c\u{0}d", "a-b-c-d"),
    ("Zero\u{200B}Width\u{202E}RTL", "zerowidthrtl"),
    ("Ｆｕｌｌｗｉｄｔｈ", "fullwidth"),
    ("!!!", ""),
    ("", ""),
  ])
  func slugsAreReadableAndURLSafe(text: String, expected: String) {
    #expect(Slug.make(text) == expected)
  }

  @Test func slugsAreCappedInLength() {
    #expect(Slug.make(String(repeating: "word ", count: 100)).count <= Slug.maximumLength)
  }

  @Test(arguments: [
    ("Science Fiction", "science-fiction"),
    ("  Sci-Fi & Fantasy!  ", "sci-fi-fantasy"),
    ("Café Crème", "cafe-creme"),
    ("The Owner's Picks", "the-owners-picks"),
    ("Top 10 (2024)", "top-10-2024"),
    ("SF 小説", "sf"),
    ("Ελληνικά and more", "and-more"),
    ("日本の小説", ""), ("！？", ""), ("   ", ""),
  ])
  func collectionSlugsKeepASCII(title: String, slug: String) {
    #expect(Slug.make(title, alphabet: .ascii, maximumLength: nil) == slug)
  }

  /// Where Catalog's copy (accents folded, then lower-cased, nothing else) and the site's
  /// disagreed, collection slugs now fold as book slugs do: full-width letters are letters,
  /// invisible characters vanish instead of splitting a word, `ß` is `ss`; and they stay
  /// uncapped, so no existing collection's address changes.
  @Test(arguments: [
    ("ＳＦ Books", "sf-books"),
    ("Sci\u{200B}Fi", "scifi"),
    ("Straße", "strasse"),
    (String(repeating: "long ", count: 20), String(repeating: "long-", count: 19) + "long"),
  ])
  func theCasesTheCopiesDisagreedOn(title: String, slug: String) {
    #expect(Slug.make(title, alphabet: .ascii, maximumLength: nil) == slug)
  }

  @Test(arguments: [
    ("AbCdEf123456", "AbCdEf123456"), ("zyT-_x", "zyT-_x"), ("../..", "_____"), ("a/b", "a_b"), ("", "_"),
    ("id\u{0}", "id_"),
  ])
  func identifiersKeepGooglesAlphabetOnly(id: String, expected: String) {
    #expect(Slug.safeIdentifier(id) == expected)
  }
}
