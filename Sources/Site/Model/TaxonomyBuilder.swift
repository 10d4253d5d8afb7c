/// Builds the author, category, publisher, language and year indexes from the books, and each
/// book's links into them.
///
/// Names that differ only in case, width or accents are merged under one term, shown in the
/// spelling most books use (ties: the first in collation order).
enum TaxonomyBuilder {
  private struct Accumulator {
    var spellings: [String: Int] = [:]
    var books: [Int] = []
    var parentKey: String?

    mutating func add(spelling: String, book: Int, parentKey: String?) {
      spellings[spelling, default: 0] += 1
      if books.last != book { books.append(book) }
      self.parentKey = parentKey
    }
  }

  /// The merge keys one book files under, resolved to term indices once the terms are sorted.
  private struct BookKeys {
    var authors: [String] = []
    var categories: [[String]] = []
    var publisher: String?
    var language: String?
    var year: String?
  }

  static func build(books: [Book], siteLanguage: UILanguage) -> (
    taxonomies: [TaxonomyKind: Taxonomy], bookTerms: [BookTerms]
  ) {
    var accumulators: [TaxonomyKind: [String: Accumulator]] = [:]
    // Mutated in place: copying an accumulator out and back would copy its book list on every
    // append, quadratic for a category holding most of the catalog.
    func add(_ kind: TaxonomyKind, key: String, spelling: String, book: Int, parentKey: String? = nil) {
      accumulators[kind, default: [:]][key, default: Accumulator()].add(
        spelling: spelling, book: book, parentKey: parentKey)
    }

    var keys: [BookKeys] = []
    keys.reserveCapacity(books.count)
    for (index, book) in books.enumerated() {
      var bookKeys = BookKeys()
      for author in book.authors {
        let key = CollationKey.fold(author)
        add(.author, key: key, spelling: author.trimmingWhitespace(), book: index)
        bookKeys.authors.append(key)
      }
      for path in book.categories {
        let levels = CategoryPath.levels(of: path)
        let folded = levels.map(CollationKey.fold)
        var trail: [String] = []
        for depth in levels.indices {
          let key = trail.isEmpty ? folded[depth] : trail[depth - 1] + "/" + folded[depth]
          let spelling = levels[...depth].joined(separator: " / ")
          add(.category, key: key, spelling: spelling, book: index, parentKey: trail.last)
          trail.append(key)
        }
        if !trail.isEmpty { bookKeys.categories.append(trail) }
      }
      if let publisher = book.publisher {
        let key = CollationKey.fold(publisher)
        add(.publisher, key: key, spelling: publisher.trimmingWhitespace(), book: index)
        bookKeys.publisher = key
      }
      if let language = book.language {
        add(.language, key: language.lowercased(), spelling: language, book: index)
        bookKeys.language = language.lowercased()
      }
      if let date = book.date {
        add(.year, key: String(date.year), spelling: String(date.year), book: index)
        bookKeys.year = String(date.year)
      }
      keys.append(bookKeys)
    }

    var taxonomies: [TaxonomyKind: Taxonomy] = [:]
    for kind in TaxonomyKind.allCases {
      taxonomies[kind] = taxonomy(kind, from: accumulators[kind] ?? [:], siteLanguage: siteLanguage)
    }
    func resolve(_ kind: TaxonomyKind, _ key: String?) -> Int? {
      key.flatMap { taxonomies[kind]!.index[$0] }
    }
    let bookTerms = keys.map { bookKeys in
      BookTerms(
        authors: bookKeys.authors.map { resolve(.author, $0)! },
        categories: bookKeys.categories.map { $0.map { resolve(.category, $0)! } },
        publisher: resolve(.publisher, bookKeys.publisher), language: resolve(.language, bookKeys.language),
        year: resolve(.year, bookKeys.year))
    }
    return (taxonomies, bookTerms)
  }

  private static func taxonomy(
    _ kind: TaxonomyKind, from accumulators: [String: Accumulator], siteLanguage: UILanguage
  ) -> Taxonomy {
    // Sort keys are computed once per term, not once per comparison.
    var entries = accumulators.map {
      key, accumulator -> (key: String, spelling: String, order: CollationKey, value: Accumulator) in
      let spellings = accumulator.spellings.map {
        (spelling: $0.key, count: $0.value, order: CollationKey($0.key))
      }
      let spelling = spellings.max { a, b in a.count != b.count ? a.count < b.count : a.order > b.order }!
        .spelling
      let display = kind == .language ? LanguageNames.name(of: spelling, in: siteLanguage) : spelling
      return (key, spelling, CollationKey(display), accumulator)
    }
    if kind == .year {
      entries.sort { (Int($0.key) ?? 0) > (Int($1.key) ?? 0) }
    } else {
      entries.sort { a, b in a.order != b.order ? a.order < b.order : a.key < b.key }
    }

    var allocator = SlugAllocator()
    var terms: [Term] = []
    terms.reserveCapacity(entries.count)
    var index: [String: Int] = [:]
    for entry in entries {
      let name: String
      let preferred: String
      switch kind {
      case .category:
        name = CategoryPath.levels(of: entry.spelling).last ?? entry.spelling
        preferred = Slug.make(entry.spelling, maximumLength: 90)
      case .language:
        name = entry.order.raw
        preferred = Slug.make(entry.spelling)
      default:
        name = entry.spelling
        preferred = Slug.make(entry.spelling)
      }
      let slug = allocator.allocate(preferred.isEmpty ? Slug.hash(entry.spelling) : preferred)
      index[entry.key] = terms.count
      terms.append(Term(name: name, fullName: entry.spelling, slug: slug, books: entry.value.books))
    }
    for (position, entry) in entries.enumerated() {
      guard let parentKey = entry.value.parentKey, let parent = index[parentKey] else { continue }
      terms[position].parent = parent
      terms[parent].children.append(position)
    }
    return Taxonomy(kind: kind, terms: terms, index: index)
  }
}

/// Where one book is filed: term indices per taxonomy, in the book's own order.
struct BookTerms: Sendable {
  var authors: [Int]
  /// One trail per category path, root first (`Fiction`, `Fiction / Science Fiction`).
  var categories: [[Int]]
  var publisher: Int?
  var language: Int?
  var year: Int?
}

/// Google's category paths: `Fiction / Science Fiction / General`.
enum CategoryPath {
  /// The path's levels, trimmed, without empty ones.
  static func levels(of path: String) -> [String] {
    path.split(separator: "/").map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }
  }
}
