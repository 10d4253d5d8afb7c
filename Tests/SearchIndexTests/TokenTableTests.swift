import Foundation
import Testing

@testable import SearchIndex

/// The token table `Tests/Fixtures/search-tokens.json` is shared with `search.js`: the quality
/// gate runs the same cases through the browser's tokenizer, so the two stay in lockstep.
@Suite struct TokenTableTests {
  struct Case: Decodable, CustomTestStringConvertible {
    let text: String
    let tokens: [String]
    var testDescription: String { text }
  }

  static let cases: [Case] = {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../Fixtures/search-tokens.json").standardizedFileURL
    guard let data = try? Data(contentsOf: url) else { return [] }
    return (try? JSONDecoder().decode([Case].self, from: data)) ?? []
  }()

  @Test func theTableIsThere() {
    #expect(TokenTableTests.cases.count >= 20)
  }

  @Test(arguments: TokenTableTests.cases)
  func tokensMatchTheTable(_ entry: Case) {
    #expect(SearchTokenizer.tokens(entry.text) == entry.tokens)
  }

  /// ASCII texts skip folding into scalars: the same words as the general path, for the table's
  /// ASCII cases and for hyphens, ISBN `X`es and word lengths at every edge.
  @Test(
    arguments: TokenTableTests.cases.map(\.text).filter { $0.utf8.allSatisfy { $0 < 0x80 } } + [
      "957-8466-34-X", "957-8466-34-x.", "957-8466-34-xy", "12-x", "12-X-3", "a-1", "1-a", "1-", "-1", "1--2",
      "x-1", "9-9-9-9", "ISBN 0-441-17271-7 and 0-441-1727X", String(repeating: "Ab1", count: 20),
      String(repeating: "9", count: 39) + "-7-x", "tab\tnew\nline_under_score ~!@#$%^&*()", "A", "Z9 z0",
    ])
  func asciiWordsAreTheGeneralPathsWords(_ text: String) {
    var general: [String] = []
    var folding = SearchFolding()
    var scratch: [UInt8] = []
    SearchTokenizer.forEachToken(folding.fold(text), scratch: &scratch) { bytes, _, _, _, _ in
      general.append(String(decoding: bytes, as: UTF8.self))
    }
    var ascii: [String] = []
    #expect(SearchTokenizer.forEachASCIIWord(text) { ascii.append(String(decoding: $0, as: UTF8.self)) })
    #expect(ascii == general)
  }

  @Test func nonASCIITextsTakeTheGeneralPath() {
    #expect(!SearchTokenizer.forEachASCIIWord("Café") { _ in Issue.record("called") })
    #expect(!SearchTokenizer.forEachASCIIWord("abcdefgh ijklmnop qrstuvwx 三") { _ in Issue.record("called") })
  }
}
