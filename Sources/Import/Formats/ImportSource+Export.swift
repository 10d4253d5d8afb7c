import Catalog

/// One app's export: where the app offers it, its columns, and how a row becomes an entry.
struct ExportFormat: Sendable {
  /// Where the app offers the export, for the help and for the owner who has the wrong file.
  var hint: String
  /// Every column the app writes (or wrote in an older export), as `ColumnIndex` normalises them.
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

  /// The formats that know most of `columns` (one, or several that tie), among those that know
  /// at least two and one that names the book; none when no format does.
  static func detect(_ columns: ColumnIndex) -> [ImportSource] {
    let names = columns.names
    var scored: [(format: ImportSource, known: Int)] = []
    for format in allCases
    where format != .csv && format.spec.identifyingColumns.contains(where: names.contains) {
      let known = format.spec.knownColumns.intersection(names).count
      if known >= 2 { scored.append((format, known)) }
    }
    let best = scored.map(\.known).max()
    return scored.filter { $0.known == best }.map(\.format)
  }
}
