/// One page to render: what it shows, which page of a list, where it goes, with which template.
struct PageJob: Sendable, Equatable {
  enum Kind: Sendable, Equatable {
    case home
    /// The page of every collection, made when the header cannot link them all.
    case collections
    case collection(Int)
    case book(Int)
    case allBooks
    case term(TaxonomyKind, Int)
    /// `tags/`: every tag with its number of books.
    case tags
    /// `shelves/`: every shelf that holds books, with their numbers.
    case shelves
    case shelf(Int)
    /// `series/`: every series with its number of books.
    case seriesList
    case series(Int)
    /// `search/`: the full results of a query, filled in by `search.js`.
    case search
    case notFound
    /// `stats/`: every year's reading; `stats/<year>/`: one year's (index into
    /// `ReadingStats.years`).
    case stats
    case statsYear(Int)
    /// `books/<slug>/card.html`: the book's embeddable card (`site.embed_cards`).
    case card(Int)

    var isBook: Bool {
      if case .book = self { return true }
      return false
    }

    /// Whether search engines are pointed at the page: not the 404 page (served at any
    /// address), the search page (empty without a query) or a card (a part of other pages).
    var isInSitemap: Bool {
      switch self {
      case .notFound, .search, .card: return false
      default: return true
      }
    }

    /// Whether the page's head links the site's Atom feed and OPDS catalog: the pages a
    /// reader subscribes from (home, collections, all books), not every book and index page.
    var linksFeeds: Bool {
      switch self {
      case .home, .collections, .collection, .allBooks: return true
      case .book, .term, .tags, .shelves, .shelf, .seriesList, .series, .search, .notFound, .stats,
        .statsYear, .card:
        return false
      }
    }
  }

  let kind: Kind
  /// 1-based page of a paginated list (1 for everything else).
  let page: Int
  let path: SitePath

  /// The template file (without `.mustache`) that renders this page.
  var template: String {
    switch kind {
    case .home: return "home"
    case .collections: return "collections"
    case .collection: return "collection"
    case .book: return "book"
    case .allBooks: return "books"
    case .term(let kind, _): return kind.rawValue
    case .tags: return "tags"
    case .shelves: return "shelves"
    case .shelf: return "shelf"
    case .seriesList: return "series-list"
    case .series: return "series"
    case .search: return "search"
    case .notFound: return "404"
    case .stats: return "stats"
    case .statsYear: return "stats-year"
    case .card: return "card"
    }
  }

  /// The names of every page template, for linting and `bookgen init`.
  static let templateNames =
    ["home", "collections", "collection", "book", "books"] + TaxonomyKind.allCases.map(\.rawValue) + [
      "tags", "shelves", "shelf", "series-list", "series", "search", "404", "stats", "stats-year", "card",
    ]

  /// The most collections the header links one by one: a catalog with more gets a page of all
  /// of them (`collections/`), and the header links that instead, so every page stays small
  /// and the header fits a phone.
  static let headerCollectionLimit = 6

  /// Where the page of every collection goes.
  static let collectionsPath = SitePath(["collections"])
  static let tagsPath = SitePath(["tags"])
  static let shelvesPath = SitePath(["shelves"])
  static let seriesPath = SitePath(["series"])

  /// Where the year-in-books pages go: `stats/`, `stats/2023/`.
  static let statsPath = SitePath(["stats"])
  static func statsPath(year: Int) -> SitePath { SitePath(["stats", String(year)]) }

  /// A book's embeddable card, beside its page.
  static func cardPath(slug: String) -> SitePath { SitePath(["books", slug], fileName: "card.html") }
}

extension SiteModel {
  /// Whether the site has a page of every collection (the header would not hold them all).
  var hasCollectionsPage: Bool { collections.count > PageJob.headerCollectionLimit }

  /// `shelves/<slug>/` of shelf `index`.
  func shelfPath(_ index: Int) -> SitePath { SitePath(["shelves", shelves[index].slug]) }

  /// `series/<slug>/` of series `index`.
  func seriesPagePath(_ index: Int) -> SitePath { SitePath(["series", series[index].slug]) }

  /// Whether the site has the page of every tag (`tags/`): tags have pages and some book has one.
  var hasTagsPage: Bool { indexPages.contains(.tag) && !(taxonomies[.tag]?.terms.isEmpty ?? true) }

  /// Every page of the site, in a fixed order (home, the page of all collections, collections,
  /// books, indexes, tags, shelves, series, stats, cards, search, 404).
  func pageJobs(perPage: Int) -> [PageJob] {
    var jobs: [PageJob] = [PageJob(kind: .home, page: 1, path: .root)]
    if hasCollectionsPage { jobs.append(PageJob(kind: .collections, page: 1, path: PageJob.collectionsPath)) }
    func addList(_ kind: PageJob.Kind, count: Int, at path: SitePath) {
      let pagination = Pagination(itemCount: count, perPage: perPage)
      for page in 1...pagination.pageCount {
        jobs.append(PageJob(kind: kind, page: page, path: path.page(page)))
      }
    }
    for (index, collection) in collections.enumerated() {
      addList(.collection(index), count: collection.books.count, at: SitePath([collection.slug]))
    }
    for index in books.indices {
      jobs.append(PageJob(kind: .book(index), page: 1, path: SitePath(["books", books[index].slug])))
    }
    addList(.allBooks, count: books.count, at: SitePath(["books"]))
    for kind in TaxonomyKind.allCases where indexPages.contains(kind) {
      for (index, term) in (taxonomies[kind]?.terms ?? []).enumerated() where hasPage(kind, index) {
        addList(
          .term(kind, index), count: listedBooks(kind, index).count, at: SitePath([kind.folder, term.slug]))
      }
    }
    if hasTagsPage { jobs.append(PageJob(kind: .tags, page: 1, path: PageJob.tagsPath)) }
    if !shelves.isEmpty { jobs.append(PageJob(kind: .shelves, page: 1, path: PageJob.shelvesPath)) }
    for (index, shelf) in shelves.enumerated() {
      addList(.shelf(index), count: shelf.books.count, at: shelfPath(index))
    }
    if !series.isEmpty { jobs.append(PageJob(kind: .seriesList, page: 1, path: PageJob.seriesPath)) }
    for (index, entry) in series.enumerated() {
      addList(.series(index), count: entry.books.count, at: seriesPagePath(index))
    }
    if let stats = readingStats {
      jobs.append(PageJob(kind: .stats, page: 1, path: PageJob.statsPath))
      for (index, year) in stats.years.enumerated() {
        jobs.append(PageJob(kind: .statsYear(index), page: 1, path: PageJob.statsPath(year: year.year)))
      }
    }
    if embedCards {
      for index in books.indices {
        jobs.append(PageJob(kind: .card(index), page: 1, path: PageJob.cardPath(slug: books[index].slug)))
      }
    }
    jobs.append(PageJob(kind: .search, page: 1, path: SitePath(["search"])))
    jobs.append(PageJob(kind: .notFound, page: 1, path: SitePath([], fileName: "404.html")))
    return jobs
  }
}
