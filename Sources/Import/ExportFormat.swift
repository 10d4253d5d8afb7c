import Catalog

/// The exports `bookgen import` reads, told apart by their header rows.
package enum ExportFormat: String, Sendable, Equatable, CaseIterable {
  case goodreads
  case storygraph

  package var appName: String {
    switch self {
    case .goodreads: "Goodreads"
    case .storygraph: "StoryGraph"
    }
  }

  /// Where the app offers the export, for the owner who has the wrong file.
  var exportHint: String {
    switch self {
    case .goodreads: "made under My Books, Import and export, Export Library"
    case .storygraph: "made under Manage Account, Export StoryGraph Library"
    }
  }

  package var source: ImportSource {
    switch self {
    case .goodreads: .goodreads
    case .storygraph: .storygraph
    }
  }

  /// The columns the mapping reads; a header lacking one of them is not this export. Further
  /// columns (the apps add some over time) are ignored.
  var requiredColumns: [String] {
    switch self {
    case .goodreads:
      [
        "Book Id", "Title", "Author", "Additional Authors", "ISBN", "ISBN13", "My Rating", "Publisher",
        "Binding", "Number of Pages", "Year Published", "Original Publication Year", "Date Read",
        "Date Added",
        "Bookshelves", "Exclusive Shelf", "My Review", "Private Notes", "Read Count", "Owned Copies",
      ]
    case .storygraph:
      [
        "Title", "Authors", "Contributors", "ISBN/UID", "Format", "Read Status", "Date Added",
        "Last Date Read", "Dates Read", "Read Count", "Moods", "Pace", "Star Rating", "Review", "Tags",
        "Owned?",
      ]
    }
  }

  /// The export whose columns `header` holds, nil for none.
  static func detect(_ header: [String]) -> ExportFormat? {
    let columns = Set(header.map { $0.trimmingCharacters(in: .whitespaces) })
    return allCases.first { $0.requiredColumns.allSatisfy(columns.contains) }
  }
}
