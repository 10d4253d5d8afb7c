import Catalog
import Fetching
import Import
import OpenLibrary

extension TitleMatcher {
  /// Rows looked up on Open Library's search by `title` and `author`, through its fetch stage
  /// (cache, budget, its polite rate and User-Agent): the search documents alone, without the
  /// two record requests per result a query asks, since only the match's id is kept (the build
  /// fetches its records).
  func searchOpenLibrary(_ queries: [MatchQuery], progress: (any FetchProgress)?) async throws
    -> SourceSearches
  {
    var plan = OpenLibraryPlan()
    for (index, query) in queries.enumerated() {
      var fields = [OpenLibraryRequest.Parameter("title", query.title)]
      if let author = query.authors.first { fields.append(OpenLibraryRequest.Parameter("author", author)) }
      var search = OpenLibraryPlan.Search(
        fields: fields, maxResults: Self.resultsPerSearch,
        subject: "Open Library title search \(index + 1) ('\(query.title)')")
      search.withRecords = false
      search.mayFallBack = true
      plan.searches.append(search)
    }
    let fetcher = OpenLibraryFetcher(
      settings: catalog.openLibrary, options: options, maxAge: catalog.cache.maxAge,
      notFoundMaxAge: catalog.cache.notFoundMaxAge,
      version: BookgenCLI.version, progress: progress)
    let result = try await fetcher.run(plan)
    let outcomes = queries.enumerated().map { index, query in
      let books = index < result.searches.count ? result.searches[index] : []
      let candidates = books.map {
        TitleCandidate(
          key: $0.id.description, title: $0.doc?.title, subtitle: $0.doc?.subtitle,
          authors: $0.doc?.authorNames ?? [])
      }
      return TitleSearch(
        index, of: result.searchFallbacks, best: candidates, for: query, source: .openLibrary)
    }
    return SourceSearches(outcomes: outcomes, statistics: result.statistics, warnings: result.warnings)
  }
}
