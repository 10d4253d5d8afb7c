/// A Goodreads library export of the synthetic books (`SyntheticBook`), for the import bench: the
/// columns Goodreads writes and its quirks — ISBNs as `="0441172717"`, empty ones (`=""`),
/// ISBN-13s a spreadsheet turned into `9.78044E+12`, ASINs, series in titles, several shelves,
/// HTML reviews with `<br/>`, quoted commas, quotes and line breaks, CRLF line ends.
struct GoodreadsCSV {
  var count: Int
  var seed = Dataset.defaultSeed

  static let header =
    "Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,"
    + "Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,"
    + "Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies"

  private static let series = ["The Winter Cycle", "Harbour Chronicles", "Discworld", "The Salt Road"]
  private static let bindings = [
    "Paperback", "Hardcover", "Kindle Edition", "Mass Market Paperback", "ebook",
  ]
  private static let shelves = ["favorites", "sci-fi", "book-club", "owned-books", "kindle", "library"]
  private static let reviews = [
    "Loved it.<br/><br/>The <i>ending</i> &amp; the <b>middle</b>, \"especially\".",
    "Two thoughts, both long,<br/>and a second line<br/>\nand a real line break too.",
    "Not for me: <a href=\"https://example.org/review\">my longer review</a>.",
  ]

  /// The export's text.
  var text: String {
    var lines = [Self.header]
    lines.reserveCapacity(count + 1)
    for index in 0..<count { lines.append(row(index).map(Self.field).joined(separator: ",")) }
    return lines.joined(separator: "\r\n") + "\r\n"
  }

  /// The ISBN-13 of the first row that has one written plainly (for the catalog's collection).
  var firstISBN13: String? {
    (0..<count).lazy.compactMap { index -> String? in
      guard index % 10 < 7 else { return nil }
      return SyntheticBook(index: index, seed: seed).identifiers?.first { $0.type == "ISBN_13" }?.value
    }.first
  }

  private func row(_ index: Int) -> [String] {
    let book = SyntheticBook(index: index, seed: seed)
    var random = SplitMix64(seed: seed ^ 0x676F_6F64_7265_6164, stream: UInt64(index))
    let authors = book.authors ?? ["Anonymous"]
    let author = authors[0]
    let lastFirst =
      author.split(separator: " ").count > 1
      ? "\(author.split(separator: " ").last!), \(author.split(separator: " ").dropLast().joined(separator: " "))"
      : author
    var title = book.title
    if random.chance(0.2) { title += " (\(random.pick(Self.series)), #\(random.int(in: 1...12)))" }
    let isbn13 = book.identifiers?.first { $0.type == "ISBN_13" }?.value
    let isbn10 = book.identifiers?.first { $0.type == "ISBN_10" }?.value
    // Seven rows in ten as Goodreads writes them; the rest empty, mangled or an ASIN.
    var isbnColumns = ("=\"\(isbn10 ?? "")\"", "=\"\(isbn13 ?? "")\"")
    switch index % 10 {
    case 7: isbnColumns = ("=\"\"", "=\"\"")
    case 8: isbnColumns = ("", isbn13.map { "\($0.prefix(1)).\($0.dropFirst().prefix(5))E+12" } ?? "")
    case 9: isbnColumns = ("=\"B0\(String(index, radix: 16, uppercase: true))\"", "=\"\"")
    default: break
    }
    let year = book.publishedDate.map { String($0.prefix(4)) } ?? ""
    let shelf = random.pick(["read", "read", "read", "to-read", "currently-reading", "did-not-finish"])
    let others = Self.shelves.filter { _ in random.chance(0.2) }
    let added =
      "\(2012 + random.below(12))/\(SyntheticBook.twoDigits(random.int(in: 1...12)))/"
      + SyntheticBook.twoDigits(random.int(in: 1...28))
    let isRead = shelf == "read"
    return [
      String(20_000_000 + index * 13), title, author, lastFirst, authors.dropFirst().joined(separator: ", "),
      isbnColumns.0, isbnColumns.1, String(isRead ? random.int(in: 0...5) : 0),
      "\(random.int(in: 2...4)).\(SyntheticBook.twoDigits(random.below(100)))", book.publisher ?? "",
      random.pick(Self.bindings), book.pageCount.map(String.init) ?? "", year, year,
      isRead && random.chance(0.8) ? added : "", added, others.joined(separator: ", "),
      others.enumerated().map { "\($0.element) (#\($0.offset + 1))" }.joined(separator: ", "), shelf,
      random.chance(0.3) ? random.pick(Self.reviews) : "", "",
      random.chance(0.07) ? "Lent to Sam,\nnever came back." : "", isRead ? "1" : "0",
      random.chance(0.25) ? "1" : "0",
    ]
  }

  /// A CSV field, quoted (quotes doubled) when it holds a comma, a quote or a line break.
  private static func field(_ text: String) -> String {
    guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
    return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
}
