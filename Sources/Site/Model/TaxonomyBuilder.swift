import BookRecord
import Support

/// Builds the author, category, publisher, language, year and tag indexes from the books, and each
/// book's links into them.
///
/// Names that differ only in case, width or accents are merged under one term, shown in the
/// spelling most books use (ties: the first in collation order).
enum TaxonomyBuilder {
  private struct Accumulator {
    /// A spelling and how many times it was filed; most terms have no other. Of equal strings in
    /// other bytes (an accent composed or decomposed) the one with the smaller bytes is kept, so
    /// that the order books are met in never changes a term's name.
    var spelling = ""
    var spellingCount = 0
    /// Any other spellings (equal as `String`s count as one, as a table would count them).
    var otherSpellings: [String: Int] = [:]
    var books: [Int] = []
    var parentKey: String?

    mutating func add(spelling: String, book: Int, parentKey: String?) {
      if spellingCount == 0 {
        self.spelling = spelling
        spellingCount = 1
      } else if spelling == self.spelling {
        spellingCount += 1
        if CollationKey.compareBytes(spelling, self.spelling) < 0 { self.spelling = spelling }
      } else if let index = otherSpellings.index(forKey: spelling) {
        let (known, count) = otherSpellings[index]
        if CollationKey.compareBytes(spelling, known) < 0 {
          otherSpellings.remove(at: index)
          otherSpellings[spelling] = count + 1
        } else {
          otherSpellings.values[index] += 1
        }
      } else {
        otherSpellings[spelling] = 1
      }
      if books.last != book { books.append(book) }
      self.parentKey = parentKey
    }

    /// Every spelling with its count, the first one first.
    var spellings: [(spelling: String, count: Int)] {
      [(spelling, spellingCount)] + otherSpellings.map { ($0.key, $0.value) }
    }
  }

  /// A merge key with its hash, computed where the book is made (in parallel): the tables the
  /// indexes are gathered in and resolved through then hash one integer per entry, not its text.
  struct Key: Hashable, Sendable {
    let text: String
    let hash: Int

    init(_ text: String) {
      self.text = text
      hash = text.hashValue
    }

    /// A key whose hash is known already.
    init(text: String, hash: Int) {
      self.text = text
      self.hash = hash
    }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }

    /// Equal hashes, then equal bytes (what a lookup of a key made from the same name finds)
    /// before `String` equality, which normalises non-ASCII text to compare it (the same answer:
    /// equal bytes are equal strings).
    static func == (a: Key, b: Key) -> Bool {
      a.hash == b.hash && (CollationKey.compareBytes(a.text, b.text) == 0 || a.text == b.text)
    }
  }

  /// The indexes of the books `filings` file (one a book, in `SiteModel.books` order: taken out
  /// of the books by the caller, so they are not copied), and `beside()` and `alongside()`: work
  /// of the caller's that does not need the indexes, run while they are built.
  static func build<Beside: Sendable, Alongside: Sendable>(
    filings: [BookFiling], siteLanguage: UILanguage, beside: @Sendable () -> Beside,
    alongside: @Sendable () -> Alongside
  ) -> (taxonomies: [TaxonomyKind: Taxonomy], bookTerms: [BookTerms], beside: Beside, alongside: Alongside) {
    // Each kind is gathered, sorted and named on a core of its own. `beside` (the model's
    // lists) is the longest part: it starts first, then `alongside`, and the kinds share the
    // other cores meanwhile, instead of one core finishing the caller's work alone after them.
    let kinds = TaxonomyKind.allCases
    let parts = Parallel.map(count: kinds.count + 2, minimumChunk: 1) {
      part -> BuildPart<Beside, Alongside> in
      if part == 0 { return .beside(beside()) }
      if part == 1 { return .alongside(alongside()) }
      let kind = kinds[part - 2]
      return .kind(taxonomy(kind, from: gather(kind, from: filings), siteLanguage: siteLanguage))
    }
    var taxonomies: [TaxonomyKind: Taxonomy] = [:]
    var built: [(taxonomy: Taxonomy, keyed: [Key: Int])] = []
    var besideResult: Beside?
    var alongsideResult: Alongside?
    for part in parts {
      switch part {
      case .kind(let kind):
        taxonomies[kind.taxonomy.kind] = kind.taxonomy
        built.append(kind)
      case .beside(let result): besideResult = result
      case .alongside(let result): alongsideResult = result
      }
    }
    let indexes = built.map(\.keyed)
    @Sendable func resolve(_ kind: TaxonomyKind, _ entry: BookFiling.Entry?) -> Int? {
      entry.flatMap { indexes[kind.ordinal][$0.key] }
    }
    let bookTerms = Parallel.map(count: filings.count) { position in
      let filing = filings[position]
      return BookTerms(
        authors: filing.authors.map { resolve(.author, $0)! },
        categories: filing.categories.map { $0.map { resolve(.category, $0)! } },
        publisher: resolve(.publisher, filing.publisher),
        language: resolve(.language, filing.language),
        year: resolve(.year, filing.year),
        tags: filing.tags.map { resolve(.tag, $0)! })
    }
    return (taxonomies, bookTerms, besideResult!, alongsideResult!)
  }

  /// Whether a term's merge key of `kind` is its spelling folded (`CollationKey.fold`): every
  /// spelling merged under it folds to it.
  private static func keyIsFolded(_ kind: TaxonomyKind) -> Bool {
    kind == .author || kind == .publisher || kind == .tag
  }

  /// The terms of one kind with their books (in book order) and spellings.
  private static func gather(_ kind: TaxonomyKind, from filings: [BookFiling]) -> [Key: Accumulator] {
    var table: [Key: Accumulator] = [:]
    // Mutated in place: copying an accumulator out and back would copy its book list on every
    // append, quadratic for a category holding most of the catalog.
    func add(_ entry: BookFiling.Entry, _ book: Int) {
      table[entry.key, default: Accumulator()].add(
        spelling: entry.spelling, book: book, parentKey: entry.parentKey?.text)
    }
    for book in filings.indices {
      switch kind {
      case .author: for entry in filings[book].authors { add(entry, book) }
      case .category: for trail in filings[book].categories { for entry in trail { add(entry, book) } }
      case .publisher: if let entry = filings[book].publisher { add(entry, book) }
      case .language: if let entry = filings[book].language { add(entry, book) }
      case .year: if let entry = filings[book].year { add(entry, book) }
      case .tag: for entry in filings[book].tags { add(entry, book) }
      }
    }
    return table
  }

  private static func taxonomy(
    _ kind: TaxonomyKind, from accumulators: [Key: Accumulator], siteLanguage: UILanguage
  ) -> (taxonomy: Taxonomy, keyed: [Key: Int]) {
    // Sort keys are computed once per term, not once per comparison; positions are sorted, not
    // the entries (moving an entry retains its strings and tables).
    var entries: [(key: String, spelling: String, order: CollationKey, value: Accumulator)] = []
    entries.reserveCapacity(accumulators.count)
    var hashes: [Int] = []
    hashes.reserveCapacity(accumulators.count)
    for (termKey, accumulator) in accumulators {
      let key = termKey.text
      hashes.append(termKey.hash)
      // Most terms have one spelling: no sort key is needed to choose it.
      let spelling =
        accumulator.otherSpellings.isEmpty
        ? accumulator.spelling
        : accumulator.spellings.map {
          (spelling: $0.spelling, count: $0.count, order: CollationKey($0.spelling))
        }
        .max { a, b in a.count != b.count ? a.count < b.count : a.order > b.order }!.spelling
      let display = kind == .language ? LanguageNames.name(of: spelling, in: siteLanguage) : spelling
      // An author's, publisher's or tag's merge key is its name folded already: not folded again.
      let order = keyIsFolded(kind) ? CollationKey(display, folded: key) : CollationKey(display)
      entries.append((key, spelling, order, accumulator))
    }
    let order: [Int]
    if kind == .year {
      let years = entries.map { Int($0.key) ?? 0 }
      order = entries.indices.sorted { years[$0] > years[$1] }
    } else {
      let orders = entries.map(\.order)
      let keys = entries.map(\.key)
      let prefixes = orders.map { CollationKey.bytePrefix($0.folded) }
      order = entries.indices.sorted { a, b in
        if prefixes[a] != prefixes[b] { return prefixes[a] < prefixes[b] }
        let comparison = CollationKey.compare(orders[a], orders[b])
        return comparison != 0 ? comparison < 0 : keys[a] < keys[b]
      }
    }
    // Moved into order, not copied (a copy retains each entry's strings and tables).
    SiteModel.permute(&entries, by: order)
    SiteModel.permute(&hashes, by: order)

    var allocator = SlugAllocator(capacity: entries.count)
    var terms: [Term] = []
    terms.reserveCapacity(entries.count)
    var index: [String: Int] = [:]
    index.reserveCapacity(entries.count)
    var keyed: [Key: Int] = [:]
    keyed.reserveCapacity(entries.count)
    for (position, entry) in entries.enumerated() {
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
        preferred = keyIsFolded(kind) ? Slug.make(folded: entry.key) : Slug.make(entry.spelling)
      }
      let slug = allocator.allocate(preferred.isEmpty ? Slug.hash(entry.spelling) : preferred)
      index[entry.key] = position
      keyed[Key(text: entry.key, hash: hashes[position])] = position
      terms.append(Term(name: name, fullName: entry.spelling, slug: slug, books: entry.value.books))
    }
    for (position, entry) in entries.enumerated() {
      guard let parentKey = entry.value.parentKey, let parent = index[parentKey] else { continue }
      terms[position].parent = parent
      terms[parent].children.append(position)
    }
    return (Taxonomy(kind: kind, terms: terms, index: index), keyed)
  }
}

/// One job of `TaxonomyBuilder.build`: a kind's index, or the caller's work beside them.
private enum BuildPart<Beside: Sendable, Alongside: Sendable>: Sendable {
  case kind((taxonomy: Taxonomy, keyed: [TaxonomyBuilder.Key: Int]))
  case beside(Beside)
  case alongside(Alongside)
}

/// The merge keys (folded names) and spellings one book files under, per taxonomy: the costly
/// folding, done once per book where books are made.
struct BookFiling: Sendable, Equatable {
  struct Entry: Sendable, Equatable {
    var key: TaxonomyBuilder.Key
    var spelling: String
    /// The parent category's key (categories only).
    var parentKey: TaxonomyBuilder.Key?

    init(key: String, spelling: String, parentKey: TaxonomyBuilder.Key? = nil) {
      self.key = TaxonomyBuilder.Key(key)
      self.spelling = spelling
      self.parentKey = parentKey
    }
  }

  var authors: [Entry] = []
  /// One trail per category path, root first; paths with no levels are left out.
  var categories: [[Entry]] = []
  var publisher: Entry?
  var language: Entry?
  var year: Entry?
  /// The owner's tags, each once (`Hugo` and `hugo` are one tag).
  var tags: [Entry] = []

  init(
    authors: [String], categories: [String], publisher: String?, language: String?, date: BookDate?,
    tags: [String] = []
  ) {
    self.authors = authors.map { Entry(key: CollationKey.fold($0), spelling: $0.trimmingWhitespace()) }
    for path in categories {
      let levels = CategoryPath.levels(of: path)
      let folded = levels.map(CollationKey.fold)
      var trail: [Entry] = []
      for depth in levels.indices {
        // Each level's key and spelling extend its parent's.
        let key = trail.isEmpty ? folded[depth] : trail[depth - 1].key.text + " / " + folded[depth]
        let spelling = trail.isEmpty ? levels[depth] : trail[depth - 1].spelling + " / " + levels[depth]
        trail.append(Entry(key: key, spelling: spelling, parentKey: trail.last?.key))
      }
      if !trail.isEmpty { self.categories.append(trail) }
    }
    self.publisher = publisher.map { Entry(key: CollationKey.fold($0), spelling: $0.trimmingWhitespace()) }
    self.language = language.map { Entry(key: $0.lowercased(), spelling: $0) }
    self.year = date.map { Entry(key: String($0.year), spelling: String($0.year)) }
    var seen: Set<String> = []
    for tag in tags {
      let spelling = tag.trimmingWhitespace()
      let key = CollationKey.fold(spelling)
      if !spelling.isEmpty, seen.insert(key).inserted {
        self.tags.append(Entry(key: key, spelling: spelling))
      }
    }
  }

  init(book: Book) {
    self.init(
      authors: book.authors, categories: book.categories, publisher: book.publisher, language: book.language,
      date: book.date, tags: book.tags)
  }
}

/// Where one book is filed: term indices per taxonomy, in the book's own order.
struct BookTerms: Sendable, Equatable {
  var authors: [Int]
  /// One trail per category path, root first (`Fiction`, `Fiction / Science Fiction`).
  var categories: [[Int]]
  var publisher: Int?
  var language: Int?
  var year: Int?
  /// The owner's tags, each once, in the entry's order.
  var tags: [Int] = []
}

/// Google's category paths: `Fiction / Science Fiction / General`.
enum CategoryPath {
  /// The path's levels split on Google's ` / ` separator (a bare `/` belongs to the name, as in
  /// `AC/DC`), trimmed, without empty ones.
  static func levels(of path: String) -> [String] {
    // Split on the bytes of ` / `: splitting on characters compares grapheme clusters.
    let bytes = path.utf8
    var levels: [String] = []
    var start = bytes.startIndex
    var index = bytes.startIndex
    func addLevel(upTo end: String.Index) {
      let level = String(path[start..<end]).trimmingWhitespace()
      if !level.isEmpty { levels.append(level) }
    }
    while index != bytes.endIndex {
      if bytes[index] == UInt8(ascii: " "),
        let slash = bytes.index(index, offsetBy: 1, limitedBy: bytes.endIndex), slash != bytes.endIndex,
        bytes[slash] == UInt8(ascii: "/"),
        let space = bytes.index(slash, offsetBy: 1, limitedBy: bytes.endIndex), space != bytes.endIndex,
        bytes[space] == UInt8(ascii: " ")
      {
        addLevel(upTo: index)
        index = bytes.index(after: space)
        start = index
        continue
      }
      bytes.formIndex(after: &index)
    }
    addLevel(upTo: bytes.endIndex)
    return levels
  }
}
