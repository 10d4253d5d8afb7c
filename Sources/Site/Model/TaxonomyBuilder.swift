/// Builds the author, category, publisher, language and year indexes from the books.
///
/// Names that differ only in case, width or accents are merged under one term, shown in the
/// spelling most books use (ties: the first in collation order).
enum TaxonomyBuilder {
  private struct Accumulator {
    var spellings: [String: Int] = [:]
    var books: [Int] = []
    var parentKey: String?
    var orderKey: CollationKey?
  }

  static func build(books: [Book], siteLanguage: UILanguage) -> [TaxonomyKind: Taxonomy] {
    var accumulators: [TaxonomyKind: [String: Accumulator]] = [:]
    func add(_ kind: TaxonomyKind, key: String, spelling: String, book: Int, parentKey: String? = nil) {
      var accumulator = accumulators[kind, default: [:]][key] ?? Accumulator()
      accumulator.spellings[spelling, default: 0] += 1
      if accumulator.books.last != book { accumulator.books.append(book) }
      accumulator.parentKey = parentKey
      accumulators[kind, default: [:]][key] = accumulator
    }

    for (index, book) in books.enumerated() {
      for author in book.authors {
        add(.author, key: CollationKey.fold(author), spelling: author.trimmingWhitespace(), book: index)
      }
      for path in book.categories {
        let levels = CategoryPath.levels(of: path)
        for depth in levels.indices {
          let spelling = levels[...depth].joined(separator: " / ")
          let key = CategoryPath.key(levels[...depth])
          let parent = depth > 0 ? CategoryPath.key(levels[..<depth]) : nil
          add(.category, key: key, spelling: spelling, book: index, parentKey: parent)
        }
      }
      if let publisher = book.publisher {
        add(
          .publisher, key: CollationKey.fold(publisher), spelling: publisher.trimmingWhitespace(), book: index
        )
      }
      if let language = book.language {
        add(.language, key: language.lowercased(), spelling: language, book: index)
      }
      if let date = book.date {
        add(.year, key: String(date.year), spelling: String(date.year), book: index)
      }
    }

    var result: [TaxonomyKind: Taxonomy] = [:]
    for kind in TaxonomyKind.allCases {
      result[kind] = taxonomy(kind, from: accumulators[kind] ?? [:], siteLanguage: siteLanguage)
    }
    return result
  }

  private static func taxonomy(
    _ kind: TaxonomyKind, from accumulators: [String: Accumulator], siteLanguage: UILanguage
  ) -> Taxonomy {
    var entries = accumulators.map {
      key, accumulator -> (key: String, spelling: String, value: Accumulator) in
      let spelling = accumulator.spellings.max { a, b in
        a.value != b.value ? a.value < b.value : CollationKey(a.key) > CollationKey(b.key)
      }!.key
      return (key, spelling, accumulator)
    }
    switch kind {
    case .year:
      entries.sort { (Int($0.key) ?? 0) > (Int($1.key) ?? 0) }
    case .language:
      entries.sort {
        let a = CollationKey(LanguageNames.name(of: $0.spelling, in: siteLanguage))
        let b = CollationKey(LanguageNames.name(of: $1.spelling, in: siteLanguage))
        return a != b ? a < b : $0.key < $1.key
      }
    default:
      entries.sort { a, b in
        let x = CollationKey(a.spelling)
        let y = CollationKey(b.spelling)
        return x != y ? x < y : a.key < b.key
      }
    }

    var allocator = SlugAllocator()
    var terms: [Term] = []
    var index: [String: Int] = [:]
    for entry in entries {
      let name: String
      let preferred: String
      switch kind {
      case .category:
        name = CategoryPath.levels(of: entry.spelling).last ?? entry.spelling
        preferred = Slug.make(entry.spelling, maximumLength: 90)
      case .language:
        name = LanguageNames.name(of: entry.spelling, in: siteLanguage)
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

/// Google's category paths: `Fiction / Science Fiction / General`.
enum CategoryPath {
  /// The path's levels, trimmed, without empty ones.
  static func levels(of path: String) -> [String] {
    path.split(separator: "/").map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }
  }

  /// The merge key of a path prefix (folded levels joined by `/`).
  static func key(_ levels: ArraySlice<String>) -> String {
    levels.map(CollationKey.fold).joined(separator: "/")
  }
}
