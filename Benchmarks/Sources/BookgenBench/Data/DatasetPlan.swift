/// How N synthetic volumes are laid out as collections, queries and pages of 40.
///
/// About one collection per 1,000 books (at least 10). Volumes are numbered 0..<N in catalog
/// order; each query covers a contiguous run of them, at most 1,000 (Google's cap per query).
/// All pages are full except possibly the last one of the last query.
struct DatasetPlan: Sendable, Equatable {
  static let pageSize = 40
  static let maxResultsPerQuery = 1_000

  struct Query: Sendable, Equatable {
    var q: String
    /// Volume indices, `maxResults` of them.
    var volumes: Range<Int>
    var maxResults: Int { volumes.count }

    /// `(startIndex, volumes)` for each page the fetch stage requests.
    var pages: [(startIndex: Int, volumes: Range<Int>)] {
      stride(from: 0, to: volumes.count, by: DatasetPlan.pageSize).map { start in
        let lower = volumes.lowerBound + start
        return (start, lower..<min(lower + DatasetPlan.pageSize, volumes.upperBound))
      }
    }

    static func == (a: Query, b: Query) -> Bool { a.q == b.q && a.volumes == b.volumes }
  }

  struct Collection: Sendable, Equatable {
    var title: String
    var slug: String
    var queries: [Query]
  }

  var count: Int
  var collections: [Collection]

  init(count: Int) {
    self.count = count
    let pageCount = (count + Self.pageSize - 1) / Self.pageSize
    let collectionCount = max(1, min(pageCount, max(10, Int((Double(count) / 1_000).rounded()))))
    let subjects = WordLists.categoryPaths
    var collections: [Collection] = []
    var nextPage = 0
    for number in 0..<collectionCount {
      // Whole pages, spread evenly; the last collection ends at N.
      let pages = pageCount / collectionCount + (number < pageCount % collectionCount ? 1 : 0)
      let lower = min(nextPage * Self.pageSize, count)
      nextPage += pages
      let upper = min(nextPage * Self.pageSize, count)
      let subject = subjects[number % subjects.count]
      let name = subject.split(separator: "/").last.map { $0.trimmingSpaces } ?? subject
      let slug = "c\(Self.threeDigits(number + 1))-" + Self.slug(subject)
      var queries: [Query] = []
      var start = lower
      var part = 1
      while start < upper {
        // Queries of 1–25 pages, so collections mix short and long searches.
        let pagesLeft = (upper - start + Self.pageSize - 1) / Self.pageSize
        let take = min(pagesLeft, 25, 1 + (number * 7 + part * 11) % 25)
        let end = min(start + take * Self.pageSize, upper)
        queries.append(
          Query(q: "subject:\(Self.slug(subject)) bench c\(number + 1) q\(part)", volumes: start..<end))
        start = end
        part += 1
      }
      collections.append(Collection(title: "\(name) \(number + 1)", slug: slug, queries: queries))
    }
    self.collections = collections
  }

  var queries: [Query] { collections.flatMap(\.queries) }

  /// The query and page holding volume `index`.
  func page(holding index: Int) -> (query: Query, startIndex: Int, volumes: Range<Int>)? {
    for query in queries where query.volumes.contains(index) {
      let start = (index - query.volumes.lowerBound) / Self.pageSize * Self.pageSize
      let lower = query.volumes.lowerBound + start
      return (query, start, lower..<min(lower + Self.pageSize, query.volumes.upperBound))
    }
    return nil
  }

  static func threeDigits(_ value: Int) -> String {
    value < 10 ? "00\(value)" : value < 100 ? "0\(value)" : "\(value)"
  }

  /// `Fiction / Mystery & Detective / General` → `fiction-mystery-detective-general`: ASCII
  /// letters and digits lower-cased, every other run of characters one hyphen (what bookgen's
  /// own slug rule makes of these ASCII category paths).
  static func slug(_ text: String) -> String {
    var slug = ""
    var pendingHyphen = false
    for character in text.lowercased() {
      if character.isASCII && (character.isLetter || character.isNumber) {
        if pendingHyphen && !slug.isEmpty { slug.append("-") }
        pendingHyphen = false
        slug.append(character)
      } else if character != "'" {
        pendingHyphen = true
      }
    }
    return slug
  }
}

extension Substring {
  fileprivate var trimmingSpaces: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
