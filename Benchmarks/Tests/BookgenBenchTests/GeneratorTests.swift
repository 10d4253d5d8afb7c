import Foundation
import Testing

@testable import BookgenBench

@Suite struct GeneratorTests {
  /// Reference values of SplitMix64 from seed 0 (Vigna's splitmix64.c).
  @Test func splitMixMatchesTheReferenceSequence() {
    var random = SplitMix64(seed: 0)
    #expect(
      [random.next(), random.next(), random.next()] == [
        0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F,
      ])
  }

  @Test func aBookDependsOnlyOnItsIndexAndSeed() {
    let a = SyntheticBook(index: 4_321, seed: 7)
    let b = SyntheticBook(index: 4_321, seed: 7)
    var first = JSONText()
    var second = JSONText()
    a.write(to: &first, query: "q", rank: 1)
    b.write(to: &second, query: "q", rank: 1)
    #expect(first.bytes == second.bytes)
    #expect(SyntheticBook(index: 4_322, seed: 7).id != a.id)
  }

  @Test(arguments: [
    ("978030640615", 7), ("978044147812", 5), ("978957846634", 0),
  ])
  func isbn13CheckDigits(twelve: String, check: Int) {
    #expect(ISBNMaker.check13(twelve) == check)
  }

  @Test(arguments: [("030640615", "2"), ("044147812", "3"), ("957846634", "X")])
  func isbn10CheckDigits(nine: String, check: String) {
    #expect(ISBNMaker.check10(nine) == check)
  }

  @Test func generatedISBNsAreValidAndUnique() {
    var seen = Set<String>()
    for index in 0..<5_000 {
      let isbn = ISBNMaker.isbn13(index: index, prefix: index % 2 == 0 ? "978" : "979")
      #expect(ISBNMaker.isValid13(isbn))
      #expect(seen.insert(isbn).inserted)
      if let ten = ISBNMaker.isbn10(from: isbn) { #expect(ISBNMaker.isValid10(ten)) }
    }
  }

  @Test(arguments: [(34_990_000, "3.499E7"), (550_000_000, "5.5E8"), (10_000_000, "1.0E7")])
  func microsAreWrittenLikeJava(micros: Int, text: String) {
    #expect(SalePricing.javaDouble(micros) == text)
  }

  @Test func stringsAreEscapedLikeGoogle() {
    var json = JSONText()
    json.openObject()
    json.string("description", "<b>\"Dune\"</b>\\\n")
    json.closeObject()
    #expect(
      String(decoding: json.bytes, as: UTF8.self)
        == "{\n  \"description\": \"\\u003cb\\u003e\\\"Dune\\\"\\u003c/b\\u003e\\\\\\n\"\n}")
  }

  @Test func descriptionsStayWithinTheirLengths() {
    for index in 0..<2_000 {
      guard let text = SyntheticBook(index: index, seed: 1).description else { continue }
      #expect(
        (DescriptionText.minimumLength...DescriptionText.maximumLength).contains(text.unicodeScalars.count))
    }
  }
}
