import BookRecord
import Catalog
import Foundation
import Support
import Testing

@testable import Site

/// Shelves, tags and series: which pages exist, their order, their slugs, and what a book page
/// says of its series.
@Suite struct ReadingListsTests {
  static func model(_ catalog: Catalog = GoldenSite.readingCatalog()) throws -> SiteModel {
    try SiteModel(catalog: catalog, collections: GoldenSite.collections)
  }

  static func contexts(_ model: SiteModel, _ catalog: Catalog = GoldenSite.readingCatalog()) throws
    -> PageContexts
  {
    PageContexts(
      model: model, settings: catalog.site, urls: try SiteURLs(baseURL: catalog.site.baseURL),
      strings: try UIStrings(language: .english))
  }

  static func titles(_ books: [Int], in model: SiteModel) -> [String] {
    books.map { model.books[$0].title ?? model.books[$0].id }
  }

  /// Built-in statuses first in their documented order, then the owner's in declared order;
  /// shelves without books (`to-read`, `abandoned`, `gifts`) have no page.
  @Test func shelvesAreInTheirDocumentedOrderWithoutEmptyOnes() throws {
    let model = try Self.model()
    #expect(model.shelves.map(\.slug) == ["read", "reading", "did-not-finish"])
    #expect(model.shelves.map(\.books.count) == [3, 1, 1])
    let paths = model.pageJobs(perPage: 2).map(\.path.encodedURLPath)
    #expect(paths.contains("shelves/"))
    #expect(paths.contains("shelves/read/page/2/"))
    #expect(!paths.contains { $0.hasPrefix("shelves/gifts/") || $0.hasPrefix("shelves/to-read/") })
  }

  /// `read` goes by the last time finished, newest first; an owner's shelf by its `sort`; a
  /// shelf without one by `date_added`, books without the date after the others by title.
  @Test func shelvesSortByTheirOwnOrder() throws {
    var catalog = GoldenSite.readingCatalog()
    let model = try Self.model(catalog)
    #expect(Self.titles(model.shelves[0].books, in: model) == ["三體", "Foundation", "Dune"])
    #expect(model.shelves[0].sort == .dateRead)

    for key in ["9789861201986", "9780441172719", "9780553293357"] {
      catalog.books[key]?.status = .shelf(slug: "gifts")
    }
    catalog.books["9780441172719"]?.dateAdded = PartialDate(year: 2020)
    catalog.books["9780553293357"]?.rating = OwnerRating(halves: 8)
    let gifts = try Self.model(catalog).shelves.first { $0.slug == "gifts" }!
    #expect(gifts.sort == .dateAdded)
    #expect(Self.titles(gifts.books, in: try Self.model(catalog)) == ["Dune", "Foundation", "三體"])

    catalog.shelves[1].sort = .rating
    let rated = try Self.model(catalog)
    let byRating = rated.shelves.first { $0.slug == "gifts" }!
    #expect(Self.titles(byRating.books, in: rated) == ["Foundation", "Dune", "三體"])
  }

  /// An entry with a built-in slug sets that shelf's order and title; it stays first, in its
  /// place, and is no shelf of the owner's.
  @Test func aBuiltInShelfTakesTheOrderAndTitleItIsGiven() throws {
    var catalog = GoldenSite.readingCatalog()
    catalog.books["9780553293357"]?.rating = OwnerRating(halves: 10)
    catalog.books["9789861201986"]?.rating = OwnerRating(halves: 2)
    catalog.books["9780441172719"]?.rating = OwnerRating(halves: 6)
    catalog.shelves.append(Shelf(title: "", slug: "read", sort: .rating))
    let model = try Self.model(catalog)
    #expect(model.shelves.map(\.slug) == ["read", "reading", "did-not-finish"])
    #expect(model.shelves[0].sort == .rating)
    #expect(model.shelves[0].title == nil)
    #expect(Self.titles(model.shelves[0].books, in: model) == ["Foundation", "Dune", "三體"])
    catalog.shelves[catalog.shelves.count - 1].title = "Finished"
    #expect(try Self.model(catalog).shelves[0].title == "Finished")
  }

  /// A shelf's page lists its books page by page, like a collection.
  @Test func shelfPagesArePaginated() throws {
    let model = try Self.model()
    let pages = try Self.contexts(model)
    let second = PageJob(kind: .shelf(0), page: 2, path: model.shelfPath(0).page(2))
    let fields = pages.context(for: second).fields
    // The page's first card: its cover loads at once.
    #expect(
      fields["books"] == .list([pages.card(model.books.firstIndex { $0.title == "Dune" }!, lazy: false)]))
    #expect(fields["pagination"]?.fields["text"] == .string("Page 2 of 2"))
    #expect(fields["page"]?.fields["title"] == .string("Read (Page 2)"))
  }

  /// No book with a status: no shelf pages, no page of them, nothing "currently reading".
  @Test func aCatalogWithoutStatusesHasNoShelves() throws {
    let model = try Self.model(GoldenSite.catalog())
    #expect(model.shelves.isEmpty)
    #expect(!model.pageJobs(perPage: 2).contains { $0.path.encodedURLPath.hasPrefix("shelves/") })
    let home = try Self.contexts(model, GoldenSite.catalog()).context(
      for: PageJob(kind: .home, page: 1, path: .root))
    #expect(home.fields["hasReading"] == .bool(false))
  }

  /// Tags that fold alike are one tag; tags whose slugs collide get `-2` in name order; CJK
  /// tags keep their characters; a tag with no letters gets a hash; every slug is one safe
  /// path segment, whatever the tag holds.
  @Test func tagSlugsAreUniqueSafeAndDeterministic() throws {
    var catalog = GoldenSite.readingCatalog()
    catalog.books["FrAnKeN_1818"]?.tags = ["../../etc", "a/b", "!!!", "  ", "a b", "ＨＵＧＯ"]
    let model = try Self.model(catalog)
    let tags = try #require(model.taxonomies[.tag]).terms
    let slugs = Dictionary(uniqueKeysWithValues: tags.map { ($0.name, $0.slug) })
    #expect(slugs["C"] == "c")
    #expect(slugs["C++"] == "c-2")
    #expect(slugs["科幻"] == "科幻")
    #expect(slugs["../../etc"] == "etc")
    #expect(slugs["!!!"] == Slug.hash("!!!"))
    #expect(slugs["a b"] != nil && slugs["a/b"] != nil && slugs["a b"] != slugs["a/b"])
    #expect(tags.filter { CollationKey.fold($0.name) == "hugo" }.map(\.books.count) == [3])
    #expect(tags.count == 10)
    #expect(
      tags.allSatisfy { Slug.isSafeSegment($0.slug) && !$0.slug.contains("/") && !$0.slug.hasPrefix(".") })
    #expect(try Self.model(catalog).taxonomies[.tag]!.terms.map(\.slug) == tags.map(\.slug))
  }

  /// Without `tags` in `site.index_pages`, tags are named on book pages without links and
  /// have no pages.
  @Test func tagsOutsideIndexPagesAreNotLinked() throws {
    var catalog = GoldenSite.readingCatalog()
    catalog.site.indexPages.remove(.tags)
    let model = try Self.model(catalog)
    #expect(!model.hasTagsPage)
    #expect(!model.pageJobs(perPage: 2).contains { $0.path.encodedURLPath.hasPrefix("tags/") })
    let book = model.books.firstIndex { $0.title == "三體" }!
    let page = try Self.contexts(model, catalog).context(
      for: PageJob(kind: .book(book), page: 1, path: .root))
    let links = page.fields["book"]?.fields["tagLinks"]
    #expect(
      links
        == .list([
          ["name": .string("favourite"), "href": .null], ["name": .string("科幻"), "href": .null],
          ["name": .string("Hugo"), "href": .null],
        ]))
  }

  /// Series order: by number, then the books without one in title order; names that fold
  /// alike are one series, named in the spelling most books use.
  @Test func seriesAreInSeriesOrder() throws {
    var catalog = GoldenSite.readingCatalog()
    catalog.books["FrAnKeN_1818"]?.series = "SAMPLE CYCLE"
    let model = try Self.model(catalog)
    #expect(model.series.map(\.name) == ["Sample Cycle"])
    #expect(model.series.map(\.slug) == ["sample-cycle"])
    #expect(Self.titles(model.series[0].books, in: model) == ["Dune", "三體", "Foundation", "Frankenstein"])
  }

  /// Series slugs follow the tag rule: `-2` for a collision in name order, CJK kept, a hash
  /// when no letter is left, one safe segment whatever the name.
  @Test func seriesSlugsAreUniqueAndSafe() throws {
    var catalog = GoldenSite.readingCatalog()
    catalog.books["9789861201986"]?.series = "A/B"
    catalog.books["9780441172719"]?.series = "A B"
    catalog.books["9780553293357"]?.series = "地球往事"
    catalog.books["FrAnKeN_1818"]?.series = "../.."
    let model = try Self.model(catalog)
    #expect(model.series.map(\.name) == ["../..", "A B", "A/B", "地球往事"])
    #expect(model.series.map(\.slug) == [Slug.hash("../.."), "a-b", "a-b-2", "地球往事"])
  }

  /// What a book page says of its place: `Book 2 of 3`, or without a number `One of 3 books`;
  /// alone in its series, `Book 1 in …` or `In the series …`; a number past the books the site
  /// has, `Book 7 in …`. The books either side are linked.
  @Test func theSeriesLineSaysWhereTheBookStands() throws {
    var catalog = GoldenSite.readingCatalog()
    catalog.books["FrAnKeN_1818"]?.series = "Lonely"
    catalog.books["OnlyAnId0001"]?.series = "Numbered"
    catalog.books["OnlyAnId0001"]?.seriesNumber = SeriesNumber(parsing: "7")
    let model = try Self.model(catalog)
    let pages = try Self.contexts(model, catalog)
    func series(_ title: String) -> [String: ContextValue] {
      let book = model.books.firstIndex { ($0.title ?? $0.id) == title }!
      return pages.context(for: PageJob(kind: .book(book), page: 1, path: .root)).fields["book"]!.fields[
        "series"]!
        .fields
    }
    #expect(series("三體")["positionText"] == .string("Book 2 of 3 in Sample Cycle"))
    #expect(series("三體")["previous"]?.fields["title"] == .string("Dune"))
    #expect(series("三體")["next"]?.fields["title"] == .string("Foundation"))
    #expect(series("Dune")["previous"] == .null)
    #expect(series("Dune")["hasNeighbours"] == .bool(true))
    #expect(series("Foundation")["positionText"] == .string("One of 3 books in Sample Cycle"))
    #expect(series("Foundation")["next"] == .null)
    #expect(series("Frankenstein")["positionText"] == .string("In the series Lonely"))
    #expect(series("Frankenstein")["hasNeighbours"] == .bool(false))
    #expect(series("OnlyAnId0001")["positionText"] == .string("Book 7 in Numbered"))
    #expect(series("三體")["href"] == .string("/shelf/series/sample-cycle/"))
  }

  /// A series and a shelf: their slugs are reserved at the root, so no collection can take the
  /// folder their pages go in.
  @Test func theirFoldersAreReserved() throws {
    for slug in ["shelves", "tags", "series"] {
      var catalog = GoldenSite.catalog()
      catalog.collections[1].slug = slug
      #expect(throws: SiteError.self) {
        try SiteModel(
          catalog: catalog,
          collections: [
            GoldenSite.collections[0], SiteInput.Collection(slug: slug, volumes: [GoldenSite.bare]),
          ])
      }
    }
  }
}
