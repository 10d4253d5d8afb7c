import Catalog
import Fetching
import GoogleBooks
import Import
import Support

extension TitleMatcher {
  /// Results of one search the best match is chosen from.
  static let resultsPerSearch = 5

  /// Rows looked up on Google Books by `intitle:` and `inauthor:`, through the fetch stage:
  /// answers are cached (a second import asks nothing), the request budget and rate apply.
  func searchGoogle(_ queries: [MatchQuery], progress: (any FetchProgress)?) async throws -> SourceSearches {
    var search = catalog
    search.books = [:]
    search.collections = queries.enumerated().map { index, query in
      Collection(
        title: "\(query.title)", slug: "title-\(index + 1)",
        queries: [Query(q: Self.googleSearch(for: query), maxResults: Self.resultsPerSearch)])
    }
    var fetcher = Fetcher(catalog: search, options: options, progress: progress)
    fetcher.searchFallback = true
    let result = try await fetcher.run()
    let outcomes = zip(queries, result.collections).map { query, found in
      let candidates = found.volumes.map {
        TitleCandidate(
          key: $0.id, title: $0.volumeInfo.title, subtitle: $0.volumeInfo.subtitle,
          authors: $0.volumeInfo.authors)
      }
      return TitleSearch(0, of: found.searchFallbacks, best: candidates, for: query, source: .googleBooks)
    }
    return SourceSearches(outcomes: outcomes, statistics: result.statistics, warnings: result.warnings)
  }

  /// `intitle:"The Eyre Affair" inauthor:"Jasper Fforde"` (quotes in the title dropped).
  static func googleSearch(for query: MatchQuery) -> String {
    func phrase(_ text: String) -> String { "\"" + text.filter { $0 != "\"" } + "\"" }
    var parts = ["intitle:" + phrase(query.title)]
    if let author = query.authors.first { parts.append("inauthor:" + phrase(author)) }
    return parts.joined(separator: " ")
  }
}
