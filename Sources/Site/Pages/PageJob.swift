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
    /// `search/`: the full results of a query, filled in by `search.js`.
    case search
    case notFound

    var isBook: Bool {
      if case .book = self { return true }
      return false
    }

    /// Whether the page's head links the site's Atom feed and OPDS catalog: the pages a
    /// reader subscribes from (home, collections, all books), not every book and index page.
    var linksFeeds: Bool {
      switch self {
      case .home, .collections, .collection, .allBooks: return true
      case .book, .term, .search, .notFound: return false
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
    case .search: return "search"
    case .notFound: return "404"
    }
  }

  /// The names of every page template, for linting and `bookgen init`.
  static let templateNames =
    ["home", "collections", "collection", "book", "books"] + TaxonomyKind.allCases.map(\.rawValue) + [
      "search", "404",
    ]

  /// The most collections the header links one by one: a catalog with more gets a page of all
  /// of them (`collections/`), and the header links that instead, so every page stays small
  /// and the header fits a phone.
  static let headerCollectionLimit = 6

  /// Where the page of every collection goes.
  static let collectionsPath = SitePath(["collections"])
}

extension SiteModel {
  /// Whether the site has a page of every collection (the header would not hold them all).
  var hasCollectionsPage: Bool { collections.count > PageJob.headerCollectionLimit }

  /// Every page of the site, in a fixed order (home, the page of all collections, collections,
  /// books, indexes, search, 404).
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
    jobs.append(PageJob(kind: .search, page: 1, path: SitePath(["search"])))
    jobs.append(PageJob(kind: .notFound, page: 1, path: SitePath([], fileName: "404.html")))
    return jobs
  }
}
