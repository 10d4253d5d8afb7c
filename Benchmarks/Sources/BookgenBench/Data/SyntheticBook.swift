/// One synthetic volume: the facts its JSON record is written from.
///
/// Every optional field is nil in about 15% of books; `SyntheticBook(index:seed:)` depends only on
/// its arguments, so any page can be regenerated alone (the one-book-changed scenario does).
struct SyntheticBook: Sendable {
  enum Language: String, Sendable {
    case english = "en"
    case chinese = "zh-TW"
    case japanese = "ja"
  }

  struct Identifier: Sendable {
    var type: String
    var value: String
  }

  /// A price as Google writes it: the amount literal and the `amountInMicros` literal.
  struct Price: Sendable {
    var currency: String
    var amount: String
    var micros: String
  }

  struct Sale: Sendable {
    var country: String
    var saleability: String
    var list: Price?
    var retail: Price?
  }

  var index: Int
  var id: String
  var etag: String
  var language: Language
  var title: String
  var subtitle: String?
  var authors: [String]?
  var publisher: String?
  var publishedDate: String?
  /// Raw text (with its HTML tags), unescaped.
  var description: String?
  var identifiers: [Identifier]?
  var pageCount: Int?
  var categories: [String]?
  /// The literal as written: `4.5`, `4.0` or `4`.
  var averageRating: String?
  var ratingsCount: Int
  var hasImages: Bool
  var hasCurlEdge: Bool
  var sale: Sale
  var snippet: String?

  /// The share of books missing each optional field.
  static let missingShare = 0.15
}

extension SyntheticBook {
  init(index: Int, seed: UInt64) {
    var random = SplitMix64(seed: seed, stream: UInt64(index))
    let missing = Self.missingShare
    self.index = index
    id = VolumeID.make(index: index, seed: seed, random: &random)
    etag = VolumeID.etag(&random)
    let roll = random.unit()
    language = roll < 0.7 ? .english : roll < 0.85 ? .chinese : .japanese
    title = Self.title(language, &random)
    subtitle = random.chance(missing) ? nil : Self.subtitle(language, &random)
    authors = random.chance(missing) ? nil : Self.authors(language, &random)
    publisher = random.chance(missing) ? nil : random.pick(WordLists.publishers)
    publishedDate = random.chance(missing) ? nil : Self.publishedDate(&random)
    description = random.chance(missing) ? nil : DescriptionText.make(language, &random)
    identifiers = ISBNMaker.identifiers(index: index, random: &random)
    pageCount = random.chance(missing) ? nil : random.chance(0.02) ? 0 : random.int(in: 48...1_200)
    categories =
      random.chance(missing)
      ? nil : (0..<random.int(in: 1...2)).map { _ in random.pick(WordLists.categoryPaths) }
    averageRating = random.chance(missing) ? nil : random.pick(["4.5", "4.0", "4", "3.5", "5", "3"])
    ratingsCount = random.int(in: 1...900)
    hasImages = !random.chance(missing)
    hasCurlEdge = random.chance(0.9)
    sale = SalePricing.make(language, &random)
    snippet = random.chance(0.2) ? nil : Self.snippet(&random)
  }

  private static func title(_ language: Language, _ random: inout SplitMix64) -> String {
    switch language {
    case .chinese:
      return Names.chineseTitle(&random) + (random.chance(0.3) ? "（第\(random.int(in: 1...9))卷）" : "")
    case .japanese:
      return Names.japaneseTitle(&random) + (random.chance(0.4) ? " \(random.int(in: 1...23))" : "")
    case .english:
      let noun = random.pick(WordLists.titleNouns)
      switch random.below(5) {
      case 0: return "The \(random.pick(WordLists.titleAdjectives)) \(noun)"
      case 1: return "\(noun) of the \(random.pick(WordLists.titleNouns))"
      case 2:
        return
          "A \(random.pick(WordLists.titleAdjectives)) \(noun): \(random.pick(WordLists.titleNouns)) and \(noun)"
      case 3: return "The \(noun)"
      default: return "\(random.pick(WordLists.titleAdjectives)) \(noun)s"
      }
    }
  }

  private static func subtitle(_ language: Language, _ random: inout SplitMix64) -> String {
    language == .english ? random.pick(WordLists.subtitles) : random.pick(WordLists.chineseSubtitles)
  }

  private static func authors(_ language: Language, _ random: inout SplitMix64) -> [String] {
    let count = random.chance(0.75) ? 1 : random.int(in: 2...3)
    return (0..<count).map { _ in Names.author(language, Names.authorIndex(&random)) }
  }

  /// The four shapes Google sends: `YYYY`, `YYYY-MM`, `YYYY-MM-DD`, an ISO timestamp.
  private static func publishedDate(_ random: inout SplitMix64) -> String {
    let year = random.chance(0.8) ? random.int(in: 1950...2026) : random.int(in: 1688...1949)
    let month = twoDigits(random.int(in: 1...12))
    let day = twoDigits(random.int(in: 1...28))
    switch random.below(100) {
    case 0..<20: return "\(year)"
    case 20..<28: return "\(year)-\(month)"
    case 28..<96: return "\(year)-\(month)-\(day)"
    default: return "\(year)-\(month)-\(day)T00:00:00+0\(random.int(in: 0...9)):00"
    }
  }

  private static func snippet(_ random: inout SplitMix64) -> String {
    (0..<random.int(in: 2...5)).map { _ in random.pick(WordLists.snippetFragments) }.joined(separator: " ")
  }

  static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
