/// Descriptions of 200–4,000 characters: sentences of English words or CJK sentences, some with
/// `<p>`, `<b>`, `<i>` and `<br>` markup, some English ones with a CJK sentence inside.
enum DescriptionText {
  static let minimumLength = 200
  static let maximumLength = 4_000

  /// A run of text with its length in characters (Unicode scalars; all pieces are precomposed).
  private struct Piece: Sendable {
    var bytes: [UInt8]
    var length: Int
    init(_ text: String) {
      bytes = Array(text.utf8)
      length = text.unicodeScalars.count
    }
  }

  private static let words = WordLists.words.map(Piece.init)
  private static let capitalized = WordLists.words.map { Piece($0.prefix(1).uppercased() + $0.dropFirst()) }
  private static let chinese = WordLists.chineseSentences.map(Piece.init)
  private static let japanese = WordLists.japaneseSentences.map(Piece.init)

  /// Skewed towards short texts like Google's (median ~900 characters).
  static func targetLength(_ random: inout SplitMix64) -> Int {
    switch random.below(100) {
    case 0..<50: random.int(in: minimumLength...1_000)
    case 50..<85: random.int(in: 1_000...2_500)
    default: random.int(in: 2_500...maximumLength)
    }
  }

  static func make(_ language: SyntheticBook.Language, _ random: inout SplitMix64) -> String {
    let target = targetLength(&random)
    let html = random.chance(0.4)
    let paragraphs = html && random.chance(0.5)
    let cjk: [Piece]? =
      switch language {
      case .chinese: chinese
      case .japanese: japanese
      case .english: random.chance(0.1) ? random.pick([chinese, japanese]) : nil
      }
    var text: [UInt8] = []
    text.reserveCapacity(target * (language == .english ? 1 : 3) + 16)
    var length = 0
    // Closing markup is reserved up front so the text never exceeds `target`.
    let closing = paragraphs ? 4 : 0
    func append(_ piece: Piece) {
      text.append(contentsOf: piece.bytes)
      length += piece.length
    }
    func append(ascii: String) {
      text.append(contentsOf: ascii.utf8)
      length += ascii.utf8.count
    }
    if paragraphs { append(ascii: "<p>") }
    while true {
      let sentence = makeSentence(language, cjk, html: html, &random)
      guard length + sentence.length + 8 + closing <= target else { break }
      append(sentence)
      if html && random.chance(0.15) {
        append(ascii: paragraphs ? "</p><p>" : "<br><br>")
      } else if language == .english {
        append(ascii: " ")
      }
    }
    // Pad with words up to the target so lengths follow the chosen distribution.
    while length + closing < target {
      let word = random.pick(words)
      if length + word.length + 1 + closing > target {
        append(ascii: String(repeating: ".", count: target - closing - length))
        break
      }
      append(word)
      append(ascii: " ")
    }
    if paragraphs { append(ascii: "</p>") }
    return String(decoding: text, as: UTF8.self)
  }

  private static func makeSentence(
    _ language: SyntheticBook.Language, _ cjk: [Piece]?, html: Bool, _ random: inout SplitMix64
  ) -> Piece {
    if let cjk, language != .english || random.chance(0.2) {
      return random.pick(cjk)
    }
    var bytes: [UInt8] = []
    var length = 0
    let count = random.int(in: 6...22)
    for position in 0..<count {
      let word = position == 0 ? random.pick(capitalized) : random.pick(words)
      let tag: String? = html && random.chance(0.04) ? random.pick(["b", "i"]) : nil
      if let tag {
        bytes.append(contentsOf: "<\(tag)>".utf8)
        length += 3
      }
      bytes.append(contentsOf: word.bytes)
      length += word.length
      if let tag {
        bytes.append(contentsOf: "</\(tag)>".utf8)
        length += 4
      }
      if position < count - 1 {
        bytes.append(0x20)
        length += 1
      }
    }
    bytes.append(UInt8(ascii: "."))
    var piece = Piece("")
    piece.bytes = bytes
    piece.length = length + 1
    return piece
  }
}
