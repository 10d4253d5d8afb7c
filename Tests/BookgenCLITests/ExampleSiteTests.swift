import Catalog
import Foundation
import TestSupport
import Testing

@testable import BookgenCLI

/// `bookgen init --example`: the repository's example, embedded in the binary, that builds at
/// once without a key or a network.
@Suite struct ExampleSiteTests {
  static let repositoryCatalog = Fixtures.packageRoot.appendingPathComponent("catalog.yml").path
  static let repositoryCache = Fixtures.packageRoot.appendingPathComponent(".ci/example-cache").path

  @Test func theEmbeddedExampleIsTheRepositorysOwn() throws {
    #expect(
      ExampleSiteFiles.files["catalog.yml"]
        == (try String(contentsOfFile: Self.repositoryCatalog, encoding: .utf8)))
    let onDisk = InitTests.files(under: Self.repositoryCache)
    #expect(ExampleSite.cacheFiles.map(\.path) == onDisk.map { ".bookgen-cache/" + $0 })
    for (path, bytes) in ExampleSite.cacheFiles {
      let file = Self.repositoryCache + path.dropFirst(".bookgen-cache".count)
      #expect(FileManager.default.contents(atPath: file) == Data(bytes), "\(path) is stale in the binary")
    }
  }

  /// The one line that differs from the repository's catalog is where the cache lives.
  @Test func theWrittenCatalogKeepsItsCacheInTheDefaultFolder() throws {
    let original = try String(contentsOfFile: Self.repositoryCatalog, encoding: .utf8)
    let written = ExampleSite.catalog.split(separator: "\n", omittingEmptySubsequences: false)
    let lines = original.split(separator: "\n", omittingEmptySubsequences: false)
    let changed = zip(lines, written).filter { $0 != $1 }
    #expect(written.count == lines.count)
    #expect(changed.map { String($0.1) } == ["  dir: .bookgen-cache"])
    let catalog = try CatalogLoader.parse(ExampleSite.catalog, file: "catalog.yml", directory: ".")
    #expect(catalog.cache.dir == ".bookgen-cache")
  }

  @Test func anExampleSiteBuildsAtOnceWithoutAKeyOrANetwork() async throws {
    let unreachable = try await TestSupport.unreachableAPIURL()
    try await withTemporaryDirectory { root in
      let created = await runCLI(["init", "--example", "books"], in: root)
      #expect(created.status == 0)
      #expect(created.stderr == "")
      expectGolden(created.stdout, named: "init-example.txt")
      let catalog = try String(contentsOfFile: root + "/books/catalog.yml", encoding: .utf8)
      #expect(catalog == ExampleSite.catalog)

      // Not --offline: every entry is pinned, so the build asks nothing of the (absent) network.
      let built = await runCLI(["build"], in: root + "/books", variables: ["BOOKGEN_API_URL": unreachable])
      #expect(built.status == 0, "\(built.stderr)")
      let lines = built.stderr.split(separator: "\n")
      #expect(
        lines.contains("Fetched 33 volumes: 0 requests, 23 cache hits, 0 retries, 0 warnings"),
        "\(built.stderr)")
      #expect(lines.last?.hasPrefix("Built 31 books, ") == true, "\(built.stderr)")
      #expect(FileManager.default.fileExists(atPath: root + "/books/public/index.html"))
    }
  }
}
