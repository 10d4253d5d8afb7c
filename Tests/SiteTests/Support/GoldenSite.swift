import BookRecord

@testable import Catalog
@testable import GoogleBooks
@testable import Site

/// The fixture site the golden files are rendered from: two collections, a CJK book, a book
/// with every field, one with only an id, an owner note and overrides.
enum GoldenSite {
  static let threeBody = Volume(
    id: "ZZ00AbCdEf12",
    volumeInfo: VolumeInfo(
      title: "三體", subtitle: "地球往事三部曲之一", authors: ["劉慈欣"], publisher: "貓頭鷹",
      publishedDate: "2011-05-03",
      description: "<p>文化大革命如火如荼進行的同時，軍方探尋外星文明的絕秘計畫「紅岸工程」取得了突破性進展。</p><p>第二段<br>換行。</p>",
      industryIdentifiers: [
        IndustryIdentifier(type: "ISBN_10", identifier: "9861201982"),
        IndustryIdentifier(type: "ISBN_13", identifier: "9789861201986"),
      ],
      pageCount: 416, categories: ["Fiction / Science Fiction / General"], averageRating: 4.5,
      ratingsCount: 12,
      language: "zh-TW",
      imageLinks: CoverLinks(
        smallThumbnail:
          "http://books.google.com/books/content?id=ZZ00AbCdEf12&printsec=frontcover&img=1&zoom=5&edge=curl&source=gbs_api",
        thumbnail:
          "http://books.google.com/books/content?id=ZZ00AbCdEf12&printsec=frontcover&img=1&zoom=1&edge=curl&source=gbs_api"
      ),
      previewLink: "http://books.google.com.tw/books?id=ZZ00AbCdEf12&printsec=frontcover&hl=&source=gbs_api",
      canonicalVolumeLink: "https://books.google.com/books/about/%E4%B8%89%E9%AB%94.html?hl=&id=ZZ00AbCdEf12"),
    saleInfo: SaleInfo(
      saleability: "FOR_SALE",
      listPrice: Price(amount: 450, currencyCode: "TWD"),
      retailPrice: Price(amount: 356, currencyCode: "TWD"),
      buyLink:
        "https://play.google.com/store/books/details?id=ZZ00AbCdEf12&rdid=book-ZZ00AbCdEf12&rdot=1&source=gbs_api"
    ),
    accessInfo: AccessInfo(
      publicDomain: false,
      webReaderLink: "http://play.google.com/books/reader?id=ZZ00AbCdEf12&hl=&source=gbs_api"))

  static let dune = Volume(
    id: "B1hSG45JCX4C",
    volumeInfo: VolumeInfo(
      title: "Dune", authors: ["Frank Herbert"], publisher: "Penguin", publishedDate: "2005-08-02",
      description: "Set on the desert planet Arrakis, Dune is the story of the boy Paul Atreides.",
      industryIdentifiers: [IndustryIdentifier(type: "ISBN_13", identifier: "9780441172719")], pageCount: 896,
      categories: ["Fiction"], language: "en",
      imageLinks: CoverLinks(
        thumbnail: "https://books.google.com/books/content?id=B1hSG45JCX4C&img=1&zoom=1"),
      canonicalVolumeLink: "https://books.google.com/books/about/Dune.html?id=B1hSG45JCX4C"),
    saleInfo: SaleInfo(saleability: "NOT_FOR_SALE"))

  static let frankenstein = Volume(
    id: "FrAnKeN_1818",
    volumeInfo: VolumeInfo(
      title: "Frankenstein", subtitle: "Or, The Modern Prometheus", authors: ["Mary Shelley"],
      publishedDate: "1818", categories: ["Fiction / Classics", "Fiction / Horror"], language: "en"),
    saleInfo: SaleInfo(
      saleability: "FREE", buyLink: "https://play.google.com/store/books/details?id=FrAnKeN_1818"),
    accessInfo: AccessInfo(
      publicDomain: true, webReaderLink: "https://play.google.com/books/reader?id=FrAnKeN_1818"))

  static let bare = Volume(id: "OnlyAnId0001")

  static let foundation = Volume(
    id: "FoUnDaTi0n01",
    volumeInfo: VolumeInfo(
      title: "Foundation", authors: ["Isaac Asimov"], publisher: "Spectra", publishedDate: "1991-10",
      industryIdentifiers: [IndustryIdentifier(type: "ISBN_10", identifier: "0553293354")],
      categories: ["Fiction / Science Fiction / Space Opera"], language: "en"),
    saleInfo: SaleInfo(
      saleability: "FOR_SALE", listPrice: Price(amount: 7.99, currencyCode: "USD"),
      retailPrice: Price(amount: 7.99, currencyCode: "USD"),
      buyLink: "https://play.google.com/store/books/details?id=FoUnDaTi0n01"))

  static func catalog(language: String = "en") -> Catalog {
    Catalog(
      site: SiteSettings(
        title: "A Reader's Shelf", baseURL: "https://example.org/shelf/", language: language,
        description: "Books I *love*, in Chinese and English.\n\n- science fiction\n- classics",
        author: "Lin", booksPerPage: 2),
      collections: [
        Collection(
          title: "Science fiction", slug: "science-fiction", description: "From **Shelley** to Liu Cixin.",
          sort: .date),
        Collection(title: "Everything else", slug: "misc", sort: .title),
      ],
      books: [
        "9789861201986": BookEntry(note: "Read it *twice*.", tags: ["favourite"]),
        "OnlyAnId0001": BookEntry(note: "Google knows nothing about this one."),
        "9780553293357": BookEntry(overrides: BookOverrides(subtitle: "The first novel")),
      ])
  }

  /// The same books with the owner's reading data: three read (one page too many for
  /// `booksPerPage: 2`), one being read, one on a shelf of the owner's; tags that merge
  /// (`Hugo`, `hugo`) and collide (`C`, `C++`); a series with numbers and a book without one.
  static func readingCatalog(language: String = "en") -> Catalog {
    var catalog = catalog(language: language)
    func entry(
      _ key: String, status: ReadingStatus, read: String? = nil, tags: [String], series: String? = nil,
      number: String? = nil
    ) {
      var entry = catalog.books[key] ?? BookEntry()
      entry.status = status
      entry.datesRead = read.flatMap(PartialDate.init(parsing:)).map { [$0] } ?? []
      entry.tags = tags
      entry.series = series
      entry.seriesNumber = number.flatMap(SeriesNumber.init(parsing:))
      catalog.books[key] = entry
    }
    entry(
      "9789861201986", status: .read, read: "2023-02", tags: ["favourite", "科幻", "Hugo"],
      series: "Sample Cycle", number: "2")
    entry(
      "9780441172719", status: .read, read: "2021", tags: ["hugo", "classic"], series: "Sample Cycle",
      number: "1")
    entry("9780553293357", status: .read, read: "2022-07", tags: ["C++"], series: "sample cycle")
    entry("FrAnKeN_1818", status: .reading, tags: ["classic", "科幻"])
    entry("OnlyAnId0001", status: .shelf(slug: "did-not-finish"), tags: ["C"])
    catalog.shelves = [
      Shelf(
        title: "Did not finish", slug: "did-not-finish", description: "Put down *for good*.", sort: .title),
      Shelf(title: "Gifts", slug: "gifts"),
    ]
    return catalog
  }

  static let collections = [
    SiteInput.Collection(slug: "science-fiction", volumes: [dune, threeBody, frankenstein, foundation]),
    SiteInput.Collection(slug: "misc", volumes: [bare, threeBody]),
  ]
}
