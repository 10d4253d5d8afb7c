import BookRecord
import GoogleBooks
import Support
import Testing

import enum Catalog.SortOrder

@testable import Catalog
@testable import Site

@Suite struct SiteModelTests {
  @Test func booksAreMergedAcrossCollectionsAndListTheirCollectionsInCatalogOrder() throws {
    let shared = Fixtures.volume("shared", title: "Shared")
    let model = try Fixtures.model([
      ("first", [Fixtures.volume("one", title: "One"), shared]),
      ("second", [shared, shared, Fixtures.volume("two", title: "Two")]),
    ])
    #expect(model.books.map(\.id) == ["one", "shared", "two"])
    let book = try #require(model.books.first { $0.id == "shared" })
    #expect(book.collections == [0, 1])
    #expect(model.collections[1].books.map { model.books[$0].id } == ["shared", "two"])
  }

  /// Titles that are the same text written with different bytes (a precomposed accent and a
  /// combining one) are equal keys: their books sort by id, whatever their bytes' order; and
  /// names spelled so merge into one term.
  @Test func canonicallyEqualTitlesAndNamesAreEqualKeys() throws {
    let model = try Fixtures.model([
      (
        "a",
        [
          Fixtures.volume("id2", title: "Cafe\u{301} society", authors: ["Zoe\u{308}"]),
          Fixtures.volume("id1", title: "Caf\u{E9} society", authors: ["Zo\u{EB}"]),
        ]
      )
    ])
    #expect(model.books.map(\.id) == ["id1", "id2"])
    #expect(model.taxonomies[.author]?.terms.map(\.books) == [[0, 1]])
    let precomposed = TaxonomyBuilder.Key("Zo\u{EB}")
    #expect(precomposed == TaxonomyBuilder.Key("Zoe\u{308}"))
    #expect(precomposed != TaxonomyBuilder.Key("Zoe"))
  }

  /// A title changed moves the book: the last model with the book replaced is the one made
  /// from nothing, every list and index in its new order.
  @Test func aBookReplacedWithAnotherTitleMovesToItsPlaceInEveryList() throws {
    let catalog = Fixtures.catalog([Fixtures.collection("a", sort: .title), Fixtures.collection("b")])
    func inputs(title: String) -> [SiteInput.Collection] {
      [
        SiteInput.Collection(
          slug: "a",
          volumes: [
            Fixtures.volume("one", title: title, authors: ["Ann"], categories: ["Fiction / Epic"]),
            Fixtures.volume("two", title: "Middle", authors: ["Ann"], categories: ["Fiction"]),
          ]),
        SiteInput.Collection(
          slug: "b",
          volumes: [
            Fixtures.volume("three", title: "Zed", authors: ["Bo"]),
            Fixtures.volume("one", title: title, authors: ["Ann"], categories: ["Fiction / Epic"]),
          ]),
      ]
    }
    let last = try SiteModel(catalog: catalog, collections: inputs(title: "Alpha"))
    let merge = try SiteModel.Merge(catalog: catalog, collections: inputs(title: "Omega"))
    let one = try #require(last.books.firstIndex { $0.id == "one" })
    let (model, oldIndex) = last.replacing(
      [one: merge.book(try #require(merge.record(of: "one")))], catalog: catalog, apiOrder: merge.apiOrder)
    let fresh = try SiteModel(catalog: catalog, collections: inputs(title: "Omega"))
    #expect(model.books.map(\.id) == ["two", "one", "three"])
    #expect(oldIndex == [1, 0, 2])
    #expect(model.taxonomies[.author]?.terms.map(\.books) == [[0, 1], [2]])
    #expect(model.books.map(\.slug) == fresh.books.map(\.slug))
    #expect(
      zip(model.books, fresh.books).allSatisfy { $0.record == $1.record && $0.collections == $1.collections })
    #expect(model.collections == fresh.collections && model.taxonomies == fresh.taxonomies)
    #expect(model.bookTerms == fresh.bookTerms && model.categoryListings == fresh.categoryListings)
    #expect(model.recentlyPublished == fresh.recentlyPublished && model.allBooks == fresh.allBooks)
  }

  @Test func richestRecordOfAVolumeWins() throws {
    let poor = Fixtures.volume("v", title: "Poor")
    let rich = Fixtures.volume(
      "v", title: "Rich", authors: ["A"], date: "2001", categories: ["Fiction"], publisher: "P",
      description: "Long")
    let model = try Fixtures.model([("a", [poor]), ("b", [rich])])
    #expect(model.books.map(\.title) == ["Rich"])
  }

  /// Of a book's records in several collections the richest wins, the first of equally rich
  /// ones, in whatever order they come; a poorer one met later changes nothing.
  @Test func richestRecordWinsInAnyOrderAndTheFirstBreaksTies() throws {
    let poor = Fixtures.volume("v", title: "Poor")
    let rich = Fixtures.volume("v", title: "Rich", authors: ["A"], publisher: "P")
    let alsoRich = Fixtures.volume("v", title: "Also rich", authors: ["B"], publisher: "Q")
    let richest = Fixtures.volume(
      "v", title: "Richest", authors: ["A"], date: "2001", categories: ["Fiction"], publisher: "P",
      description: "Long")
    func title(_ records: [Volume]) throws -> [String?] {
      try Fixtures.model(records.enumerated().map { ("c\($0.offset)", [$0.element]) }).books.map(\.title)
    }
    #expect(try title([poor, rich, alsoRich, poor]) == ["Rich"])
    #expect(try title([richest, poor, rich]) == ["Richest"])
    #expect(try title([rich, richest, alsoRich, rich]) == ["Richest"])
    #expect(try title([poor, poor]) == ["Poor"])
  }

  /// Titles sort by their whole folded text, then the raw text, then the id: alike in their
  /// first 8 or 16 bytes or not, ending within them or not.
  @Test func titlesSortByTheirWholeText() throws {
    let titles = [
      "Programming in Swift, 2nd ed", "Programming in Swift", "programming in swift", "Programming in C",
      "Programming", "Programmin", "PROGRAMMING IN SWIFT, 1st ed", "A", "Ab", "a", "Élan", "Elan",
      "Programming in Swiftly", "Programming in Swift",
    ]
    let model = try Fixtures.model([
      ("a", titles.enumerated().map { Fixtures.volume("id\($0.offset)", title: $0.element) })
    ])
    let expected = model.books.sorted {
      SiteModel.precedes($0.titleKey, $0.id, $1.titleKey, $1.id, bothASCII: false)
    }
    #expect(model.books.map(\.id) == expected.map(\.id))
    #expect(Set(model.books.map(\.id)).count == titles.count)
  }

  @Test func ownerEntriesMatchByIdOrAnyISBNAndApplyOverrides() throws {
    let entries: [String: BookEntry] = [
      "9780306406157": BookEntry(note: "By ISBN-10", overrides: BookOverrides(title: "Fixed title")),
      "byid": BookEntry(note: "By id", tags: ["favourite"]),
      "9781861972712": BookEntry(
        note: "By ISBN-13", overrides: BookOverrides(authors: ["Right Author"], pageCount: 0)),
    ]
    let model = try Fixtures.model(
      [
        (
          "a",
          [
            Fixtures.volume("isbn10", title: "Wrong title", isbn10: "0-306-40615-2"),
            Fixtures.volume("byid", title: "B", isbn13: "9780306406157"),
            Fixtures.volume("isbn13", title: "C", authors: ["Wrong"], isbn13: "978-1-86197-271-2"),
            Fixtures.volume("none", title: "D", isbn13: "9780000000000"),
          ]
        )
      ], books: entries)
    let byID = Dictionary(uniqueKeysWithValues: model.books.map { ($0.id, $0) })
    #expect(byID["isbn10"]?.note == "By ISBN-10")
    #expect(byID["isbn10"]?.title == "Fixed title")
    #expect(byID["isbn10"]?.isbn13 == "9780306406157")
    #expect(byID["isbn10"]?.isbn10 == "0306406152")
    #expect(byID["byid"]?.note == "By id")
    #expect(byID["byid"]?.tags == ["favourite"])
    #expect(byID["isbn13"]?.authors == ["Right Author"])
    #expect(byID["isbn13"]?.pageCount == nil)
    #expect(byID["none"]?.note == nil)
    #expect(byID["none"]?.isbn13 == nil)
  }

  /// The owner's cover is the book's at every size: the page, OPDS and `og:image` show it, not
  /// Google's larger image (which they showed before the book record made it one field).
  @Test func theOwnersCoverReplacesEverySize() throws {
    var volume = Fixtures.volume("v", title: "Covered")
    volume.volumeInfo.imageLinks = CoverLinks(
      thumbnail: "https://books.google.com/t", small: "https://books.google.com/s")
    let cover = "https://owner.example/cover.jpg"
    let owned = try Fixtures.model(
      [("a", [volume])], books: ["v": BookEntry(overrides: BookOverrides(cover: cover))])
    let urls = try SiteURLs(baseURL: "https://example.org/")
    let facts = BookFacts.all(model: owned, urls: urls)[0]
    #expect(facts.thumbnail == cover)
    #expect(facts.image == cover)
    let google = BookFacts.all(model: try Fixtures.model([("a", [volume])]), urls: urls)[0]
    #expect(google.thumbnail == "https://books.google.com/t")
    #expect(google.image == "https://books.google.com/s")
  }

  /// A book's preview, buy and source links and its price are made when first asked for (a
  /// rebuild writes few book pages and OPDS entries): the same on every core asking at once,
  /// on every later ask, and what the detail page's rules make of the record.
  @Test func aBooksLinksAreMadeOnceWhenFirstAskedFor() throws {
    let model = try DiscoveryFixture.model()
    let urls = try SiteURLs(baseURL: "https://me.github.io/books/")
    let facts = BookFacts.all(model: model, urls: urls)
    let dune = try #require(facts.first { $0.book.id == DiscoveryFixture.dune.id })
    let asked = Parallel.map(count: 64, minimumChunk: 1) { _ in
      [dune.previewURL ?? "", dune.buyURL ?? "", dune.price.map { "\($0.amount) \($0.currencyCode)" } ?? ""]
        + dune.sources.map { "\($0.source.id) \($0.url ?? "")" }
    }
    #expect(Set(asked).count == 1)
    #expect(dune.previewURL == "https://play.google.com/books/reader?id=B1ZdEAAAQBAJ")
    #expect(dune.buyURL == DiscoveryFixture.dune.saleInfo?.buyLink)
    #expect(dune.price?.amount == 382.5)
    #expect(dune.sources.map(\.source.id) == ["google-books"])
    let bare = try #require(facts.first { $0.book.id == DiscoveryFixture.bare.id })
    #expect(bare.previewURL == nil && bare.buyURL == nil && bare.price == nil)
  }

  /// An override is the owner's word even when it leaves nothing: a blank subtitle or a date
  /// that is no date hides Google's instead of letting it through.
  @Test func overridesThatClearAFieldHideTheSources() throws {
    var volume = Fixtures.volume("v", title: "T", date: "2019-03-05")
    volume.volumeInfo.subtitle = "A wrong subtitle"
    let model = try Fixtures.model(
      [("a", [volume])],
      books: ["v": BookEntry(overrides: BookOverrides(subtitle: "", publishedDate: "0000"))])
    #expect(model.books[0].subtitle == nil)
    #expect(model.books[0].date == nil)
    #expect(model.books[0].record.states(.published))
  }

  @Test func categoryPathsFormAHierarchy() throws {
    let model = try Fixtures.model([
      (
        "a",
        [
          Fixtures.volume("1", title: "A", categories: ["Fiction / Science Fiction / General"]),
          Fixtures.volume(
            "2", title: "B", categories: ["Fiction /  Science Fiction / Hard Science Fiction", "History"]),
          Fixtures.volume("3", title: "C", categories: ["fiction"]),
        ]
      )
    ])
    let categories = try #require(model.taxonomies[.category])
    let summary = categories.terms.map { term in
      "\(term.fullName) [\(term.slug)] books=\(term.books.map { model.books[$0].id }.joined(separator: ","))"
        + (term.parent.map { " parent=\(categories.terms[$0].name)" } ?? "")
    }
    #expect(
      summary == [
        "Fiction [fiction] books=1,2,3",
        "Fiction / Science Fiction [fiction-science-fiction] books=1,2 parent=Fiction",
        "Fiction / Science Fiction / General [fiction-science-fiction-general] books=1 parent=Science Fiction",
        "Fiction / Science Fiction / Hard Science Fiction [fiction-science-fiction-hard-science-fiction] books=2 parent=Science Fiction",
        "History [history] books=2",
      ])
    let fiction = try #require(categories.index["fiction"])
    #expect(categories.terms[fiction].children.map { categories.terms[$0].name } == ["Science Fiction"])
  }

  @Test func categoriesSplitOnlyOnSpacedSlashes() throws {
    let model = try Fixtures.model([
      (
        "a",
        [
          Fixtures.volume("1", title: "A", categories: ["Music / AC/DC"]),
          Fixtures.volume("2", title: "B", categories: ["Music / AC / DC"]),
        ]
      )
    ])
    let categories = try #require(model.taxonomies[.category])
    let summary = categories.terms.map { term in
      "\(term.fullName) name=\(term.name) books=\(term.books.map { model.books[$0].id }.joined(separator: ","))"
        + (term.parent.map { " parent=\(categories.terms[$0].name)" } ?? "")
    }
    #expect(
      summary == [
        "Music name=Music books=1,2",
        "Music / AC name=AC books=2 parent=Music",
        "Music / AC / DC name=DC books=2 parent=AC",
        "Music / AC/DC name=AC/DC books=1 parent=Music",
      ])
    #expect(CategoryPath.levels(of: "Music / AC/DC") == ["Music", "AC/DC"])
    #expect(CategoryPath.levels(of: " Fiction /  / Horror / ") == ["Fiction", "Horror"])
    #expect(CategoryPath.levels(of: "小說 / 科幻 / 中國") == ["小說", "科幻", "中國"])
    #expect(CategoryPath.levels(of: "A /B/ C / D") == ["A /B/ C", "D"])
    #expect(CategoryPath.levels(of: " / ") == [])
    #expect(CategoryPath.levels(of: "") == [])
    #expect(CategoryPath.levels(of: "Art /") == ["Art /"])
    #expect(TaxonomyKind.allCases.map(\.ordinal) == Array(TaxonomyKind.allCases.indices))
  }

  @Test func authorsMergeAcrossCaseAndAccentsAndGetUniqueSlugs() throws {
    let model = try Fixtures.model([
      (
        "a",
        [
          Fixtures.volume("1", title: "A", authors: ["Gabriel García Márquez"]),
          Fixtures.volume("2", title: "B", authors: ["Gabriel Garcia Marquez"]),
          Fixtures.volume("3", title: "C", authors: ["Gabriel García Márquez "]),
          Fixtures.volume("4", title: "D", authors: ["劉慈欣", "!!!"]),
          Fixtures.volume("5", title: "E", authors: ["Gabriel-Garcia Marquez"]),
        ]
      )
    ])
    let authors = try #require(model.taxonomies[.author]).terms
    #expect(
      authors.map { "\($0.name)|\($0.slug)|\($0.books.count)" } == [
        "!!!|2d53a722|1",
        "Gabriel García Márquez|gabriel-garcia-marquez|3",
        "Gabriel-Garcia Marquez|gabriel-garcia-marquez-2|1",
        "劉慈欣|劉慈欣|1",
      ])
  }

  @Test func languagesAndYearsAreIndexed() throws {
    let model = try Fixtures.model([
      (
        "a",
        [
          Fixtures.volume("1", title: "A", date: "2019-03-05", language: "zh-TW"),
          Fixtures.volume("2", title: "B", date: "2019", language: "en"),
          Fixtures.volume("3", title: "C", date: "1688", language: "EN"),
        ]
      )
    ])
    #expect(model.taxonomies[.year]!.terms.map(\.slug) == ["2019", "1688"])
    #expect(
      model.taxonomies[.language]!.terms.map { "\($0.name)=\($0.books.count)" } == [
        "Chinese (Traditional)=1", "English=2",
      ])
  }

  static let sortFixture = [
    Fixtures.volume("id-b", title: "Beta", authors: ["Zed"], date: "2020"),
    Fixtures.volume("id-a2", title: "alpha", authors: ["Ann"], date: "2020-05"),
    Fixtures.volume("id-a1", title: "Alpha", authors: ["ann"], date: "2020-05"),
    Fixtures.volume("id-none", title: "Ähm", date: nil),
    Fixtures.volume("id-c", title: "Alpha", authors: ["Bob"], date: "1999-01-01"),
  ]

  @Test(arguments: [
    (SortOrder.api, ["id-b", "id-a2", "id-a1", "id-none", "id-c"]),
    (.title, ["id-none", "id-a1", "id-c", "id-a2", "id-b"]),
    (.date, ["id-a1", "id-a2", "id-b", "id-c", "id-none"]),
    (.dateAscending, ["id-c", "id-b", "id-a1", "id-a2", "id-none"]),
    (.author, ["id-a2", "id-a1", "id-c", "id-b", "id-none"]),
  ])
  func collectionsSortWithStableTieBreaks(order: SortOrder, expected: [String]) throws {
    let forward = try Fixtures.model([("a", SiteModelTests.sortFixture)], sort: order)
    #expect(forward.collections[0].books.map { forward.books[$0].id } == expected)
    if order != .api {
      let backward = try Fixtures.model([("a", SiteModelTests.sortFixture.reversed())], sort: order)
      #expect(backward.collections[0].books.map { backward.books[$0].id } == expected)
    }
  }

  /// The owner's dates and ratings: newest or highest first, books without them last, ties in
  /// all-books order.
  @Test(arguments: [
    (SortOrder.dateAdded, ["id-a2", "id-b", "id-c", "id-none", "id-a1"]),
    // A year alone (2024) is older than a day in it (2024-01-05).
    (.dateRead, ["id-c", "id-b", "id-a2", "id-none", "id-a1"]),
    (.rating, ["id-c", "id-a2", "id-b", "id-none", "id-a1"]),
  ])
  func collectionsSortByTheOwnersData(order: SortOrder, expected: [String]) throws {
    func entry(added: String?, read: [String], rating: Int?) -> BookEntry {
      var entry = BookEntry()
      entry.dateAdded = added.flatMap(PartialDate.init(parsing:))
      entry.datesRead = read.compactMap(PartialDate.init(parsing:))
      entry.rating = rating.flatMap(OwnerRating.init(halves:))
      return entry
    }
    let books = [
      "id-b": entry(added: "2021-06", read: ["2024"], rating: 8),
      "id-a2": entry(added: "2023-01-02", read: ["2019-03"], rating: 8),
      "id-c": entry(added: "2021", read: ["2024-01-05", "2010"], rating: 10),
      "id-none": entry(added: nil, read: [], rating: nil),
    ]
    let model = try Fixtures.model([("a", SiteModelTests.sortFixture)], sort: order, books: books)
    #expect(model.collections[0].books.map { model.books[$0].id } == expected)
  }

  @Test func recentlyPublishedIsNewestFirst() throws {
    let model = try Fixtures.model([("a", SiteModelTests.sortFixture)])
    #expect(model.recentlyPublished.map { model.books[$0].id } == ["id-a1", "id-a2", "id-b", "id-c"])
  }

  @Test(arguments: ["books", "Assets", "page", "authors", "collections", "covers"])
  func reservedCollectionSlugsAreRejected(slug: String) {
    #expect(throws: SiteError.reservedCollectionSlug(slug)) {
      try Fixtures.model([(slug, [])])
    }
  }

  @Test(arguments: ["../up", "a/b", ".hidden", "", "a b"])
  func unsafeCollectionSlugsAreRejected(slug: String) {
    #expect(throws: SiteError.unsafeCollectionSlug(slug)) {
      try Fixtures.model([(slug, [])])
    }
  }

  @Test func volumesForAnUndeclaredCollectionAreAnError() {
    let catalog = Fixtures.catalog([Fixtures.collection("a")])
    #expect(throws: SiteError.unknownCollection("b")) {
      try SiteModel(catalog: catalog, collections: [SiteInput.Collection(slug: "b", volumes: [])])
    }
  }
}
