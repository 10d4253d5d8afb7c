import Catalog
import Foundation

extension CommandContext {
  /// `bookgen check`: validates the catalog (and the templates, once the Site stage provides a
  /// checker); with `--site`, the built output. Never touches the network.
  func check() async throws {
    if options.checkSite { throw CommandError.notYetAvailable("'bookgen check --site'") }
    let catalog = try loadCatalog()
    let templates = (catalog.directory as NSString).appendingPathComponent("templates")
    if FileManager.default.fileExists(atPath: templates) {
      console.warning("templates/ not checked: template checking is not yet available in this build")
    }
    console.print("\(options.catalogPath): OK (\(Self.summary(of: catalog)))")
  }

  /// `4 collections, 6 queries, 9 ISBNs` (and volume ids when there are any).
  static func summary(of catalog: Catalog) -> String {
    let collections = catalog.collections
    var parts = [
      NumberText.count(collections.count, "collection"),
      NumberText.count(collections.reduce(0) { $0 + $1.queries.count }, "query", plural: "queries"),
      NumberText.count(collections.reduce(0) { $0 + $1.isbns.count }, "ISBN"),
    ]
    let volumes = collections.reduce(0) { $0 + $1.volumes.count }
    if volumes > 0 { parts.append(NumberText.count(volumes, "volume id")) }
    return parts.joined(separator: ", ")
  }
}
