import Diagnostics
import Support

/// The owner's description of a site (what to fetch, how to group it, their own notes), loaded
/// and validated from `catalog.yml` before any stage runs.
package struct Catalog: Sendable, Equatable {
  package var site: SiteSettings
  package var googleBooks: GoogleBooksSettings
  package var openLibrary = OpenLibrarySettings()
  /// The sources ISBNs are looked up in, in order (the next is asked when one has no match),
  /// and which enrich each other's books; `sources:`, Google Books then Open Library by default.
  package var sources: [SourceName] = SourceName.allCases
  package var cache: CacheSettings
  package var collections: [Collection]
  /// Owner entries keyed by normalised ISBN-13, Google volume id or export id, merged across
  /// catalog.yml and the files it includes (catalog.yml's keys win, key by key).
  package var books: [String: BookEntry]
  /// The owner's own shelves, in the order declared (catalog.yml's, then each included file's).
  package var shelves: [Shelf] = []
  /// The files `include:` names, in order.
  package var includes: [IncludedFile] = []
  /// Keys of one book set differently in two files: the first file's value is used.
  package var conflicts: [BookConflict] = []
  /// Where the catalog was loaded from; relative paths (cache dir, templates) resolve against it.
  package var directory: String
  /// Where the owner wrote what later stages may warn about; empty for catalogs made in code.
  package var places = CatalogPlaces()
  /// The stamp of each `cover:` image file when loading checked it, so later stages tell whether
  /// it changed without looking at it again.
  package var coverFileStamps: [String: FileStamp] = [:]

  package init(
    site: SiteSettings, googleBooks: GoogleBooksSettings = GoogleBooksSettings(),
    cache: CacheSettings = CacheSettings(), collections: [Collection] = [],
    books: [String: BookEntry] = [:], directory: String = "."
  ) {
    self.site = site
    self.googleBooks = googleBooks
    self.cache = cache
    self.collections = collections
    self.books = books
    self.directory = directory
  }
}

/// A file `include:` names, which adds `books:`, `collections:` and `shelves:` entries.
package struct IncludedFile: Sendable, Equatable {
  /// As `include:` writes it: relative to the catalog's folder.
  package var name: String
  /// The file's path (the catalog's folder joined with `name`).
  package var path: String
  /// How messages name it (the catalog's path as shown, with its file name replaced).
  package var shownAs: String
  /// The slugs of the collections and shelves it declares.
  package var collectionSlugs: [String] = []
  package var shelfSlugs: [String] = []
}

/// One key of a book that two files set to different values.
package struct BookConflict: Sendable, Equatable {
  /// The book's id (the merged key).
  package var book: String
  /// The entry's key, such as `rating`.
  package var key: String
  /// Where the value used was written, and where the ignored one.
  package var kept: SourceLocation
  package var ignored: SourceLocation
}

/// Positions in catalog.yml that stages after loading point their warnings at.
package struct CatalogPlaces: Sendable, Equatable {
  /// Each `books:` key, by the book id it stands for (ISBN-13 or volume id).
  package var books: [String: CatalogPlace] = [:]
  /// The `site.base_url` value, when the file sets one.
  package var baseURL: CatalogPlace?

  package init() {}
}

/// A spot in the catalog file, with its line's text for the caret.
package struct CatalogPlace: Sendable, Equatable {
  package var location: SourceLocation
  package var sourceLine: String?
  package var length: Int

  /// A warning located here, clang-style.
  package func warning(_ message: String) -> Diagnostic {
    .warning(message, at: location, sourceLine: sourceLine, length: length)
  }
}

/// `site:` — how the built site presents itself.
package struct SiteSettings: Sendable, Equatable {
  package var title: String
  /// Absolute http(s) URL, always ending in `/` (e.g. `https://me.github.io/books/`).
  package var baseURL: String
  /// BCP 47 language tag of the site's UI, e.g. `en`, `zh-TW`, `ja`.
  package var language: String
  /// Markdown shown on the home page.
  package var description: String?
  package var author: String?
  package var booksPerPage: Int
  /// IANA time zone used when dates are formatted (default UTC).
  package var timeZone: String
  /// Overrides of built-in UI strings, keyed by string id (e.g. `buy`, `preview`).
  package var strings: [String: String]
  /// Which index pages to build (`authors/…`, `categories/…`…); `IndexPage.defaults` unless
  /// the catalog names them. Books link their authors, categories… only where those pages exist.
  package var indexPages: Set<IndexPage>
  /// Whether each book gets an embeddable card (`books/<slug>/card.html`) and its page the
  /// `<iframe>` snippet; off by default (a file per book).
  package var embedCards = false
  /// The fewest books a term needs for a page of its own (`site.index_min_books`): a term with
  /// fewer is named, not linked, and its books are listed by what they are filed under besides.
  package var indexMinBooks: Int
  /// Whether the OPDS catalog has a feed of every book (`site.opds_all_books`) beside the
  /// collections' feeds, which list every book already.
  package var opdsAllBooks: Bool
  /// Whether the sources' covers are linked on their hosts or fetched and served from the site
  /// (`site.covers`); the owner's own image files are served from the site either way.
  package var covers = CoverMode.remote

  package init(
    title: String, baseURL: String = "http://localhost:8000/", language: String = "en",
    description: String? = nil, author: String? = nil, booksPerPage: Int = 24,
    timeZone: String = "UTC", strings: [String: String] = [:],
    indexPages: Set<IndexPage> = IndexPage.defaults, indexMinBooks: Int = 2,
    opdsAllBooks: Bool = false
  ) {
    self.title = title
    self.baseURL = baseURL
    self.language = language
    self.description = description
    self.author = author
    self.booksPerPage = booksPerPage
    self.timeZone = timeZone
    self.strings = strings
    self.indexPages = indexPages
    self.indexMinBooks = indexMinBooks
    self.opdsAllBooks = opdsAllBooks
  }
}

/// A kind of index page: one page per author, category, publisher, publication year, language or
/// tag, listing its books. `site.index_pages` names the ones to build.
package enum IndexPage: String, Sendable, Equatable, CaseIterable {
  case authors
  case categories
  case publishers
  case years
  case languages
  /// The owner's tags (`books.<id>.tags`): `tags/<slug>/` and the page of every tag, `tags/`.
  case tags

  /// Without `site.index_pages`: what Hugo's default taxonomies match, and authors (a page per
  /// publisher, year or language adds pages most sites do not need).
  package static let defaults: Set<IndexPage> = [.authors, .categories, .tags]
}

/// `site.covers`: how a site shows the sources' cover images.
package enum CoverMode: String, Sendable, Equatable, CaseIterable {
  /// Linked where the source serves them (what Google Books and Open Library ask for).
  case remote
  /// Fetched once into the cache, processed by bookgen, and served from the site.
  case local
}

/// How much data to fetch per volume: the search-list record, or the full `GET /volumes/{id}`.
package enum DetailLevel: String, Sendable, Equatable, CaseIterable {
  case list
  case full
}

/// `google_books:` — API access and request defaults.
package struct GoogleBooksSettings: Sendable, Equatable {
  static let defaultAPIURL = "https://www.googleapis.com/books/v1"

  /// Name of the environment variable holding the API key (the key never goes in the file).
  package var apiKeyEnv: String = "GOOGLE_BOOKS_API_KEY"
  /// ISO 3166-1 alpha-2; avoids 403 unknownLocation on CI machines.
  package var country: String?
  package var langRestrict: String?
  package var printType: String?
  package var filter: String?
  package var orderBy: String?
  package var projection: String?
  /// Base URL without trailing slash; `/volumes…` is appended.
  package var apiURL: String = GoogleBooksSettings.defaultAPIURL
  package var details: DetailLevel = .list
  /// Most requests one run may make (nil = unlimited).
  package var maxRequests: Int?
  /// Optional cap on requests started per second.
  package var requestsPerSecond: Double?
  /// Retries after the first attempt for transient failures.
  package var retries: Int = 4
  /// Seconds before a request is abandoned.
  package var timeout: Double = 30
}

/// `cache:` — where fetched responses live and how long they stay fresh.
package struct CacheSettings: Sendable, Equatable {
  /// Relative to the catalog's directory unless absolute.
  package var dir: String = ".bookgen-cache"
  /// Seconds; parsed from `7d`, `12h`, `30m`, `45s`.
  package var maxAge: Double = 7 * 86_400
  /// Seconds an answer that a book or record is not there stays fresh (`not_found_max_age`):
  /// shorter, since what is missing today may be added.
  package var notFoundMaxAge: Double = 86_400
}

/// How a collection page orders its books; ties always break on title, then volume id.
package enum SortOrder: String, Sendable, Equatable, CaseIterable {
  /// The order the API returned (queries first, then ISBNs, then volume ids).
  case api
  case title
  /// Newest first.
  case date
  /// Oldest first.
  case dateAscending = "date_asc"
  case author
  /// The owner's `date_added`, newest first.
  case dateAdded = "date_added"
  /// The owner's last `date_read`, newest first.
  case dateRead = "date_read"
  /// The owner's `rating`, highest first.
  case rating
}

/// One `collections[]` entry.
package struct Collection: Sendable, Equatable {
  package var title: String
  /// URL-safe, unique across the catalog.
  package var slug: String
  /// Markdown.
  package var description: String?
  package var queries: [Query]
  package var isbns: [ISBN]
  package var volumes: [String]
  /// `open_library_ids`: Open Library editions (`OL…M`) and works (`OL…W`).
  package var openLibraryIDs: [OpenLibraryID] = []
  package var sort: SortOrder
  /// Overrides `google_books.details` for this collection.
  package var details: DetailLevel?
  package var location: SourceLocation?
  /// Books no source knows (`books:` keys such as `goodreads:40265832`), shown from what their
  /// import recorded.
  package var exportIDs: [ExportID] = []

  package init(
    title: String, slug: String, description: String? = nil, queries: [Query] = [],
    isbns: [ISBN] = [], volumes: [String] = [], sort: SortOrder = .api,
    details: DetailLevel? = nil, location: SourceLocation? = nil
  ) {
    self.title = title
    self.slug = slug
    self.description = description
    self.queries = queries
    self.isbns = isbns
    self.volumes = volumes
    self.sort = sort
    self.details = details
    self.location = location
  }
}

/// One `collections[].queries[]` entry: a Google Books search, or an Open Library one.
package struct Query: Sendable, Equatable {
  /// With Google operators: `intitle:`, `inauthor:`, `subject:`, `inpublisher:`… For an Open
  /// Library query, its `q` (empty when it has none).
  package var q: String
  /// Which source the query asks; Open Library's fields are then in `openLibrary`.
  package var source: SourceName = .googleBooks
  package var openLibrary: OpenLibraryQuery?
  /// Total wanted, 1…1000; fetched in pages of 40 (Google) or 100 (Open Library).
  package var maxResults: Int
  package var orderBy: String?
  package var langRestrict: String?
  package var printType: String?
  package var filter: String?

  package init(
    q: String, maxResults: Int = 40, orderBy: String? = nil, langRestrict: String? = nil,
    printType: String? = nil, filter: String? = nil
  ) {
    self.q = q
    self.maxResults = maxResults
    self.orderBy = orderBy
    self.langRestrict = langRestrict
    self.printType = printType
    self.filter = filter
  }
}
