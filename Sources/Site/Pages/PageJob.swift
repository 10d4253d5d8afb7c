/// One page to render: what it shows, which page of a list, where it goes, with which template.
struct PageJob: Sendable, Equatable {
  enum Kind: Sendable, Equatable {
    case home
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
  }

  let kind: Kind
  /// 1-based page of a paginated list (1 for everything else).
  let page: Int
  let path: SitePath

  /// The template file (without `.mustache`) that renders this page.
  var template: String {
    switch kind {
    case .home: return "home"
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
    ["home", "collection", "book", "books"] + TaxonomyKind.allCases.map(\.rawValue) + ["search", "404"]
}

extension SiteModel {
  /// Every page of the site, in a fixed order (home, collections, books, indexes, search, 404).
  func pageJobs(perPage: Int) -> [PageJob] {
    var jobs: [PageJob] = [PageJob(kind: .home, page: 1, path: .root)]
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
      for (index, term) in (taxonomies[kind]?.terms ?? []).enumerated() {
        addList(.term(kind, index), count: term.books.count, at: SitePath([kind.folder, term.slug]))
      }
    }
    jobs.append(PageJob(kind: .search, page: 1, path: SitePath(["search"])))
    jobs.append(PageJob(kind: .notFound, page: 1, path: SitePath([], fileName: "404.html")))
    return jobs
  }
}
