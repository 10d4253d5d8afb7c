import Catalog
import Foundation
import Testing

@testable import Site

/// The repository's example `catalog.yml` is accepted by the render stage as written.
@Suite struct ExampleCatalogTests {
  static let catalogPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("catalog.yml").path

  @Test func exampleCatalogBuildsWithItsLanguageAndStrings() async throws {
    let catalog = try CatalogLoader.load(path: ExampleCatalogTests.catalogPath)
    let root = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let inputs = catalog.collections.map {
      SiteInput.Collection(slug: $0.slug, volumes: [GoldenSite.threeBody])
    }
    let report = try await SiteBuilder(
      catalog: catalog, collections: inputs,
      options: BuildOptions(
        jobs: 2, outputDirectory: root + "/public", workingDirectory: NSTemporaryDirectory())
    ).build()
    #expect(report.books == 1)
    let home = try String(contentsOfFile: root + "/public/index.html", encoding: .utf8)
    #expect(home.hasPrefix("<!doctype html>\n<html lang=\"\(catalog.site.language)\">"))
    for collection in catalog.collections {
      #expect(FileManager.default.fileExists(atPath: root + "/public/\(collection.slug)/index.html"))
    }
  }
}
