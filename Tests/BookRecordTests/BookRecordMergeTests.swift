import Testing

@testable import BookRecord

/// Records of one book combined field by field: the owner's corrections win (also when they
/// clear a field), a second source fills only what nobody stated, and each field keeps its origin.
@Suite struct BookRecordMergeTests {
  static let google = BookSource(id: "google-books", name: "Google Books")
  static let library = BookSource(id: "library", name: "A library")
  static let owner = BookSource(id: "catalog", name: "catalog.yml")

  static var googleRecord: BookRecord {
    var record = BookRecord(
      id: "g1", source: SourceRecord(source: google, id: "g1", url: "https://g.test/g1", digest: 1))
    record.title = "Dune"
    record.subtitle = "A wrong subtitle"
    return record
  }

  @Test func theOwnersCorrectionsWinAndMayClearAField() {
    var corrections = BookRecord(
      id: "g1", source: SourceRecord(source: Self.owner, id: "9780441013593", digest: 2))
    corrections.subtitle = nil
    corrections.markStated(.subtitle)
    corrections.note = "Read twice."
    corrections.markStated(.note)
    let book = Self.googleRecord.overridden(by: corrections)
    #expect(book.id == "g1")
    #expect(book.title == "Dune")
    #expect(book.subtitle == nil)
    #expect(book.note == "Read twice.")
    #expect(book.provenance.records.map(\.source.id) == ["google-books", "catalog"])
    #expect(book.origin(of: .title)?.source == Self.google)
    #expect(book.origin(of: .subtitle) == corrections.provenance.records[0])
    #expect(book.states(.subtitle))
    #expect(book.origin(of: .note)?.id == "9780441013593")
    #expect(!book.states(.pageCount))
  }

  @Test func aSecondSourceFillsOnlyWhatNoSourceStated() {
    var cleared = BookRecord(id: "g1", source: SourceRecord(source: Self.owner, id: "g1"))
    cleared.markStated(.published)
    let corrected = Self.googleRecord.overridden(by: cleared)
    var other = BookRecord(
      id: "OL1M", source: SourceRecord(source: Self.library, id: "OL1M", url: "https://l.test/OL1M"))
    other.title = "Dune (library)"
    other.pageCount = 412
    other.published = BookDate(year: 1965)
    let book = corrected.enriched(with: other)
    #expect(book.title == "Dune")
    #expect(book.pageCount == 412)
    #expect(book.origin(of: .pageCount) == other.provenance.records[0])
    // The owner said there is no date: the library's does not come through.
    #expect(book.published == nil)
    #expect(book.provenance.records.map(\.source.id) == ["google-books", "catalog", "library"])
    #expect(book.provenance.records.compactMap(\.url) == ["https://g.test/g1", "https://l.test/OL1M"])
  }

  @Test func richerCopiesOfARecordWin() {
    var poor = BookRecord(id: "g1", source: SourceRecord(source: Self.google, id: "g1"))
    poor.title = "Dune"
    var rich = poor
    rich.authors = ["Frank Herbert"]
    rich.description = String(repeating: "word ", count: 100)
    #expect(rich.richness > poor.richness)
    #expect(rich.richness == 2 * 10 + 2)
  }

  /// The description's characters are counted as `String.count` counts them (`\r\n` is one,
  /// so is a family emoji, a letter with its combining marks, a Hangul syllable of jamo, a
  /// flag), only up to the limit.
  @Test(arguments: [
    "", "abc", "a\r\nb\r\n", "\r", "é", "e\u{301}", "👨‍👩‍👧 family", String(repeating: "x", count: 2000),
    String(repeating: "\r\n", count: 1000), String(repeating: "é", count: 1900),
    String(repeating: "漢字かなカナ、", count: 400), "か\u{3099}き\u{309A}", "ｶﾞｷﾞ", "한국어", "\u{1100}\u{1161}\u{11A8}",
    "🇹🇼🇯🇵", "Ελληνικά — «café» 中文\r\n", "Кра\u{0301}сная", String(repeating: "漢", count: 1800) + "\u{301}",
    String(repeating: "漢", count: 1799) + "e\u{301}", "™\u{FE0F} ©\u{200D}❤", "a\u{200C}b",
  ])
  func descriptionCharactersAreCountedUpToTheLimit(text: String) {
    #expect(BookRecord.characterCount(text, upTo: 1800) == min(1800, text.count))
  }
}
