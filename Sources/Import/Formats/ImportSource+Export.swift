import Catalog

/// The exports `bookgen import` reads, told apart by their columns: one an app.
extension ImportSource {
  /// Where the app offers the export, for the help and for the owner who has the wrong file.
  package var exportHint: String {
    switch self {
    case .goodreads: "My Books, Import and export, Export Library"
    case .storygraph: "Manage Account, Export StoryGraph Library"
    case .librarything: "More, Import/Export, Export your library (tab-delimited, CSV or JSON)"
    case .calibre:
      "the library folder itself (with its metadata.db), or 'calibredb catalog books.csv' (Convert books, "
        + "Create a catalog, CSV)"
    case .bookwyrm: "Settings, CSV export"
    case .openreads: "Settings, Backup, Export to CSV"
    case .openlibrary: "My Books, Import & Export, Download Reading Log"
    case .csv: "any other CSV or spreadsheet, its columns named with --columns"
    }
  }

  /// The format's line in `bookgen import --help`: the app, and where its export is found.
  package var helpLine: String {
    self == .csv
      ? "Any other CSV or spreadsheet, its columns named with --columns." : "\(appName): \(exportHint)."
  }

  /// Every column the app writes (or wrote in an older export), as `ColumnName` normalises them.
  var knownColumns: Set<String> {
    switch self {
    case .goodreads:
      [
        "book id", "title", "author", "author l-f", "additional authors", "isbn", "isbn13", "my rating",
        "average rating", "publisher", "binding", "number of pages", "year published",
        "original publication year", "date read", "date added", "bookshelves", "bookshelves with positions",
        "exclusive shelf", "my review", "spoiler", "private notes", "read count", "owned copies",
        "recommended for", "recommended by", "condition", "condition description", "bcid",
        "original purchase date", "original purchase location",
      ]
    case .storygraph:
      [
        "title", "authors", "contributors", "isbn/uid", "format", "read status", "date added",
        "last date read",
        "dates read", "read count", "moods", "pace", "character- or plot-driven?",
        "strong character development?",
        "loveable characters?", "diverse characters?", "flawed characters?", "star rating", "review",
        "content warnings", "content warning description", "tags", "owned?",
      ]
    case .librarything:
      [
        // The tab-separated export (and the JSON one, read into its columns).
        "book id", "title", "sort character", "primary author", "primary author role", "secondary author",
        "secondary author roles", "publication", "date", "review", "rating", "comment", "private comment",
        "summary", "media", "physical description", "weight", "height", "thickness", "length", "dimensions",
        "page count", "lccn", "acquired", "date started", "date read", "barcode", "bcid", "tags",
        "collections",
        "languages", "original languages", "lc classification", "isbn", "isbns", "subjects", "dewey decimal",
        "dewey wording", "other call number", "copies", "source", "entry date", "from where", "oclc",
        "work id",
        "lending patron", "lending status", "lending start", "lending end", "series",
        // The older CSV.
        "author (first, last)", "author (last, first)", "lcc", "ddc", "publication info", "ratings",
        "reviews",
      ]
    case .calibre:
      [
        "id", "uuid", "title", "title_sort", "authors", "author_sort", "isbn", "identifiers", "rating",
        "timestamp", "pubdate", "series", "series_index", "tags", "publisher", "comments", "formats", "cover",
        "languages", "library_name", "size", "ondevice", "#read", "#date_read",
      ]
    case .bookwyrm:
      [
        "title", "author_text", "remote_id", "openlibrary_key", "inventaire_id", "librarything_key",
        "goodreads_key", "bnf_id", "viaf", "wikidata", "asin", "aasin", "isfdb", "isbn_10", "isbn_13",
        "oclc_number", "pages", "start_date", "finish_date", "stopped_date", "rating", "review_name",
        "review_cw", "review_content", "review_published", "shelf", "shelf_name", "shelf_date",
      ]
    case .openreads:
      [
        "title", "subtitle", "author", "description", "status", "favourite", "deleted", "rating", "pages",
        "publication_year", "isbn", "olid", "tags", "my_review", "notes", "book_format", "readings",
        "date_added",
        "date_modified", "start_date", "finish_date", "reading_time",
      ]
    case .openlibrary:
      [
        "work id", "title", "authors", "first publish year", "edition id", "edition count", "bookshelf",
        "my ratings", "ratings average", "ratings count", "has ebook", "subjects", "subject people",
        "subject places", "subject times",
      ]
    case .csv: []
    }
  }

  /// A few of the columns, as the app writes them, to show which file is meant.
  var sampleColumns: [String] {
    switch self {
    case .goodreads: ["Book Id", "Title", "Author", "ISBN13", "Exclusive Shelf"]
    case .storygraph: ["Title", "Authors", "ISBN/UID", "Read Status", "Star Rating"]
    case .librarything: ["Book Id", "Title", "Primary Author", "ISBNs", "Collections"]
    case .calibre: ["title", "authors", "identifiers", "series_index", "uuid"]
    case .bookwyrm: ["title", "author_text", "remote_id", "isbn_13", "shelf"]
    case .openreads: ["title", "author", "status", "olid", "readings"]
    case .openlibrary: ["Work ID", "Title", "Authors", "Edition ID", "Bookshelf"]
    case .csv: []
    }
  }

  /// Columns that name the book (its title, an ISBN or an id a source knows): a file needs one.
  var identifyingColumns: [String] {
    switch self {
    case .goodreads: ["title", "isbn", "isbn13"]
    case .storygraph: ["title", "isbn/uid"]
    case .librarything: ["title", "isbn", "isbns"]
    case .calibre: ["title", "isbn", "identifiers"]
    case .bookwyrm: ["title", "isbn_13", "isbn_10", "openlibrary_key"]
    case .openreads: ["title", "isbn", "olid"]
    case .openlibrary: ["work id", "edition id", "title"]
    case .csv: ["title", "isbn"]
    }
  }

  /// Columns holding dates whose order (day or month first) may need telling.
  var dateColumns: [String] {
    switch self {
    case .goodreads: ["date read", "date added", "original purchase date"]
    case .storygraph: ["date added", "last date read", "dates read"]
    case .librarything: ["date started", "date read", "entry date", "acquired"]
    case .calibre: ["timestamp", "pubdate", "#date_read"]
    case .bookwyrm: ["start_date", "finish_date", "shelf_date"]
    case .openreads: ["date_added", "readings", "start_date", "finish_date"]
    case .openlibrary: []
    case .csv: ["date_added", "date_started", "date_read", "published"]
    }
  }

  /// The export whose columns `columns` are: the format that knows most of them, when it knows
  /// at least two and one that names the book. Nil when none does, or two tie (`ambiguous`).
  static func detect(_ columns: ColumnIndex) -> Detection {
    let names = columns.names
    var scored: [(format: ImportSource, score: Int)] = []
    for format in allCases where format != .csv {
      let known = format.knownColumns.intersection(names).count
      guard known >= 2, format.identifyingColumns.contains(where: names.contains) else { continue }
      scored.append((format, known))
    }
    scored.sort { $0.score > $1.score }
    guard let best = scored.first else { return .unknown }
    let tied = scored.filter { $0.score == best.score }.map(\.format)
    return tied.count > 1 ? .ambiguous(tied) : .found(best.format)
  }

  enum Detection: Equatable {
    case found(ImportSource)
    case ambiguous([ImportSource])
    case unknown
  }
}
