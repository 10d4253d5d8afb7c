import Foundation
import Testing

@testable import Site

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
    ("AbCdEf123456", "AbCdEf123456"), ("zyT-_x", "zyT-_x"), ("../..", "_____"), ("a/b", "a_b"), ("", "_"),
    ("id\u{0}", "id_"),
  ])
  func identifiersKeepGooglesAlphabetOnly(id: String, expected: String) {
    #expect(Slug.safeIdentifier(id) == expected)
  }

  @Test func allocatorSuffixesCollisionsCaseInsensitively() {
    var allocator = SlugAllocator()
    #expect(allocator.allocate("dune") == "dune")
    #expect(allocator.allocate("Dune") == "Dune-2")
    #expect(allocator.allocate("dune") == "dune-3")
    #expect(allocator.allocate("page") == "page-2")
  }

  @Test func bookSlugsUseTitleAndIdAndAreStable() throws {
    let volumes = [
      Fixtures.volume("AbCdEf123456", title: "The Three-Body Problem"),
      Fixtures.volume("ZZ00", title: "三體"),
      Fixtures.volume("nothing"),
      Fixtures.volume("../../x", title: "Escape"),
    ]
    let first = try Fixtures.model([("a", volumes)]).books.map(\.slug)
    let second = try Fixtures.model([("a", volumes.reversed())]).books.map(\.slug)
    #expect(first == second)
    #expect(Set(first) == ["the-three-body-problem-AbCdEf123456", "三體-ZZ00", "nothing", "escape-______x"])
  }

  @Test func hostileIdsNeverProduceUnsafeOrDuplicateSlugs() throws {
    let ids = ["a/b", "a_b", "..", "A_B", "\u{0}", "", "page", "x\\y"]
    let model = try Fixtures.model([("a", ids.map { Fixtures.volume($0) })])
    let slugs = model.books.map(\.slug)
    #expect(Set(slugs.map { $0.lowercased() }).count == ids.count)
    for slug in slugs {
      #expect(OutputFolder.isSafeComponent(slug))
      #expect(!slug.contains("/") && !slug.contains("\\") && !slug.contains("..") && slug != "page")
    }
  }
}

@Suite struct CollationKeyTests {
  @Test(arguments: ["  The Hobbit ", "DUNE", "a\tb", "Ender's Game", "", "   ", "Café", "ＡＢＣ", "Straße"])
  func asciiFastPathAgreesWithFoundationFolding(text: String) {
    let foundation = text.trimmingCharacters(in: .whitespacesAndNewlines).folding(
      options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    #expect(CollationKey.fold(text) == foundation)
  }

  @Test func keysOrderByFoldedTextThenRawText() {
    let keys = ["b", "Á", "a", "A", "ä"].map(CollationKey.init).sorted().map(\.raw)
    #expect(keys == ["A", "a", "Á", "ä", "b"])
  }
}
