import Catalog
import Foundation

extension CommandContext {
  /// The variable that overrides `google_books.api_url`, for mirrors and tests.
  static let apiURLVariable = "BOOKGEN_API_URL"

  /// The catalog at `--catalog`, validated, with `BOOKGEN_API_URL` applied.
  ///
  /// Read here rather than by `CatalogLoader.load(path:)` so the file is found from the
  /// injected working directory while messages still name it as the user wrote it.
  func loadCatalog() throws(CatalogError) -> Catalog {
    let shown = options.catalogPath
    let path = environment.resolve(shown)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw .fileNotFound(path: shown)
    }
    if isDirectory.boolValue { throw .unreadable(path: shown, reason: "it is a directory") }
    let text: String
    do {
      text = try String(contentsOfFile: path, encoding: .utf8)
    } catch {
      throw .unreadable(path: shown, reason: "it is not readable UTF-8 text")
    }
    var catalog = try CatalogLoader.parse(
      text, file: shown, directory: (path as NSString).deletingLastPathComponent)
    if let url = environment.variables[Self.apiURLVariable], !url.isEmpty {
      guard CommandOptions.isWebURL(url) else {
        throw .invalid([.error("\(Self.apiURLVariable) must be an http(s) URL, got '\(url)'")])
      }
      catalog.googleBooks.apiURL = String(url.reversed().drop { $0 == "/" }.reversed())
    }
    return catalog
  }

  /// Where the catalog at `catalogPath` keeps its fetch cache: `cache.dir` against its folder.
  func cacheDirectory(catalogPath: String) throws -> String {
    let catalog = try loadCatalog()
    return Self.cacheDirectory(of: catalog)
  }

  static func cacheDirectory(of catalog: Catalog) -> String {
    let dir = catalog.cache.dir
    let absolute = dir.hasPrefix("/") ? dir : (catalog.directory as NSString).appendingPathComponent(dir)
    return (absolute as NSString).standardizingPath
  }
}
