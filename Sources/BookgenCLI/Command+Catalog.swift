import Catalog
import Foundation

extension CommandContext {
  /// The variable that overrides `google_books.api_url`, for mirrors and tests.
  static let apiURLVariable = "BOOKGEN_API_URL"

  /// The catalog at `--catalog`, validated, with `BOOKGEN_API_URL` applied; found from the
  /// injected working directory, named in messages as the user wrote it.
  func loadCatalog(_ file: CatalogOption) throws(CatalogError) -> Catalog {
    var catalog = try CatalogLoader.load(path: environment.resolve(file.path), shownAs: file.path)
    if let url = environment.variables[Self.apiURLVariable], !url.isEmpty {
      guard CatalogRules.isHTTPURL(url) else {
        throw .invalid([.error("\(Self.apiURLVariable) must be an http(s) URL, got '\(url)'")])
      }
      catalog.googleBooks.apiURL = String(url.reversed().drop { $0 == "/" }.reversed())
    }
    return catalog
  }

  /// Where the catalog at `--catalog` keeps its fetch cache.
  func cacheDirectory(_ file: CatalogOption) throws -> String {
    try loadCatalog(file).cacheDirectory
  }
}
