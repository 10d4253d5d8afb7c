import Catalog

/// The kinds of index pages: each has a folder and a template of the same name.
enum TaxonomyKind: String, Sendable, CaseIterable {
  case author
  case category
  case publisher
  case language
  case year
  /// The owner's tags.
  case tag

  /// The output folder (`authors/<slug>/`).
  var folder: String {
    switch self {
    case .author: return "authors"
    case .category: return "categories"
    case .publisher: return "publishers"
    case .language: return "languages"
    case .year: return "years"
    case .tag: return "tags"
    }
  }

  /// The position in `allCases`.
  var ordinal: Int {
    switch self {
    case .author: return 0
    case .category: return 1
    case .publisher: return 2
    case .language: return 3
    case .year: return 4
    case .tag: return 5
    }
  }

  /// The catalog's name for this kind's index pages (`site.index_pages`).
  var indexPage: IndexPage { IndexPage(rawValue: folder)! }
}

/// One author, category, publisher, language, year or tag, and the books filed under it.
struct Term: Sendable, Equatable {
  /// What the page shows (`Science Fiction` for the category `Fiction / Science Fiction`).
  var name: String
  /// The full name (`Fiction / Science Fiction`); equal to `name` except for categories.
  var fullName: String
  var slug: String
  /// Indices into `SiteModel.books`, in all-books (title) order.
  var books: [Int]
  /// Parent category (categories only).
  var parent: Int?
  /// Child categories, in name order.
  var children: [Int] = []
}

/// All terms of one kind, in display order, with a lookup from the merge key.
struct Taxonomy: Sendable, Equatable {
  let kind: TaxonomyKind
  var terms: [Term]
  /// Folded key → index into `terms`.
  var index: [String: Int]
}
