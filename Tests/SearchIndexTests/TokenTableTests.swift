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

  /// Pieces of text between ASCII separators are read on their own, and ASCII ones (or CJK ones
  /// that fold to themselves) skip folding into scalars: the same tokens as folding the whole
  /// text, for the table's cases, hyphens, ISBN `X`es and word lengths at every edge, ASCII next
  /// to non-ASCII, and CJK next to punctuation, marks and full-width forms.
  @Test(
    arguments: TokenTableTests.cases.map(\.text) + [
      "957-8466-34-X", "957-8466-34-x.", "957-8466-34-xy", "12-x", "12-X-3", "a-1", "1-a", "1-", "-1", "1--2",
      "x-1", "9-9-9-9", "ISBN 0-441-17271-7 and 0-441-1727X", String(repeating: "Ab1", count: 20),
      String(repeating: "9", count: 39) + "-7-x", "tab\tnew\nline_under_score ~!@#$%^&*()", "A", "Z9 z0",
      "Emma Šimek finds “the harbor” — of the fire.", "José Nelson, Łódź; Ørsted", "café-12 12-café 12‐34 ",
      "e\u{301}t\u{301}e\u{301} a \u{301}b <\u{338}= =\u{338} >\u{338}x", "１-２ ａｂｃ ﬁne ½ ⑴ ǆ",
      "成在实能海对无自这只子开为！「作生已手话」。时对 abc 道年夜, 不己夜、二明 9-x", "ｶﾞｷﾞ abc かﾞ", "ΟΔΟΣ. όδος", "क \u{94D}ष \u{903}x",
      "三 \u{3099}", "「三體」、三。한국어，漢字ー〜‘か’… 가\u{2017}나 〇三 ア\u{3099}イ 三－三 三１ 三ａ",
      "ab" + String(repeating: "é", count: 45) + " " + String(repeating: "x", count: 41) + "é",
    ])
  func piecesGiveTheTokensOfTheWholeText(_ text: String) {
    var folding = SearchFolding()
    var scratch: [UInt8] = []
    var whole: [String] = []
    SearchTokenizer.forEachToken(folding.fold(text), scratch: &scratch) { bytes, kind, starts, ends, split in
      whole.append("\(String(decoding: bytes, as: UTF8.self)) \(kind) \(starts) \(ends) \(split)")
    }
    var scalars: [Unicode.Scalar] = []
    var pieces: [String] = []
    SearchTokenizer.forEachToken(in: text, folding: &folding, scalars: &scalars, scratch: &scratch) {
      bytes, kind, starts, ends, split in
      pieces.append("\(String(decoding: bytes, as: UTF8.self)) \(kind) \(starts) \(ends) \(split)")
    }
    #expect(pieces == whole)
  }
}
