import BookRecord
import Catalog
import Foundation
import Support
import Testing

import struct Catalog.Collection

@testable import GoogleBooks
@testable import Site

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// A small site for the discovery tests: two collections, a hostile title, a CJK book, a book on
/// sale, a book with nothing but an id.
enum DiscoveryFixture {
  static let hostileTitle = "</script><script>alert(1)</script> \"Quotes\" & <b>bold</b>\u{2028}line\u{1}"

  static let dune = Volume(
    id: "B1ZdEAAAQBAJ",
    volumeInfo: VolumeInfo(
      title: "Dune", subtitle: "Deluxe Edition", authors: ["Frank Herbert"], publisher: "Ace",
      publishedDate: "2019-10-01", description: "<p>Set on the desert planet</p><p><b>Arrakis</b>.</p>",
      industryIdentifiers: [
        IndustryIdentifier(type: "ISBN_13", identifier: "9780441013593"),
        IndustryIdentifier(type: "ISBN_10", identifier: "0441013597"),
      ], pageCount: 896, categories: ["Fiction / Science Fiction / General"], language: "en",
      imageLinks: CoverLinks(
        smallThumbnail:
          "http://books.google.com/books/content?id=B1ZdEAAAQBAJ&printsec=frontcover&img=1&zoom=5&edge=curl&source=gbs_api",
        thumbnail:
          "http://books.google.com/books/content?id=B1ZdEAAAQBAJ&printsec=frontcover&img=1&zoom=1&edge=curl&source=gbs_api"
      ), previewLink: "http://books.google.com/books?id=B1ZdEAAAQBAJ&printsec=frontcover"),
    saleInfo: SaleInfo(
      saleability: "FOR_SALE",
      listPrice: Price(amount: 450, currencyCode: "TWD"),
      retailPrice: Price(amount: 382.5, currencyCode: "TWD"),
      buyLink: "https://play.google.com/store/books/details?id=B1ZdEAAAQBAJ&rdid=book-B1ZdEAAAQBAJ"),
    accessInfo: AccessInfo(webReaderLink: "http://play.google.com/books/reader?id=B1ZdEAAAQBAJ"))

  static let threeBody = Volume(
    id: "ZZ00AbCdEf12",
    volumeInfo: VolumeInfo(
      title: "三體", authors: ["劉慈欣"], publisher: "貓頭鷹", publishedDate: "2011-05",
      industryIdentifiers: [IndustryIdentifier(type: "ISBN_13", identifier: "9789861201986")],
      categories: ["Fiction"], language: "zh-TW"))

  static let hostile = Volume(
    id: "hostile-1",
    volumeInfo: VolumeInfo(
      title: hostileTitle, authors: ["<img src=x onerror=alert(1)>"], publishedDate: "2001",
      description: "A & B < C\u{0}\u{B}"))

  static let bare = Volume(id: "bare-id")

  static func catalog(baseURL: String = "https://me.github.io/books/", author: String? = "Ann") -> Catalog {
    Catalog(
      site: SiteSettings(
        title: "Ann's Shelf", baseURL: baseURL, language: "en", description: "Books **I** love.",
        // Every kind of page and feed, even for one book, so each one's discovery data is tested.
        author: author, indexPages: Set(IndexPage.allCases), indexMinBooks: 1, opdsAllBooks: true),
      collections: [
        Collection(title: "Science fiction", slug: "sf"), Collection(title: "台灣文學", slug: "taiwan"),
      ])
  }

  static func model(
    baseURL: String = "https://me.github.io/books/", extra: [Volume] = []
  ) throws -> SiteModel {
    try SiteModel(
      catalog: catalog(baseURL: baseURL),
      collections: [
        SiteInput.Collection(slug: "sf", volumes: [dune, hostile, bare] + extra),
        SiteInput.Collection(slug: "taiwan", volumes: [threeBody, dune]),
      ])
  }

  static func render(
    baseURL: String = "https://me.github.io/books/", options: DiscoveryOptions = DiscoveryOptions(),
    extra: [Volume] = []
  ) throws -> [String: String] {
    let model = try model(baseURL: baseURL, extra: extra)
    let catalog = catalog(baseURL: baseURL)
    let files = DiscoveryFiles.render(
      model: model, jobs: model.pageJobs(perPage: 24), settings: catalog.site,
      urls: try SiteURLs(baseURL: baseURL), strings: try UIStrings(language: .english), options: options)
    return Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.text) })
  }

  /// Volumes with distinct ids and titles of realistic length (half with a subtitle, a third with
  /// two authors), for size and pagination tests.
  static func volumes(_ count: Int) -> [Volume] {
    let words = [
      "Silent", "River", "Winter", "Garden", "Empire", "Letters", "Shadow", "Harbor", "Light", "Stone",
    ]
    return (0..<count).map { number in
      let title = "The \(words[number % 10]) of \(words[number / 10 % 10]) \(number)"
      let authors =
        ["Author \(number % 500) Surname"] + (number % 3 == 0 ? ["Second Writer \(number % 70)"] : [])
      return Volume(
        id: "vol\(number)AbCdE",
        volumeInfo: VolumeInfo(
          title: title, subtitle: number % 2 == 0 ? "A Novel in \(words[number % 7]) Parts" : nil,
          authors: authors, publishedDate: "20\(10 + number % 15)-0\(1 + number % 9)-1\(number % 9)",
          industryIdentifiers: [IndustryIdentifier(type: "ISBN_13", identifier: isbn13(number))],
          categories: ["Fiction / Genre \(number % 40)"], language: "en",
          imageLinks: CoverLinks(
            smallThumbnail:
              "http://books.google.com/books/content?id=vol\(number)AbCdE&printsec=frontcover&img=1&zoom=5&source=gbs_api",
            thumbnail:
              "http://books.google.com/books/content?id=vol\(number)AbCdE&printsec=frontcover&img=1&zoom=1&source=gbs_api"
          )))
    }
  }

  /// A valid ISBN-13 `978` + 9 digits of `number` + check digit.
  static func isbn13(_ number: Int) -> String {
    let body = "978" + String(String(number).reversed()).padding(toLength: 9, withPad: "0", startingAt: 0)
    let digits = body.compactMap(\.wholeNumberValue)
    let sum = digits.enumerated().reduce(0) { $0 + $1.element * ($1.offset % 2 == 0 ? 1 : 3) }
    return body + String((10 - sum % 10) % 10)
  }
}

/// A parsed XML document: elements in document order with their qualified names, attributes and
/// text, from Foundation's XMLParser (so the tests use a real, independent XML parser).
final class XMLDocumentSummary: NSObject, XMLParserDelegate {
  struct Element {
    var name: String
    var namespace: String?
    var attributes: [String: String]
    var text = ""
    var path: [String]
  }

  private(set) var elements: [Element] = []
  private var open: [Int] = []
  private(set) var error: String?

  init(_ text: String) {
    super.init()
    let parser = XMLParser(data: Data(text.utf8))
    parser.shouldProcessNamespaces = true
    parser.delegate = self
    if !parser.parse() { error = parser.parserError.map { "\($0)" } ?? "parse failed" }
  }

  func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    let path = open.map { elements[$0].name } + [name]
    open.append(elements.count)
    elements.append(Element(name: name, namespace: namespaceURI, attributes: attributes, path: path))
  }

  func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?)
  {
    open.removeLast()
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    if let last = open.last { elements[last].text += string }
  }

  /// Elements whose path ends with `path` (`["entry", "title"]`).
  func all(_ path: String...) -> [Element] {
    elements.filter { $0.path.count >= path.count && Array($0.path.suffix(path.count)) == path }
  }

  func texts(_ path: String...) -> [String] {
    elements.filter { $0.path.count >= path.count && Array($0.path.suffix(path.count)) == path }.map(\.text)
  }
}

@Suite struct DiscoveryTimestampTests {
  @Test func bookDatesFillMissingMonthAndDay() {
    #expect(BookDate(year: 2011, month: 5).rfc3339 == "2011-05-01T00:00:00Z")
    #expect(BookDate(year: 812).rfc3339 == "0812-01-01T00:00:00Z")
  }

  @Test func sourceDateEpochIsReadFromTheEnvironment() {
    #expect(BuildOptions.sourceDateEpoch(in: ["SOURCE_DATE_EPOCH": "1700000000"]) == 1_700_000_000)
    #expect(BuildOptions.sourceDateEpoch(in: ["SOURCE_DATE_EPOCH": "soon"]) == nil)
    #expect(BuildOptions.sourceDateEpoch(in: [:]) == nil)
  }

  /// Times no calendar arithmetic here can hold used to trap; only 1970 to 9999 are taken.
  @Test(arguments: [
    ("-9223372036854775808", nil), ("9223372036854775807", nil), ("-1", nil), ("253402300800", nil),
    ("0", "1970-01-01T00:00:00Z"), ("253402300799", "9999-12-31T23:59:59Z"),
  ])
  func sourceDateEpochOutsideTheYears1970To9999IsIgnored(text: String, expected: String?) {
    let epoch = BuildOptions.sourceDateEpoch(in: ["SOURCE_DATE_EPOCH": text])
    #expect(epoch.map { UTCTime.rfc3339(epochSeconds: $0) } == expected)
  }
}
