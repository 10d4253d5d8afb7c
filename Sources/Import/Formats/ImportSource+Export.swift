import Catalog

/// One app's export: where the app offers it, its columns, and how a row becomes an entry.
struct ExportFormat: Sendable {
  /// Where the app offers the export, for the help and for the owner who has the wrong file.
  var hint: String
  /// Every column the app writes (or wrote in an older export), as `ColumnName` normalises them.
  var knownColumns: Set<String> = []
  /// A few of the columns, as the app writes them, to show which file is meant.
  var sampleColumns: [String] = []
  /// Columns that name the book (its title, an ISBN or an id a source knows): a file needs one.
  var identifyingColumns: [String]
  /// Columns holding dates whose order (day or month first) may need telling.
  var dateColumns: [String] = []
  /// The row in the catalog's terms.
  var row: @Sendable (ExportColumns, RowPosition) -> ImportedRow
  /// Why a row the app marks so makes no entry (Openreads' trash).
  var skipReason: @Sendable (ExportColumns) -> String? = { _ in nil }
}

/// The exports `bookgen import` reads, told apart by their columns: one an app.
extension ImportSource {
  /// What bookgen knows of the app's export.
  var spec: ExportFormat {
    switch self {
    case .goodreads: .goodreads
    case .storygraph: .storygraph
    case .librarything: .librarything
    case .calibre: .calibre
    case .bookwyrm: .bookwyrm
    case .openreads: .openreads
    case .openlibrary: .openlibrary
    case .csv: .csv
    }
  }

  /// The format's line in `bookgen import --help`: the app, and where its export is found.
  package var helpLine: String {
    self == .csv
      ? "Any other CSV or spreadsheet, its columns named with --columns." : "\(appName): \(spec.hint)."
  }

  /// The export whose columns `columns` are: the format that knows most of them, when it knows
  /// at least two and one that names the book. Nil when none does, or two tie (`ambiguous`).
  static func detect(_ columns: ColumnIndex) -> Detection {
    let names = columns.names
    var scored: [(format: ImportSource, score: Int)] = []
    for format in allCases where format != .csv {
      let known = format.spec.knownColumns.intersection(names).count
      guard known >= 2, format.spec.identifyingColumns.contains(where: names.contains) else { continue }
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
