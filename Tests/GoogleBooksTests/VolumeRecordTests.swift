import Testing

@testable import BookRecord
@testable import GoogleBooks

/// Google's one mapping into the source-neutral record: every field the site uses, with the
/// volume field it came from, the volume's digest and its page on Google Books.
@Suite struct VolumeRecordTests {
  static let volume: Volume = {
    var volume = Volume(
      id: "B1ZdEAAAQBAJ",
      volumeInfo: VolumeInfo(
        title: "Dune", subtitle: "Deluxe Edition", authors: ["Frank Herbert"], publisher: "Ace",
        publishedDate: "2019-10-01T00:00:00+02:00", description: "<p>Arrakis.</p>",
        industryIdentifiers: [
          IndustryIdentifier(type: "ISBN_10", identifier: "0-441-01359-7"),
          IndustryIdentifier(type: "ISBN_13", identifier: "9780441013593"),
          IndustryIdentifier(type: "OTHER", identifier: "UOM:39015"),
        ],
        pageCount: 896, categories: ["Fiction / Science Fiction / General"], averageRating: 4.5,
        ratingsCount: 12, language: "en",
        imageLinks: CoverLinks(smallThumbnail: "https://b.test/s", thumbnail: "https://b.test/t"),
        previewLink: "https://books.google.com/books?id=B1ZdEAAAQBAJ&printsec=frontcover",
        canonicalVolumeLink: "https://books.google.com/books/about/Dune.html?id=B1ZdEAAAQBAJ"),
      saleInfo: SaleInfo(
        saleability: "FOR_SALE", listPrice: Price(amount: 9.99, currencyCode: "USD"),
        retailPrice: Price(amount: 7.99, currencyCode: "USD"), buyLink: "https://play.google.com/store/b"),
      accessInfo: AccessInfo(publicDomain: false, webReaderLink: "https://play.google.com/books/reader?id=x"))
    volume.sourceDigest = 42
    return volume
  }()

  @Test func everyFieldTheSiteShowsIsMapped() {
    let record = Self.volume.record
    #expect(record.id == "B1ZdEAAAQBAJ")
    #expect(record.title == "Dune")
    #expect(record.subtitle == "Deluxe Edition")
    #expect(record.authors == ["Frank Herbert"])
    #expect(record.publisher == "Ace")
    #expect(record.published == BookDate(year: 2019, month: 10, day: 1))
    #expect(record.description == "<p>Arrakis.</p>")
    #expect(record.pageCount == 896)
    #expect(record.categories == ["Fiction / Science Fiction / General"])
    #expect(record.language == "en")
    #expect(
      record.identifiers == [
        BookIdentifier(.isbn10, "0-441-01359-7"), BookIdentifier(.isbn13, "9780441013593"),
        BookIdentifier(.other("OTHER"), "UOM:39015"),
      ])
    #expect(record.isbns.isbn13 == "9780441013593")
    #expect(record.isbns.isbn10 == "0441013597")
    #expect(record.matchingISBNs == ["9780441013593", "9780441013593"])
    #expect(record.covers == CoverLinks(smallThumbnail: "https://b.test/s", thumbnail: "https://b.test/t"))
    #expect(record.previewLink == "https://books.google.com/books?id=B1ZdEAAAQBAJ&printsec=frontcover")
    #expect(record.readerLink == "https://play.google.com/books/reader?id=x")
    #expect(record.rating == Rating(average: 4.5, count: 12))
    #expect(
      record.sale
        == Sale(
          saleability: .forSale, listPrice: Price(amount: 9.99, currencyCode: "USD"),
          retailPrice: Price(amount: 7.99, currencyCode: "USD"), buyLink: "https://play.google.com/store/b"))
    #expect(record.isPublicDomain == false)
  }

  @Test func theRecordNamesItsSourceItsPageAndItsDigest() {
    let record = Self.volume.record
    let google = SourceRecord(
      source: .googleBooks, id: "B1ZdEAAAQBAJ",
      url: "https://books.google.com/books/about/Dune.html?id=B1ZdEAAAQBAJ", digest: 42)
    #expect(record.provenance.records == [google])
    #expect(record.origin(of: .title) == google)
    #expect(record.origin(of: .readerLink) == google)
    #expect(record.origin(of: .published) == google)
    // What Google did not send has no origin, so a second source may fill it.
    #expect(Volume(id: "x").record.origin(of: .title) == nil)
    #expect(Volume(id: "x").record.states(.authors) == false)
  }

  @Test(
    arguments: [
      (
        "https://books.google.com/books/about/X.html?id=abc", "abc",
        "https://books.google.com/books/about/X.html?id=abc"
      ),
      ("https://evil.example/", "a b&c", "https://books.google.com/books?id=a%20b%26c"),
      ("http://books.google.com/x", "abc", "https://books.google.com/books?id=abc"),
      (nil, "abc", "https://books.google.com/books?id=abc"),
    ] as [(String?, String, String)])
  func theGoogleBooksPageFallsBackToTheId(canonical: String?, id: String, page: String) {
    let volume = Volume(id: id, volumeInfo: VolumeInfo(canonicalVolumeLink: canonical))
    #expect(volume.record.provenance.records[0].url == page)
  }
}
