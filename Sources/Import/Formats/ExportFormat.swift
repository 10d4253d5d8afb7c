import Catalog

/// The exports `bookgen import` reads, told apart by their columns.
package enum ExportFormat: String, Sendable, Equatable, CaseIterable {
  case goodreads
  case storygraph
  /// Any other CSV, its columns named with `--columns`.
  case csv

  package var appName: String { source.appName }

  /// Where the app offers the export, for the help and for the owner who has the wrong file.
  package var exportHint: String {
    switch self {
    case .goodreads: "My Books, Import and export, Export Library"
    case .storygraph: "Manage Account, Export StoryGraph Library"
    case .csv: "any other CSV or spreadsheet, its columns named with --columns"
    }
  }

  /// The format's line in `bookgen import --help`: the app, and where its export is found.
  package var helpLine: String {
    self == .csv
      ? "Any other CSV or spreadsheet, its columns named with --columns." : "\(appName): \(exportHint)."
  }

  package var source: ImportSource {
    switch self {
    case .goodreads: .goodreads
    case .storygraph: .storygraph
    case .csv: .csv
    }
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
        "original purchase date",
        "original purchase location",
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
    case .csv: []
    }
  }

  /// A few of the columns, as the app writes them, to show which file is meant.
  var sampleColumns: [String] {
    switch self {
    case .goodreads: ["Book Id", "Title", "Author", "ISBN13", "Exclusive Shelf"]
    case .storygraph: ["Title", "Authors", "ISBN/UID", "Read Status", "Star Rating"]
    case .csv: []
    }
  }

  /// Columns that name the book (its title, an ISBN or an id a source knows): a file needs one.
  var identifyingColumns: [String] {
    switch self {
    case .goodreads: ["title", "isbn", "isbn13"]
    case .storygraph: ["title", "isbn/uid"]
    case .csv: ["title", "isbn"]
    }
  }

  /// Columns holding dates whose order (day or month first) may need telling.
  var dateColumns: [String] {
    switch self {
    case .goodreads: ["date read", "date added", "original purchase date"]
    case .storygraph: ["date added", "last date read", "dates read"]
    case .csv: ["date_added", "date_started", "date_read", "published"]
    }
  }

  /// The export whose columns `columns` are: the format that knows most of them, when it knows
  /// at least two and one that names the book. Nil when none does, or two tie (`ambiguous`).
  static func detect(_ columns: ColumnIndex) -> Detection {
    let names = columns.names
    var scored: [(format: ExportFormat, score: Int)] = []
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
    case found(ExportFormat)
    case ambiguous([ExportFormat])
    case unknown
  }
}
