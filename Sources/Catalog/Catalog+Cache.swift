import Foundation

extension Catalog {
  /// The fetch cache's folder: `cache.dir` against the catalog's folder, standardised. The one
  /// place it is resolved; the fetch stage is handed the result.
  package var cacheDirectory: String {
    let dir = cache.dir
    let absolute = dir.hasPrefix("/") ? dir : (directory as NSString).appendingPathComponent(dir)
    return (absolute as NSString).standardizingPath
  }
}
