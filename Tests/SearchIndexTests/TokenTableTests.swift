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
}
