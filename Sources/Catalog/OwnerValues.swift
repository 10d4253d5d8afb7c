/// The shelf a book is on (`status`): one of the four built-in statuses, or a shelf the owner
/// declared under `shelves:` (an import's custom exclusive shelf, such as `did-not-finish`).
package enum ReadingStatus: Sendable, Hashable {
  case read
  case reading
  case toRead
  case abandoned
  case shelf(slug: String)

  /// The built-in statuses, in the order pages list them.
  private static let builtIn: [ReadingStatus] = [.read, .reading, .toRead, .abandoned]
  package static let builtInSlugs = builtIn.map(\.slug)

  /// The built-in status written `slug`, else the owner's shelf of that slug.
  package init(slug: String) {
    self = Self.builtIn.first { $0.slug == slug } ?? .shelf(slug: slug)
  }

  /// As written in catalog.yml and in page paths (`/shelves/to-read/`).
  package var slug: String {
    switch self {
    case .read: "read"
    case .reading: "reading"
    case .toRead: "to-read"
    case .abandoned: "abandoned"
    case .shelf(let slug): slug
    }
  }

  package var isBuiltIn: Bool {
    if case .shelf = self { return false }
    return true
  }

  /// How a shelf's page orders its books unless `shelves[].sort` says otherwise: `read` by when
  /// each was last finished, every other shelf by when it was added, newest first.
  package var defaultSort: SortOrder { self == .read ? .dateRead : .dateAdded }
}

/// `shelves[]` — a shelf of the owner's own, which `status` may name.
package struct Shelf: Sendable, Equatable {
  /// Empty for a built-in status's entry that keeps the built-in title.
  package var title: String
  /// `[a-z0-9][a-z0-9-]*`, unique; a built-in status's for its page's settings.
  package var slug: String
  /// Markdown.
  package var description: String?
  /// How the shelf's page orders its books (`sort:`); nil: by `date_added`, newest first.
  package var sort: SortOrder?

  package init(title: String, slug: String, description: String? = nil, sort: SortOrder? = nil) {
    self.title = title
    self.slug = slug
    self.description = description
    self.sort = sort
  }
}

/// The owner's rating: 0.5 to 5 in halves (a source's average rating is another thing).
package struct OwnerRating: Sendable, Hashable, Comparable {
  /// 1 (half a star) to 10 (five stars).
  package let halves: Int

  package init?(halves: Int) {
    guard (1...10).contains(halves) else { return nil }
    self.halves = halves
  }

  /// `4`, `4.5`, `4.0`, `.5`: a number from 0.5 to 5 that is a whole number of halves.
  package init?(parsing text: String) {
    guard let value = Double(text), value.isFinite, text.allSatisfy({ $0.isASCIIDigit || $0 == "." }),
      (value * 2).rounded() == value * 2
    else { return nil }
    self.init(halves: Int(value * 2))
  }

  package var value: Double { Double(halves) / 2 }

  /// `4` or `4.5`, as the catalog writes it.
  package var text: String { halves % 2 == 0 ? String(halves / 2) : "\(halves / 2).5" }

  package static func < (a: OwnerRating, b: OwnerRating) -> Bool { a.halves < b.halves }
}

/// A date the owner gives as `YYYY`, `YYYY-MM` or `YYYY-MM-DD`; ordered by year, month, day
/// (a year alone before its months).
package struct PartialDate: Sendable, Hashable, Comparable, CustomStringConvertible {
  package let year: Int
  package let month: Int?
  package let day: Int?

  package init?(year: Int, month: Int? = nil, day: Int? = nil) {
    guard (0...9999).contains(year), month.map({ (1...12).contains($0) }) ?? (day == nil),
      day.map({ (1...31).contains($0) }) ?? true
    else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  /// `2021`, `2021-05` or `2021-05-04` (the shape `CatalogRules.isPartialDate` accepts).
  package init?(parsing text: String) {
    guard CatalogRules.isPartialDate(text) else { return nil }
    let parts = text.split(separator: "-").map { Int($0)! }
    self.init(year: parts[0], month: parts.count > 1 ? parts[1] : nil, day: parts.count > 2 ? parts[2] : nil)
  }

  /// As catalog.yml writes it.
  package var description: String {
    var text = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
    if let month { text += "-" + Self.twoDigits(month) }
    if let day { text += "-" + Self.twoDigits(day) }
    return text
  }

  private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }

  package static func < (a: PartialDate, b: PartialDate) -> Bool {
    (a.year, a.month ?? 0, a.day ?? 0) < (b.year, b.month ?? 0, b.day ?? 0)
  }
}

/// The format of the owner's copy: a closed list, so that typos are caught and the stats can
/// count formats (and JSON-LD name them).
package enum BookFormat: String, Sendable, Equatable, CaseIterable {
  case hardcover
  case paperback
  case ebook
  case audiobook
  /// Anything else: board books, spiral binding, a map.
  case other
}

/// A book's place in its series: `1`, `2.5` (a novella between two books).
package struct SeriesNumber: Sendable, Hashable, Comparable {
  package let value: Double

  /// A decimal number from 0 to 100,000 with at most three decimals, digits and `.` only.
  package init?(parsing text: String) {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }),
      parts.count == 1 || parts[1].count <= 3, let value = Double(text),
      CatalogRanges.seriesNumber.contains(value)
    else { return nil }
    self.value = value
  }

  /// `2`, `2.5`: the shortest form.
  package var text: String {
    value.rounded() == value ? String(Int(value)) : "\(value)"
  }

  package static func < (a: SeriesNumber, b: SeriesNumber) -> Bool { a.value < b.value }
}

/// `price` with `currency`: the amount as written (`12.99`, `1200`) and an ISO 4217 code.
package struct ShopPrice: Sendable, Equatable {
  package var amount: String
  package var currency: String

  package var value: Double { Double(amount) ?? 0 }
}

/// `availability` of a shop's copy (schema.org's `InStock`, `OutOfStock`, `PreOrder`).
package enum Availability: String, Sendable, Equatable, CaseIterable {
  case inStock = "in_stock"
  case outOfStock = "out_of_stock"
  case preorder
}

/// An export's own id of a book no source matched: `goodreads:40265832`, `storygraph:…`.
package struct ExportID: Sendable, Hashable, CustomStringConvertible {
  package var source: ImportSource
  /// 1 to 64 of `A–Z a–z 0–9 _ -`.
  package var id: String

  package init?(source: ImportSource, id: String) {
    guard CatalogRules.isName(id) else { return nil }
    self.source = source
    self.id = id
  }

  /// `goodreads:40265832` (the source must be a known one).
  package init?(parsing text: String) {
    guard let colon = text.firstIndex(of: ":"),
      let source = ImportSource(rawValue: String(text[..<colon]))
    else { return nil }
    self.init(source: source, id: String(text[text.index(after: colon)...]))
  }

  package var description: String { "\(source.rawValue):\(id)" }
}
