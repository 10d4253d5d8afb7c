import Catalog
import Diagnostics
import Fetching
import Import
import Sourcing
import Support
import Synchronization

/// Export rows without a usable ISBN looked up by title and author through the catalog's
/// sources in `sources:` order: a row one source finds nothing for, refuses (HTTP 429) or
/// cannot be asked (unreachable) goes to the next. A row a source's request budget did not
/// reach is left for the next import (`--max-requests` is each source's, as in a build).
struct TitleMatcher: BookMatcher {
  let catalog: Catalog
  let options: FetchOptions
  let progress: (any FetchProgress)?
  /// What the last run spent, for the report.
  let spent = Spent()

  func match(_ queries: [MatchQuery]) async throws -> [BookMatch?] {
    var matches = [BookMatch?](repeating: nil, count: queries.count)
    var wanted = Array(queries.indices)
    var refused: [Int: [SourceName]] = [:]
    /// Rows a source searched and found nothing for: none of them is left unsearched.
    var answered: Set<Int> = []
    var unsearched = 0
    let relay = progress.map(ProgressRelay.init)
    var statistics = FetchStatistics()
    var warnings: [Diagnostic] = []
    for source in catalog.sources where !wanted.isEmpty {
      let asked = wanted.map { queries[$0] }
      let found: SourceSearches
      switch source {
      case .googleBooks: found = try await searchGoogle(asked, progress: relay)
      case .openLibrary: found = try await searchOpenLibrary(asked, progress: relay)
      }
      relay?.finished(found.statistics)
      statistics = statistics + found.statistics
      warnings += found.warnings
      var next: [Int] = []
      for (index, outcome) in zip(wanted, found.outcomes) {
        switch outcome {
        case .found(let match): matches[index] = match
        case .nothing:
          answered.insert(index)
          next.append(index)
        case .refused:
          refused[index, default: []].append(source)
          next.append(index)
        case .unsearched: unsearched += 1
        }
      }
      wanted = next
    }
    if let progress { progress.report(.finished(statistics, warnings: warnings.count)) }
    let notAnswered = wanted.filter { refused[$0] != nil && !answered.contains($0) }
    spent.last = Spent.Record(
      statistics: statistics, warnings: warnings, notSearched: unsearched, refused: notAnswered.count,
      refusingSources: Set(notAnswered.flatMap { refused[$0] ?? [] }))
    return matches
  }
}

/// What one source's title searches came to, in the order asked.
struct SourceSearches {
  var outcomes: [TitleSearch]
  var statistics: FetchStatistics
  var warnings: [Diagnostic]
}

enum TitleSearch: Equatable {
  case found(BookMatch)
  /// Answered, but no result is the row's book.
  case nothing
  /// HTTP 429 after the retries, or the source cannot be reached: the next source is asked.
  case refused
  /// The source's request budget ran out first.
  case unsearched

  /// Search `index`'s outcome: refused or unsearched as `fallbacks` say, else the best candidate.
  init(
    _ index: Int, of fallbacks: SearchFallbacks, best candidates: [TitleCandidate], for query: MatchQuery,
    source: SourceName
  ) {
    if fallbacks.unanswered.contains(index) {
      self = .refused
    } else if fallbacks.unsearched.contains(index) {
      self = .unsearched
    } else {
      self =
        TitleCandidate.best(candidates, for: query).map { .found(BookMatch(key: $0.key, source: source)) }
        ?? .nothing
    }
  }
}

/// A search result as a title match sees it: its key and what it is compared by.
struct TitleCandidate {
  var key: String
  var title: String?
  var subtitle: String?
  var authors: [String]

  /// The first result whose title is the row's (or begins with it, before a subtitle) and that
  /// shares an author's surname with the row; nil when none does, rather than a wrong book.
  static func best(_ candidates: [TitleCandidate], for query: MatchQuery) -> TitleCandidate? {
    let title = words(query.title)
    let surnames = Set(query.authors.compactMap { words($0).last })
    return candidates.first { candidate in
      let found = words(candidate.title ?? "")
      let full = found + words(candidate.subtitle ?? "")
      guard !title.isEmpty,
        found == title || full.starts(with: title) || title.starts(with: found) && !found.isEmpty
      else { return false }
      guard !surnames.isEmpty else { return true }
      return candidate.authors.contains { words($0).last.map(surnames.contains) ?? false }
    }
  }

  /// Folded words, punctuation dropped: `The Eyre Affair: A Novel` → `the eyre affair a novel`.
  private static func words(_ text: String) -> [String] {
    TextFolding.fold(text).split { !$0.isLetter && !$0.isNumber }.map(String.init)
  }
}

/// What a matcher's searches spent and left, read once it is done.
final class Spent: Sendable {
  struct Record: Sendable {
    var statistics = FetchStatistics()
    var warnings: [Diagnostic] = []
    /// Rows a source's request budget did not reach.
    var notSearched = 0
    /// Rows no source answered for (each refused or could not be reached).
    var refused = 0
    var refusingSources: Set<SourceName> = []
  }

  private let state = Mutex<Record?>(nil)

  var last: Record? {
    get { state.withLock { $0 } }
    set { state.withLock { $0 = newValue } }
  }
}
