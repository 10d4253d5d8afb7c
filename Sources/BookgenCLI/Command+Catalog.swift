import Catalog
import Foundation

extension CommandContext {
  /// The variable that overrides `google_books.api_url`, for mirrors and tests.
  static let apiURLVariable = "BOOKGEN_API_URL"
  /// The variable that overrides `open_library.api_url`.
  static let openLibraryURLVariable = "BOOKGEN_OPENLIBRARY_URL"

  /// The catalog at `--catalog`, validated, with `BOOKGEN_API_URL` and
  /// `BOOKGEN_OPENLIBRARY_URL` applied; found from the injected working directory, named in
  /// messages as the user wrote it. `needsCollections` is false for a command that adds one.
  func loadCatalog(_ file: CatalogOption, needsCollections: Bool = true) throws(CatalogError) -> Catalog {
    var catalog = try CatalogLoader.load(
      path: environment.resolve(file.path), shownAs: file.path, needsCollections: needsCollections)
    if let url = try apiURL(Self.apiURLVariable) { catalog.googleBooks.apiURL = url }
    if let url = try apiURL(Self.openLibraryURLVariable) { catalog.openLibrary.apiURL = url }
    return catalog
  }

  /// The variable's URL without trailing slashes; nil when it is not set.
  private func apiURL(_ variable: String) throws(CatalogError) -> String? {
    guard let url = environment.variables[variable], !url.isEmpty else { return nil }
    guard CatalogRules.isHTTPURL(url) else {
      throw .invalid([.error("\(variable) must be an http(s) URL, got '\(url)'")])
    }
    return String(url.reversed().drop { $0 == "/" }.reversed())
  }
}
