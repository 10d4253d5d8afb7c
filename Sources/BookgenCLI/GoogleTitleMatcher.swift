import Catalog
import Fetching
import GoogleBooks
import Import
import Support
import Synchronization

/// Export rows without a usable ISBN looked up on Google Books by `intitle:` and `inauthor:`,
/// through the fetch stage: answers are cached (a second import asks nothing), the request
/// budget and rate apply, and the key is the catalog's.
struct GoogleTitleMatcher: BookMatcher {
  let catalog: Catalog
  let options: FetchOptions
  let progress: (any FetchProgress)?
  /// What the last run spent, for the report.
  let spent = Spent()

  /// Results of one search the best match is chosen from.
  static let resultsPerSearch = 5

  func match(_ queries: [MatchQuery]) async throws -> [BookMatch?] {
    var search = catalog
    search.books = [:]
    search.collections = queries.enumerated().map { index, query in
      Collection(
        title: "\(query.title)", slug: "title-\(index + 1)",
        queries: [Query(q: Self.search(for: query), maxResults: Self.resultsPerSearch)])
    }
    let result = try await Fetcher(catalog: search, options: options, progress: progress).run()
    spent.statistics.withLock { $0 = result.statistics }
    spent.notSearched.withLock { $0 = result.pending.count }
    return zip(queries, result.collections).map { query, found in
      Self.best(found.volumes, for: query).map { BookMatch(key: $0.id, source: .googleBooks) }
    }
  }

  /// `intitle:"The Eyre Affair" inauthor:"Jasper Fforde"` (quotes in the title dropped).
  static func search(for query: MatchQuery) -> String {
    func phrase(_ text: String) -> String { "\"" + text.filter { $0 != "\"" } + "\"" }
    var parts = ["intitle:" + phrase(query.title)]
    if let author = query.authors.first { parts.append("inauthor:" + phrase(author)) }
    return parts.joined(separator: " ")
  }

  /// The first result whose title is the row's (or begins with it, before a subtitle) and that
  /// shares an author's surname with the row; nil when none does, rather than a wrong book.
  static func best(_ volumes: [Volume], for query: MatchQuery) -> Volume? {
    let title = words(query.title)
    let surnames = Set(query.authors.compactMap { words($0).last })
    return volumes.first { volume in
      let found = words(volume.volumeInfo.title ?? "")
      let full = found + words(volume.volumeInfo.subtitle ?? "")
      guard !title.isEmpty,
        found == title || full.starts(with: title) || title.starts(with: found) && !found.isEmpty
      else { return false }
      guard !surnames.isEmpty else { return true }
      return volume.volumeInfo.authors.contains { words($0).last.map(surnames.contains) ?? false }
    }
  }

  /// Folded words, punctuation dropped: `The Eyre Affair: A Novel` → `the eyre affair a novel`.
  private static func words(_ text: String) -> [String] {
    TextFolding.fold(text).split { !$0.isLetter && !$0.isNumber }.map(String.init)
  }
}

/// What a matcher's fetch spent, read once it is done.
final class Spent: Sendable {
  let statistics = Mutex<FetchStatistics?>(nil)
  /// Searches the request budget did not reach.
  let notSearched = Mutex(0)
}
