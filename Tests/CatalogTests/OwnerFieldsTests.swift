import Diagnostics
import Testing

@testable import Catalog

/// The owner's own data under `books:`: shelf, rating, dates, copy, series, shop, links, extra.
@Suite struct OwnerFieldsTests {
  static let catalog = """
    site:
      title: Mine
    collections:
      - title: A
        books: [9780547928227, zyTCAlFPjgYC, goodreads:40265832]
    shelves:
      - title: Did not finish
        slug: did-not-finish
        description: Put down for good.
      - title: Comfort reads
    books:
      "9780547928227":
        note: Spoils it all.
        note_spoiler: true
        status: read
        rating: 4.5
        date_added: 2021-03-04
        date_started: 2021-03
        date_read: [2021-04-01, 2023]
        read_count: 2
        format: paperback
        owned: true
        series: The Lord of the Rings
        series_number: 0.5
        price: 12.99
        currency: EUR
        buy_url: https://shop.example/hobbit
        availability: in_stock
        links:
          Library: https://library.example/hobbit
          Review: http://blog.example/hobbit
        extra:
          shelf_mark: B-12
          signed-by: "Christopher Tolkien"
      zyTCAlFPjgYC:
        status: did-not-finish
        date_read: 2020-05
        owned: False
      goodreads:40265832:
        status: comfort-reads
        imported:
          source: goodreads
          id: "40265832"
          title: The Eyre Affair
          authors: [Jasper Fforde]
          isbn: 9.78034E+12
          page_count: 374
          published: 2003
          private_notes: from the library sale
          matched_by: title
          match_source: google_books

    """

  @Test func decodesEveryOwnerField() throws {
    let catalog = try CatalogLoader.parse(Self.catalog, file: "catalog.yml", directory: ".")
    let hobbit = try #require(catalog.books["9780547928227"])
    #expect(hobbit.status == .read)
    #expect(hobbit.rating?.halves == 9)
    #expect(hobbit.rating?.text == "4.5")
    #expect(hobbit.dateAdded == PartialDate(year: 2021, month: 3, day: 4))
    #expect(hobbit.dateStarted == PartialDate(year: 2021, month: 3))
    #expect(
      hobbit.datesRead
        == [PartialDate(year: 2021, month: 4, day: 1), PartialDate(year: 2023)].compactMap { $0 })
    #expect(hobbit.readCount == 2)
    #expect(hobbit.format == .paperback)
    #expect(hobbit.owned == true)
    #expect(hobbit.series == "The Lord of the Rings")
    #expect(hobbit.seriesNumber?.text == "0.5")
    #expect(
      hobbit.shop
        == ShopFields(
          price: ShopPrice(amount: "12.99", currency: "EUR"), buyURL: "https://shop.example/hobbit",
          availability: .inStock))
    #expect(
      hobbit.links == [
        NamedLink(name: "Library", url: "https://library.example/hobbit"),
        NamedLink(name: "Review", url: "http://blog.example/hobbit"),
      ])
    #expect(hobbit.extra == ["shelf_mark": "B-12", "signed-by": "Christopher Tolkien"])

    let other = try #require(catalog.books["zyTCAlFPjgYC"])
    #expect(other.status == .shelf(slug: "did-not-finish"))
    #expect(other.datesRead == [PartialDate(year: 2020, month: 5)].compactMap { $0 })
    #expect(other.owned == false)

    let unmatched = try #require(catalog.books["goodreads:40265832"])
    var imported = ImportRecord(source: .goodreads, id: "40265832")
    imported.title = "The Eyre Affair"
    imported.authors = ["Jasper Fforde"]
    imported.isbn = "9.78034E+12"
    imported.pageCount = 374
    imported.published = PartialDate(year: 2003)
    imported.privateNotes = "from the library sale"
    imported.matchedBy = .title
    imported.matchSource = .googleBooks
    #expect(unmatched.imported == imported)
    #expect(unmatched.status == .shelf(slug: "comfort-reads"))

    #expect(
      catalog.shelves == [
        Shelf(title: "Did not finish", slug: "did-not-finish", description: "Put down for good."),
        Shelf(title: "Comfort reads", slug: "comfort-reads"),
      ])
    #expect(catalog.collections[0].isbns == [ISBN(isbn13: "9780547928227")])
    #expect(catalog.collections[0].volumes == ["zyTCAlFPjgYC"])
    #expect(catalog.collections[0].exportIDs.map(\.description) == ["goodreads:40265832"])
  }

  @Test(arguments: [
    ("0.5", 1), ("1", 2), ("3.5", 7), ("4.0", 8), ("5", 10), (".5", 1),
  ])
  func ratingsInHalves(text: String, halves: Int) {
    #expect(OwnerRating(parsing: text)?.halves == halves)
  }

  @Test(arguments: ["0", "5.5", "4.25", "-1", "1e0", "four", "", "4,5", "nan", "inf"])
  func ratingsThatAreNone(text: String) {
    #expect(OwnerRating(parsing: text) == nil)
  }

  @Test func partialDatesOrderByYearThenMonthThenDay() throws {
    let dates = ["2021-03-04", "2021", "2020-12-31", "2021-03"].compactMap(PartialDate.init(parsing:))
    #expect(dates.sorted().map(\.description) == ["2020-12-31", "2021", "2021-03", "2021-03-04"])
  }

  @Test(arguments: [("1", "1"), ("2.5", "2.5"), ("10.125", "10.125"), ("0", "0"), ("3.0", "3")])
  func seriesNumbers(text: String, shown: String) {
    #expect(SeriesNumber(parsing: text)?.text == shown)
  }

  @Test(arguments: ["1.2345", "-1", "1e3", "2,5", "", ".5", "200000"])
  func seriesNumbersThatAreNone(text: String) {
    #expect(SeriesNumber(parsing: text) == nil)
  }
}
