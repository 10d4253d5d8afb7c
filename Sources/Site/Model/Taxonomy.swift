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

  /// The output folder (`authors/<slug>/`): the kind's name in the plural.
  var folder: String { self == .category ? "categories" : rawValue + "s" }

  /// The position in `allCases`.
  var ordinal: Int { Self.allCases.firstIndex(of: self)! }

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
