import Foundation
import Support
import Testing

@testable import Site

@Suite struct SlugTests {
  @Test func allocatorSuffixesCollisionsCaseInsensitively() {
    var allocator = SlugAllocator()
    #expect(allocator.allocate("dune") == "dune")
    #expect(allocator.allocate("Dune") == "Dune-2")
    #expect(allocator.allocate("dune") == "dune-3")
    #expect(allocator.allocate("page") == "page-2")
  }

  /// The allocator's own lower-casing (by bytes for ASCII) must be Unicode's.
  @Test(arguments: ["dune", "Dune-AbCdEf123456", "ABC@[`{", "", "Émile-ZOLA", "三體-ZZ00", "İstanbul", "ß-X"])
  func allocatorLowersAsUnicodeDoes(text: String) {
    #expect(SlugAllocator.lowered(text) == text.lowercased())
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
      #expect(OutputFolder.isSafeComponent(slug.utf8))
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
