import BookRecord
import Fetching
import Foundation
import Testing

@testable import GoogleBooks

/// Fixtures live next to the tests (located from #filePath, never through SwiftPM resources).
enum Fixtures {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "Fixtures")

  static func bytes(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
  }
}

@Suite struct RealResponseDecodingTests {
  @Test func thirtyItemSearchWithCRLFLineEnds() throws {
    let response = try VolumeDecoder.decode(Fixtures.bytes("real/search-design-patterns-30-items-GB.json"))
    #expect(response.volumes.count == 30)
    #expect(response.skipped.isEmpty)
    let first = try #require(response.volumes.first)
    #expect(first.id == "6oHuKQe3TjQC")
    #expect(first.volumeInfo.title == "Design Patterns")
    #expect(first.volumeInfo.authors == ["Erich Gamma", "Richard Helm", "Ralph Johnson", "John Vlissides"])
    #expect(first.volumeInfo.averageRating == 4.0)
    #expect(first.saleInfo?.listPrice == Price(amount: 34.99, currencyCode: "GBP"))
    #expect(first.saleInfo?.retailPrice == Price(amount: 27.71, currencyCode: "GBP"))
    #expect(
      first.volumeInfo.industryIdentifiers == [
        IndustryIdentifier(type: "ISBN_10", identifier: "0321700694"),
        IndustryIdentifier(type: "ISBN_13", identifier: "9780321700698"),
      ])
    #expect(
      first.volumeInfo.imageLinks?.thumbnail
        == "https://books.google.com/books/content?id=6oHuKQe3TjQC&printsec=frontcover&img=1&zoom=1&edge=curl&source=gbs_api"
    )
  }

  @Test func singleVolumeKeepsHTMLAndFullCategories() throws {
    let response = try VolumeDecoder.decode(
      Fixtures.bytes("real/volume-49T5twEACAAJ-children-of-time-en-html-description.json"))
    #expect(response.volumes.count == 1)
    let volume = try #require(response.volumes.first)
    #expect(volume.id == "49T5twEACAAJ")
    #expect(volume.volumeInfo.pageCount == 640)
    #expect(
      volume.volumeInfo.description?.hasPrefix(
        "<b>Adrian Tchaikovksy's award-winning novel <i>Children of Time</i>") == true)
    #expect(volume.volumeInfo.categories.count == 5)
    #expect(volume.volumeInfo.categories.first == "Fiction / Science Fiction / Alien Contact")
    #expect(volume.saleInfo == SaleInfo(saleability: "NOT_FOR_SALE"))
  }

  @Test func timestampDateAndIdentifiersInEitherOrder() throws {
    let volume = try #require(
      VolumeDecoder.decode(Fixtures.bytes("real/volume-G7utDwAAQBAJ-fr-layerinfo-timestamp-date.json"))
        .volumes.first)
    #expect(volume.volumeInfo.title == "Dans la toile du temps")
    #expect(volume.volumeInfo.publishedDate == "2019-10-03T00:00:00+02:00")
    #expect(volume.record.published == BookDate(year: 2019, month: 10, day: 3))
    #expect(volume.volumeInfo.industryIdentifiers.map(\.type) == ["ISBN_10", "ISBN_13"])
  }

  @Test func leadingBlankLineAndOnlyAnOtherIdentifier() throws {
    let response = try VolumeDecoder.decode(
      Fixtures.bytes("real/search-isbn-0253324009-other-identifier-NO.json"))
    #expect(response.volumes.map(\.id) == ["kdwPAQAAMAAJ"])
    #expect(
      response.volumes[0].volumeInfo.industryIdentifiers == [
        IndustryIdentifier(type: "OTHER", identifier: "UOM:39015004307750")
      ])
  }

  @Test func zeroResultsHaveNoItems() throws {
    let response = try VolumeDecoder.decode(Fixtures.bytes("real/search-zero-results.json"))
    #expect(response == DecodedResponse())
  }

  @Test func japaneseSeriesAndIntegerPrices() throws {
    let response = try VolumeDecoder.decode(Fixtures.bytes("real/search-kimetsu-no-yaiba-ja-JP.json"))
    #expect(response.volumes.count == 10)
    let series = try #require(response.volumes.first { $0.id == "YBwFEAAAQBAJ" })
    #expect(series.volumeInfo.title == "鬼滅の刃 23")
    #expect(series.volumeInfo.seriesInfo == SeriesInfo(bookDisplayNumber: "23", seriesId: "eM48GAAAABBF1M"))
    let priced = try #require(response.volumes.first { $0.id == "pGj8DwAAQBAJ" })
    #expect(priced.saleInfo?.listPrice == Price(amount: 550, currencyCode: "JPY"))
  }

  @Test func oldFormatCountryImageHostIsUpgraded() throws {
    let volume = try #require(
      VolumeDecoder.decode(Fixtures.bytes("real/search-batman-old-2013-format-RO.json")).volumes.first)
    #expect(
      volume.volumeInfo.imageLinks?.thumbnail
        == "https://bks5.books.google.ro/books?id=l0UTIQAACAAJ&printsec=frontcover&img=1&zoom=1&source=gbs_api"
    )
    #expect(volume.volumeInfo.pageCount == 64)
  }

  @Test(arguments: [
    (
      "real/error-400-missing-query.json",
      APIErrorBody(
        code: 400, message: "Missing query.", reasons: ["queryRequired"], detailMessages: ["Missing query."])
    ),
    (
      "real/error-401-invalid-credentials.json",
      APIErrorBody(
        code: 401,
        message:
          "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.",
        status: "UNAUTHENTICATED", reasons: ["authError"], detailMessages: ["Invalid Credentials"])
    ),
    (
      "real/error-403-unknown-location.json",
      APIErrorBody(
        code: 403, message: "Cannot determine user location for geographically restricted operation.",
        reasons: ["unknownLocation"],
        detailMessages: ["Cannot determine user location for geographically restricted operation."])
    ),
    (
      "real/error-503-backend-failed.json",
      APIErrorBody(
        code: 503, message: "Service temporarily unavailable.", reasons: ["backendFailed"],
        detailMessages: ["Service temporarily unavailable."])
    ),
  ])
  func errorBodiesAreRecognisedInBothLayouts(_ file: String, _ expected: APIErrorBody) throws {
    let body = try Fixtures.bytes(file)
    #expect(throws: BodyDecodingError.apiError(expected)) { try VolumeDecoder.decode(body) }
  }

  /// When the team's full collection is present, every file decodes without a skipped volume.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/work/shared/googlebooks/real")))
  func everySavedResponseDecodes() throws {
    let folder = "/work/shared/googlebooks/real"
    var volumes = 0
    for name in try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    where name.hasSuffix(".json") {
      let body = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
      if name.hasPrefix("error-") {
        #expect(throws: BodyDecodingError.self) { try VolumeDecoder.decode(body) }
        continue
      }
      let response = try VolumeDecoder.decode(body)
      #expect(response.skipped.isEmpty, "\(name)")
      volumes += response.volumes.count
    }
    #expect(volumes >= 89)
  }
}

@Suite struct ForgivingDecodingTests {
  static func page(_ items: String...) -> [UInt8] { page(items) }

  static func page(_ items: [String]) -> [UInt8] {
    Array(#"{"kind": "books#volumes", "totalItems": 9, "items": [\#(items.joined(separator: ","))]}"#.utf8)
  }

  @Test(arguments: [
    (#""averageRating": 4"#, 4.0),
    (#""averageRating": 4.0"#, 4.0),
    (#""averageRating": 4.5"#, 4.5),
    (#""averageRating": "3.5""#, 3.5),
    (#""averageRating": 3.499E0"#, 3.499),
    (#""averageRating": 1e-1"#, 0.1),
  ])
  func numbersInEveryShape(_ field: String, _ expected: Double) throws {
    let response = try VolumeDecoder.decode(Self.page(#"{"id": "a", "volumeInfo": {\#(field)}}"#))
    #expect(response.volumes.first?.volumeInfo.averageRating == expected)
  }

  @Test func pricesAsIntegersOrFloatsAndPageCountZeroAsUnknown() throws {
    let response = try VolumeDecoder.decode(
      Self.page(
        #"{"id": "a", "volumeInfo": {"pageCount": 0, "ratingsCount": 12.0}, "saleInfo": {"listPrice": {"amount": 550, "currencyCode": "JPY"}, "retailPrice": {"amount": 5.99, "currencyCode": "GBP"}}}"#
      ))
    let volume = try #require(response.volumes.first)
    #expect(volume.volumeInfo.pageCount == nil)
    #expect(volume.volumeInfo.ratingsCount == 12)
    #expect(volume.saleInfo?.listPrice == Price(amount: 550, currencyCode: "JPY"))
    #expect(volume.saleInfo?.retailPrice == Price(amount: 5.99, currencyCode: "GBP"))
  }

  @Test func unknownFieldsNullsAndEscapesAreFine() throws {
    let response = try VolumeDecoder.decode(
      Self.page(
        #"{"future": {"a": [1, {"b": null}], "c": "\"]}"}, "id": "a", "volumeInfo": {"title": "Caf\u00e9 \ud83d\udcda \"quoted\"\n", "subtitle": null, "authors": ["X", null]}}"#
      ))
    let volume = try #require(response.volumes.first)
    #expect(volume.volumeInfo.title == "Café 📚 \"quoted\"\n")
    #expect(volume.volumeInfo.subtitle == nil)
    #expect(volume.volumeInfo.authors == ["X"])
  }

  @Test func numbersOutOfRangeAreDroppedAndTheVolumeKept() throws {
    let response = try VolumeDecoder.decode(
      Self.page(
        #"{"id": "a", "volumeInfo": {"title": "T", "pageCount": -3, "averageRating": 5.5, "ratingsCount": 1e300, "seriesInfo": {"bookDisplayNumber": 1e20}}, "saleInfo": {"listPrice": {"amount": "1e309", "currencyCode": "USD"}, "retailPrice": {"amount": 9.3e16, "currencyCode": "USD"}}}"#,
        #"{"id": "b", "volumeInfo": {"pageCount": 100000, "averageRating": 0, "ratingsCount": 1000000000}, "saleInfo": {"retailPrice": {"amount": 1000000000, "currencyCode": "KRW"}}}"#
      ))
    #expect(response.volumes.map(\.id) == ["a", "b"])
    #expect(response.skipped == [])
    #expect(
      response.notes.map(\.description) == [
        "items[0] (id 'a'): dropped volumeInfo.pageCount: -3 is not a whole number from 0 to 100000",
        "items[0] (id 'a'): dropped volumeInfo.averageRating: 5.5 is not a number from 0 to 5",
        "items[0] (id 'a'): dropped volumeInfo.ratingsCount: 1e+300 is not a whole number from 0 to 1000000000",
        "items[0] (id 'a'): dropped volumeInfo.seriesInfo.bookDisplayNumber: 1e+20 is not a whole number from 0 to 1000000",
        "items[0] (id 'a'): dropped saleInfo.listPrice.amount: inf is not a number from 0 to 1000000000",
        "items[0] (id 'a'): dropped saleInfo.retailPrice.amount: 9.3e+16 is not a number from 0 to 1000000000",
      ])
    let a = response.volumes[0]
    #expect(a.volumeInfo.title == "T" && a.volumeInfo.pageCount == nil && a.volumeInfo.averageRating == nil)
    #expect(a.volumeInfo.ratingsCount == nil && a.volumeInfo.seriesInfo == SeriesInfo())
    #expect(a.saleInfo?.listPrice == nil && a.saleInfo?.retailPrice == nil)
    let b = response.volumes[1].volumeInfo
    #expect(b.pageCount == 100_000 && b.averageRating == 0 && b.ratingsCount == 1_000_000_000)
    #expect(response.volumes[1].saleInfo?.retailPrice == Price(amount: 1e9, currencyCode: "KRW"))
  }

  /// A huge description would make a huge page; past 64 KiB it is cut on a whole
  /// character (here a 3-byte one straddles the limit) and noted.
  @Test func aDescriptionLongerThanTheLimitIsCut() throws {
    let limit = VolumeInfo.descriptionLimit
    let long = String(repeating: "a", count: limit - 1) + "劉" + String(repeating: "b", count: 1000)
    let response = try VolumeDecoder.decode(
      Self.page(#"{"id": "a", "volumeInfo": {"description": "\#(long)"}}"#, #"{"id": "b"}"#))
    #expect(response.volumes.first?.volumeInfo.description == String(repeating: "a", count: limit - 1) + "…")
    #expect(
      response.notes.map(\.description) == [
        "items[0] (id 'a'): cut volumeInfo.description from \(limit + 1002) bytes to \(limit - 1)"
      ])
  }

  @Test func itemsPastTheOnesAskedForAreLeftUnread() throws {
    let items = (0..<50).map { #"{"id": "v\#($0)"}"# } + [#"{"id": "broken", "volumeInfo": 7}"#]
    let body = Self.page(items)
    let response = try VolumeDecoder.decode(body, maxItems: 40)
    #expect(response.volumes.map(\.id) == (0..<40).map { "v\($0)" })
    #expect(response.ignoredItems == 11 && response.skipped == [])
    #expect(try VolumeDecoder.decode(body).volumes.count == 50)
  }

  @Test func stringsLoseTheControlCharactersNoPageMayHold() throws {
    let response = try VolumeDecoder.decode(
      Self.page(
        #"{"id": "a", "volumeInfo": {"title": "a\u0000b\u001b[1m\u0007\t\u007f\u0085c", "authors": ["\#u{01}X\#u{7F}"], "description": "\uFFFEok\uFFFF\n"}}"#
      ))
    let info = try #require(response.volumes.first).volumeInfo
    #expect(info.title == "ab[1m\tc")
    #expect(info.authors == ["X"])
    #expect(info.description == "ok\n")
  }

  @Test func aMalformedVolumeIsSkippedAndNamedTheRestKept() throws {
    let response = try VolumeDecoder.decode(
      Self.page(
        #"{"id": "good1"}"#, #"{"id": "bad", "volumeInfo": {"pageCount": "many"}}"#,
        #"{"volumeInfo": {"title": "no id"}}"#,
        #"[1, 2]"#, #"{"id": "good2"}"#))
    #expect(response.volumes.map(\.id) == ["good1", "good2"])
    #expect(
      response.skipped.map(\.description) == [
        "items[1] (id 'bad'): volumeInfo.pageCount is a string, expected a number",
        "items[2]: it has no id",
        "items[3]: volume is an array, expected an object",
      ])
  }

  @Test func byteOrderMarkAndCRLFAreTolerated() throws {
    let body =
      [0xEF, 0xBB, 0xBF] + Array("\r\n{\r\n \"kind\": \"books#volume\",\r\n \"id\": \"x\"\r\n}\r\n".utf8)
    #expect(try VolumeDecoder.decode(body).volumes.map(\.id) == ["x"])
  }

  @Test(arguments: [
    (#"{"kind": "books#volumes", "items": [{"id": "a"}"#, "unexpected end of data"),
    ("<html><body>Sign in</body></html>", "the body is not a JSON object"),
    ("", "unexpected end of data"),
    (#"{"id": "a"} trailing"#, "unexpected data after the JSON object"),
  ])
  func truncatedOrNonJSONBodiesAreInvalid(_ text: String, _ message: String) {
    #expect {
      try VolumeDecoder.decode(Array(text.utf8))
    } throws: { error in
      guard case .invalidJSON(_, let got) = error as? BodyDecodingError else { return false }
      return got == message
    }
  }

  @Test func anErrorKeyWinsOverItems() {
    let body = Array(#"{"items": [{"id": "a"}], "error": {"code": 500, "message": "boom"}}"#.utf8)
    #expect(throws: BodyDecodingError.apiError(APIErrorBody(code: 500, message: "boom"))) {
      try VolumeDecoder.decode(body)
    }
  }
}

@Suite struct LinkUpgradeTests {
  @Test(arguments: [
    ("http://books.google.com/books/content?id=x", "https://books.google.com/books/content?id=x"),
    ("http://books.google.co.uk/books?id=x", "https://books.google.co.uk/books?id=x"),
    ("http://books.google.com.br/books?id=x", "https://books.google.com.br/books?id=x"),
    ("http://bks5.books.google.ro/books?id=x", "https://bks5.books.google.ro/books?id=x"),
    ("http://play.google.com/books/reader?id=x", "https://play.google.com/books/reader?id=x"),
    ("http://books.googleapis.com/x", "https://books.googleapis.com/x"),
    ("http://lh3.googleusercontent.com/x", "https://lh3.googleusercontent.com/x"),
    ("http://BOOKS.GOOGLE.DE:80/x", "https://BOOKS.GOOGLE.DE:80/x"),
    ("http://market.android.com/details?id=x", "http://market.android.com/details?id=x"),
    ("http://google.evil.example/x", "http://google.evil.example/x"),
    ("http://notgoogle.com/x", "http://notgoogle.com/x"),
    ("https://books.google.com/x", "https://books.google.com/x"),
  ])
  func googleLinksAreUpgradedToHTTPS(_ link: String, _ expected: String) throws {
    // As the decoder reads a volume's links.
    let body = #"{"id": "x", "volumeInfo": {"previewLink": "\#(link)"}}"#
    let volume = try #require(VolumeDecoder.decode(Array(body.utf8)).volumes.first)
    #expect(volume.volumeInfo.previewLink == expected)
  }
}
