import Foundation

/// A Goodreads library export made up deterministically (a fixed seed, no system randomness),
/// in the columns and quirks Goodreads writes: ISBNs as `="0441172717"`, empty ISBNs, ISBN-13s
/// a spreadsheet turned into `9.78053E+12`, ASINs, series in titles, custom exclusive shelves,
/// several shelves per book, rereads, HTML reviews with `<br/>`, quoted commas, quotes and line
/// breaks. Each row keeps what it stands for, so a test can check a built site against it.
public struct GoodreadsExport: Sendable {
  /// How a row writes its ISBN columns.
  public enum ISBNKind: String, Sendable, CaseIterable {
    /// `="0441172717"` and `="9780441172719"`.
    case quoted
    /// `=""` twice: Goodreads knows no ISBN for the edition.
    case empty
    /// Opened and saved in a spreadsheet: `9.78053E+12`, the ISBN-10 column blank.
    case mangled
    /// A Kindle edition's ASIN where the ISBN belongs.
    case asin
  }

  /// What a source knows of the row's book, for the fake servers a test sets up.
  public enum Found: String, Sendable {
    /// Google Books by ISBN (rows with one) or by title and author.
    case google
    /// Open Library's search by title and author (Google finds nothing).
    case openLibrary
    /// No source knows it.
    case nowhere
  }

  public struct Row: Sendable {
    public var bookID: Int
    /// Without the series: what the book page's `<h1>` shows.
    public var title: String
    public var series: String?
    /// `1`, `1.5`; nil for an omnibus (`#1-3`) or a series without numbers.
    public var seriesNumber: String?
    /// The `Title` column: the title and its series as Goodreads writes them.
    public var titleColumn: String
    public var author: String
    public var additionalAuthors: [String]
    public var isbn10: String?
    public var isbn13: String
    public var isbnKind: ISBNKind
    public var asin: String?
    /// 0 is unrated.
    public var rating: Int
    public var publisher: String
    public var binding: String
    public var pages: Int
    public var year: Int
    public var originalYear: Int
    /// `2023/08/14` or nil.
    public var dateRead: String?
    public var dateAdded: String
    /// Every shelf but the exclusive one, as the `Bookshelves` column lists them after it.
    public var shelves: [String]
    public var exclusiveShelf: String
    /// HTML, as Goodreads stores reviews.
    public var review: String?
    public var privateNotes: String?
    public var readCount: Int
    public var ownedCopies: Int
    public var found: Found
    /// A series an Open Library edition record gives (for books found there).
    public var sourceSeries: String?

    /// The key the import gives the row when it has an ISBN.
    public var hasUsableISBN: Bool { isbnKind == .quoted }
  }

  public static let header =
    "Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,"
    + "Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,"
    + "Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies"

  public let rows: [Row]

  /// `count` rows; about one in ten without a usable ISBN, a tenth of those known to Google by
  /// title, a third to Open Library, the rest to nobody.
  public init(count: Int = 1000, seed: UInt64 = 0x5EED_B00C) {
    var random = Random(seed: seed)
    var rows: [Row] = []
    var usedISBNs: Set<String> = []
    for index in 0..<count {
      rows.append(Self.row(index, &random, &usedISBNs))
    }
    self.rows = rows
  }

  /// The export's bytes: CRLF line ends, as Goodreads writes them.
  public var csv: String {
    ([Self.header] + rows.map(Self.line)).joined(separator: "\r\n") + "\r\n"
  }

  /// The line each row starts on (the header is line 1; quoted fields may span lines).
  public var lineNumbers: [Int] {
    var line = 2
    return rows.map { row in
      defer { line += 1 + Self.line(row).count(where: { $0 == "\n" }) }
      return line
    }
  }

  // MARK: Making rows

  private static let firstNames = [
    "Ursula", "Octavia", "Terry", "Jasper", "Ann", "Iain", "Becky", "Kazuo", "Chimamanda", "Ted", "Nnedi",
    "Arkady", "Martha", "N. K.", "Gene", "Mary", "Jeff", "Susanna", "Ken", "Adrian", "Ada", "Zadie",
  ]
  private static let lastNames = [
    "Le Guin", "Butler", "Pratchett", "Fforde", "Leckie", "Banks", "Chambers", "Ishiguro", "Adichie",
    "Chiang",
    "Okorafor", "Martine", "Wells", "Jemisin", "Wolfe", "Shelley", "VanderMeer", "Clarke", "Liu",
    "Tchaikovsky",
    "Palmer", "Smith", "O'Brien", "García",
  ]
  private static let titleWords = [
    "Winter", "Glass", "Orchard", "Lantern", "River", "Harbour", "Clockwork", "Salt", "Ember", "Atlas",
    "Meridian", "Copper", "Tide", "Paper", "Hollow", "Signal", "Garden", "Ash", "Cartographer", "Sparrow",
    "Machine", "Archive", "Library", "Silence", "Storm", "Weaver", "Comet", "Moth", "Quarry", "Lighthouse",
  ]
  private static let seriesNames = [
    "The Winter Cycle", "Harbour Chronicles", "Clockwork Saga", "The Salt Road", "Lantern Mysteries",
    "Discworld", "Thursday Next", "Imperial Radch",
  ]
  private static let publishers = [
    "Ace Books", "Tor", "Orbit", "Penguin Books", "Gollancz", "Vintage", "Picador",
  ]
  private static let bindings = [
    "Paperback", "Hardcover", "Mass Market Paperback", "Kindle Edition", "Audiobook", "ebook",
    "Unknown Binding",
  ]
  private static let otherShelves = [
    "favorites", "sci-fi", "fantasy", "book-club", "non-fiction", "owned-books", "kindle", "library",
  ]

  private static func row(_ index: Int, _ random: inout Random, _ used: inout Set<String>) -> Row {
    let first = firstNames[random.below(firstNames.count)]
    let last = lastNames[random.below(lastNames.count)]
    var words = (0..<(1 + random.below(3))).map { _ in titleWords[random.below(titleWords.count)] }
    if random.below(3) == 0 { words.insert("The", at: 0) }
    // The index keeps every title distinct: one page per row, found by its title.
    var title = words.joined(separator: " ") + " \(romanNumeral(index + 1))"
    var series: String?
    var number: String?
    var titleColumn = title
    switch random.below(20) {
    case 0..<4:
      series = seriesNames[random.below(seriesNames.count)]
      number = String(1 + random.below(9))
      titleColumn = "\(title) (\(series!), #\(number!))"
    case 4:
      series = seriesNames[random.below(seriesNames.count)]
      number = "\(random.below(5)).5"
      titleColumn = "\(title) (\(series!), #\(number!))"
    case 5:
      series = seriesNames[random.below(seriesNames.count)]
      titleColumn = "\(title) (\(series!), #1-3)"
    case 6:
      series = "Discworld"
      number = String(1 + random.below(40))
      titleColumn = "\(title) (Discworld, #\(number!); Rincewind, #\(1 + random.below(8)))"
    case 7:
      // Parentheses that are no series belong to the title.
      title += " (Or, a Year at Sea)"
      titleColumn = title
    default: break
    }
    let isbn13 = uniqueISBN13(&random, &used)
    let isbn10 = isbn13.hasPrefix("978") ? isbn10Of(isbn13) : nil
    var kind = ISBNKind.quoted
    var found = Found.google
    if index % 10 == 7 {
      kind = [ISBNKind.empty, .empty, .mangled, .asin][random.below(4)]
      // Of the rows without a usable ISBN: four in ten found on Google by title, three on Open
      // Library, three nowhere.
      found =
        [
          Found.google, .google, .google, .google, .openLibrary, .openLibrary, .openLibrary,
          .nowhere, .nowhere, .nowhere,
        ][(index / 10) % 10]
    } else if index % 97 == 13 {
      // An ISBN no source knows: the book is shown from the export.
      found = .nowhere
    }
    let shelf: String
    switch random.below(100) {
    case 0..<62: shelf = "read"
    case 62..<80: shelf = "to-read"
    case 80..<86: shelf = "currently-reading"
    case 86..<94: shelf = "did-not-finish"
    default: shelf = "favourite-rereads"
    }
    var shelves: [String] = []
    for name in otherShelves where random.below(5) == 0 { shelves.append(name) }
    let isRead = shelf == "read" || shelf == "favourite-rereads"
    let addedYear = 2012 + random.below(12)
    let dateAdded = String(format: "%04d/%02d/%02d", addedYear, 1 + random.below(12), 1 + random.below(28))
    var dateRead: String?
    if isRead, random.below(8) != 0 {
      dateRead = String(
        format: "%04d/%02d/%02d", min(2024, addedYear + random.below(3)), 1 + random.below(12),
        1 + random.below(28))
    }
    let readCount = isRead ? (random.below(6) == 0 ? 2 + random.below(2) : 1) : 0
    var review: String?
    switch random.below(10) {
    case 0: review = "Loved it.<br/><br/>The <i>ending</i> &amp; the <b>middle</b>, \"especially\"."
    case 1: review = "Two thoughts, both long,<br/>and a second line<br/>\nand a real line break too."
    case 2: review = "Not for me: <a href=\"https://example.org/review\">my longer review</a>."
    default: break
    }
    let original = 1900 + random.below(124)
    return Row(
      bookID: 1_000_000 + index * 7919, title: title, series: series, seriesNumber: number,
      titleColumn: titleColumn, author: "\(first) \(last)",
      additionalAuthors: random.below(12) == 0
        ? ["\(firstNames[random.below(firstNames.count)]) Editor"] : [],
      isbn10: isbn10, isbn13: isbn13, isbnKind: kind,
      asin: kind == .asin ? "B0" + String(format: "%08X", random.below(0x7FFF_FFFF)) : nil,
      rating: isRead ? random.below(6) : 0, publisher: publishers[random.below(publishers.count)],
      binding: bindings[random.below(bindings.count)], pages: 80 + random.below(900),
      year: max(original, 1990 + random.below(34)), originalYear: original, dateRead: dateRead,
      dateAdded: dateAdded, shelves: shelves, exclusiveShelf: shelf, review: review,
      privateNotes: random.below(15) == 0 ? "Lent to Sam,\nnever came back." : nil, readCount: readCount,
      ownedCopies: random.below(4) == 0 ? 1 : 0, found: found,
      // A series of Open Library's shows where the title has none; the title's wins over it.
      sourceSeries: found != .openLibrary
        ? nil : series == nil ? "Open Shelf Classics ; \(1 + random.below(20))" : "Another Series ; 9")
  }

  private static func uniqueISBN13(_ random: inout Random, _ used: inout Set<String>) -> String {
    while true {
      let prefix = random.below(10) == 0 ? "979" : "978"
      let body = prefix + String(format: "%09d", random.below(1_000_000_000))
      let digits = body.compactMap(\.wholeNumberValue)
      let sum = digits.enumerated().reduce(0) { $0 + $1.element * ($1.offset % 2 == 0 ? 1 : 3) }
      let isbn = body + String((10 - sum % 10) % 10)
      // 979-1… ISBNs have no ISBN-10; 979 others are fine as ISBN-13 only.
      if used.insert(isbn).inserted { return isbn }
    }
  }

  private static func isbn10Of(_ isbn13: String) -> String {
    let body = Array(isbn13.dropFirst(3).prefix(9))
    let sum = body.enumerated().reduce(0) { $0 + ($1.element.wholeNumberValue ?? 0) * (10 - $1.offset) }
    let check = (11 - sum % 11) % 11
    return String(body) + (check == 10 ? "X" : String(check))
  }

  private static func romanNumeral(_ number: Int) -> String {
    let table = [
      (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"), (40, "XL"),
      (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
    ]
    var rest = number
    var text = ""
    for (value, letters) in table {
      while rest >= value {
        text += letters
        rest -= value
      }
    }
    return text
  }

  // MARK: Writing

  private static func line(_ row: Row) -> String {
    let (isbn, isbn13): (String, String)
    switch row.isbnKind {
    case .quoted: (isbn, isbn13) = ("=\"\(row.isbn10 ?? "")\"", "=\"\(row.isbn13)\"")
    case .empty: (isbn, isbn13) = ("=\"\"", "=\"\"")
    case .mangled: (isbn, isbn13) = ("", "\(row.isbn13.prefix(1)).\(row.isbn13.dropFirst().prefix(5))E+12")
    case .asin: (isbn, isbn13) = (row.asin ?? "", "")
    }
    let names = row.author.split(separator: " ")
    let authorLF = "\(names.last ?? ""), \(names.dropLast().joined(separator: " "))"
    let allShelves =
      row.exclusiveShelf == "read" || row.exclusiveShelf == "to-read"
        || row.exclusiveShelf == "currently-reading" ? row.shelves : [row.exclusiveShelf] + row.shelves
    let positions = allShelves.enumerated().map { "\($0.element) (#\($0.offset + 1))" }
    let fields = [
      String(row.bookID), row.titleColumn, row.author, authorLF,
      row.additionalAuthors.joined(separator: ", "),
      isbn, isbn13, String(row.rating), "3.9\(row.bookID % 10)", row.publisher, row.binding,
      String(row.pages),
      String(row.year), String(row.originalYear), row.dateRead ?? "", row.dateAdded,
      allShelves.joined(separator: ", "), positions.joined(separator: ", "), row.exclusiveShelf,
      row.review ?? "", "", row.privateNotes ?? "", String(row.readCount), String(row.ownedCopies),
    ]
    return fields.map(quoted).joined(separator: ",")
  }

  /// Quoted when it must be, as Goodreads does: commas, quotes, line breaks.
  private static func quoted(_ field: String) -> String {
    guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }),
      !(field.hasPrefix("=\"") && field.hasSuffix("\"") && field.count <= 16)
    else { return field }
    return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
}

/// SplitMix64: the same numbers on every machine and run.
struct Random {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound`.
  mutating func below(_ bound: Int) -> Int {
    Int(next() % UInt64(bound))
  }
}
