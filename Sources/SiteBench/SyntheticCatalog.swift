import BookRecord
import Catalog
import GoogleBooks
import Site

/// A deterministic pseudo-random source (SplitMix64): the same seed gives the same catalog.
struct SplitMix: Sendable {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

  /// True with probability `percent`/100.
  mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

  mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}

/// Synthesises a catalog of `count` volumes shaped like Google's: descriptions of 200–4,000
/// characters (some HTML, some CJK), about 15% of optional fields missing, valid ISBNs.
enum SyntheticCatalog {
  static let collectionCount = 10

  /// The catalog and each collection's volumes.
  static func make(count: Int, seed: UInt64 = 42) -> (catalog: Catalog, members: [[Volume]]) {
    var random = SplitMix(seed: seed)
    let authors = (0..<max(10, count / 4)).map {
      "\(pick(&random, firstNames)) \(pick(&random, lastNames)) \($0)"
    }
    let publishers = (0..<max(5, count / 40)).map { "\(pick(&random, lastNames)) & Sons \($0)" }
    let categories = (0..<200).map { index in
      "\(topCategories[index % topCategories.count]) / \(pick(&random, words).capitalized) \(index)"
    }
    var volumes: [Volume] = []
    volumes.reserveCapacity(count)
    for index in 0..<count {
      volumes.append(volume(index, &random, authors: authors, publishers: publishers, categories: categories))
    }
    let collections = (0..<collectionCount).map { index in
      Collection(
        title: "Shelf \(index)", slug: "shelf-\(index)",
        description: index % 2 == 0 ? "Books of **shelf \(index)**, chosen with care." : nil,
        sort: [SortOrder.title, .date, .author, .api][index % 4])
    }
    // Each volume sits in one collection, a tenth of them in a second one too.
    var members = Array(repeating: [Volume](), count: collectionCount)
    for (index, volume) in volumes.enumerated() {
      members[index % collectionCount].append(volume)
      if index % 10 == 3 { members[(index + 1) % collectionCount].append(volume) }
    }
    var books: [String: BookEntry] = [:]
    for index in stride(from: 0, to: count, by: 50) {
      books[volumeID(index)] = BookEntry(note: "A *favourite*: read it twice (\(index)).", tags: ["fav"])
    }
    let catalog = Catalog(
      site: SiteSettings(
        title: "Synthetic Shelf", baseURL: "https://example.org/books/", description: "A **large** catalog.",
        author: "Bench", booksPerPage: 50),
      collections: collections, books: books)
    return (catalog, members)
  }

  /// What the render stage reads: each collection's volumes as book records.
  static func input(catalog: Catalog, members: [[Volume]]) -> SiteInput {
    SiteInput(
      catalog: catalog,
      collections: catalog.collections.enumerated().map {
        SiteInput.Collection(slug: $1.slug, records: members[$0].map(\.record))
      })
  }

  static func volumeID(_ index: Int) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
    var value = UInt64(index) &* 0x9E37_79B9_7F4A_7C15 ^ 0x5DEE_CE66
    var id = ""
    for _ in 0..<12 {
      id.append(alphabet[Int(value % 64)])
      value /= 64
    }
    return id
  }

  private static func volume(
    _ index: Int, _ random: inout SplitMix, authors: [String], publishers: [String], categories: [String]
  ) -> Volume {
    let present = { (random: inout SplitMix) in !random.chance(15) }
    let cjk = random.chance(10)
    let titleWords = (0..<(2 + random.below(5))).map { _ in pick(&random, cjk ? cjkWords : words) }
    var title = titleWords.joined(separator: cjk ? "" : " ")
    if !cjk { title = title.prefix(1).uppercased() + title.dropFirst() }
    let isbn = isbn13(978_000_000_000 + index * 7)
    let year = 1900 + random.below(126)
    let date =
      random.chance(30)
      ? "\(year)"
      : "\(year)-\(pad(1 + random.below(12)))" + (random.chance(50) ? "-\(pad(1 + random.below(28)))" : "")
    let thumbnail =
      "http://books.google.com/books/content?id=\(volumeID(index))&printsec=frontcover&img=1&zoom=1&edge=curl&source=gbs_api"
    var volume = Volume(
      id: volumeID(index),
      volumeInfo: VolumeInfo(
        title: random.chance(1) ? nil : title,
        subtitle: random.chance(40) ? "A \(pick(&random, words)) \(pick(&random, words))" : nil,
        authors: present(&random) ? (0..<(1 + random.below(2))).map { _ in pick(&random, authors) } : [],
        publisher: present(&random) ? pick(&random, publishers) : nil,
        publishedDate: present(&random) ? date : nil,
        description: present(&random) ? description(&random, cjk: cjk) : nil,
        industryIdentifiers: present(&random)
          ? [
            IndustryIdentifier(type: "ISBN_13", identifier: isbn),
            IndustryIdentifier(type: "ISBN_10", identifier: String(isbn.dropFirst(3))),
          ]
          : [],
        pageCount: present(&random) ? 80 + random.below(900) : nil,
        printType: "BOOK",
        categories: present(&random) ? [pick(&random, categories)] : [],
        averageRating: random.chance(30) ? Double(2 + random.below(7)) / 2 : nil,
        ratingsCount: random.chance(30) ? random.below(500) : nil,
        language: present(&random)
          ? (cjk ? "zh-TW" : pick(&random, ["en", "en", "en", "de", "fr", "ja"])) : nil,
        imageLinks: present(&random) ? ImageLinks(smallThumbnail: thumbnail, thumbnail: thumbnail) : nil,
        previewLink: "http://books.google.com/books?id=\(volumeID(index))&hl=&source=gbs_api",
        infoLink: "https://play.google.com/store/books/details?id=\(volumeID(index))",
        canonicalVolumeLink: "https://play.google.com/store/books/details?id=\(volumeID(index))"),
      saleInfo: random.chance(40)
        ? SaleInfo(
          country: "TW", saleability: "FOR_SALE", isEbook: true,
          listPrice: Price(amount: Double(100 + random.below(900)), currencyCode: "TWD"),
          retailPrice: Price(amount: Double(80 + random.below(700)), currencyCode: "TWD"),
          buyLink: "https://play.google.com/store/books/details?id=\(volumeID(index))&rdid=book")
        : SaleInfo(country: "TW", saleability: "NOT_FOR_SALE", isEbook: false),
      accessInfo: AccessInfo(
        country: "TW", viewability: "PARTIAL", embeddable: true, publicDomain: false,
        webReaderLink: "http://play.google.com/books/reader?id=\(volumeID(index))&hl=&source=gbs_api"))
    // What the decoder records: an identity of the volume's data, so rebuilds can reuse pages.
    volume.sourceDigest = UInt64(index) &* 0x9E37_79B9_7F4A_7C15
    return volume
  }

  /// 200–4,000 characters: plain paragraphs, or (a third of the time) Google's loose HTML.
  private static func description(_ random: inout SplitMix, cjk: Bool) -> String {
    let target = 200 + random.below(3_800)
    let html = random.chance(35)
    var text = ""
    var characters = 0
    var sentences = 0
    while characters < target {
      let length = 6 + random.below(14)
      var sentence = (0..<length).map { _ in pick(&random, cjk ? cjkWords : words) }
        .joined(separator: cjk ? "" : " ")
      if html && random.chance(15) { sentence = "<b>\(sentence)</b>" }
      if html && random.chance(8) { sentence += " &amp; more" }
      text += sentence + (cjk ? "。" : ". ")
      characters += sentence.unicodeScalars.count + 2
      sentences += 1
      if sentences % 5 == 0 { text += html ? "<br><br>" : "\n\n" }
    }
    return html ? "<p>" + text + "</p>" : text
  }

  /// A valid ISBN-13 from a 12-digit body.
  private static func isbn13(_ body: Int) -> String {
    let digits = String(body).compactMap(\.wholeNumberValue)
    var sum = 0
    for (index, digit) in digits.enumerated() { sum += digit * (index % 2 == 0 ? 1 : 3) }
    return String(body) + String((10 - sum % 10) % 10)
  }

  private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }

  private static func pick(_ random: inout SplitMix, _ items: [String]) -> String { random.pick(items) }

  static let words = [
    "ocean", "silent", "garden", "river", "machine", "winter", "glass", "empire", "shadow", "letter",
    "north", "memory", "orchard", "lantern", "harbor", "stone", "paper", "island", "engine", "summer",
    "forest", "city", "thread", "mirror", "journey", "night", "signal", "copper", "station", "story",
  ]
  static let cjkWords = ["三體", "時間", "宇宙", "森林", "黑暗", "記憶", "城市", "の", "物語", "夜", "海", "風", "光", "書"]
  static let firstNames = [
    "Ada", "Liu", "Ursula", "Haruki", "Octavia", "Jorge", "Italo", "Toni", "Stanisław", "Zoë",
  ]
  static let lastNames = [
    "Lovelace", "Cixin", "Le Guin", "Murakami", "Butler", "Borges", "Calvino", "Morrison", "Lem", "Ångström",
  ]
  static let topCategories = [
    "Fiction", "History", "Science", "Philosophy", "Poetry", "Art", "Travel", "Cooking",
  ]
}
