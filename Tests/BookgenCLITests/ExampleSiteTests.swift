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
    let onDisk = regularFiles(under: Self.repositoryCache)
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

  /// `git add -A` takes the recorded cache with the site: a clone (what CI checks out) builds
  /// offline, and a build that may fetch leaves nothing for git to show.
  @Test func anExampleSiteCommitsCleanlyAndItsCloneBuildsOffline() async throws {
    let unreachable = try await TestSupport.unreachableAPIURL()
    try await withTemporaryDirectory { root in
      #expect(await runCLI(["init", "--example", "-q", "site"], in: root).status == 0)
      try await Self.git(["init", "-q"], in: root + "/site")
      try await Self.git(["add", "-A"], in: root + "/site")
      try await Self.git(["commit", "-q", "-m", "site"], in: root + "/site")
      try await Self.git(["clone", "-q", root + "/site", root + "/clone"], in: root)
      let offline = await runCLI(["build", "--offline", "-q"], in: root + "/clone")
      #expect(offline.status == 0, "\(offline.stderr)")
      #expect(FileManager.default.fileExists(atPath: root + "/clone/public/index.html"))
      let online = await runCLI(
        ["build", "-q"], in: root + "/clone",
        variables: ["BOOKGEN_API_URL": unreachable, "BOOKGEN_OPENLIBRARY_URL": unreachable])
      #expect(online.status == 0, "\(online.stderr)")
      #expect(try await Self.git(["status", "--porcelain"], in: root + "/clone") == "")
    }
  }

  /// `bookgen serve` (and build, which claims the cache the same way) in bookgen's own
  /// checkout: the lock and marker it writes into `.ci/example-cache` are ignored.
  @Test func theRepositorysExampleLeavesItsCheckoutClean() async throws {
    let unreachable = try await TestSupport.unreachableAPIURL()
    try await withTemporaryDirectory { root in
      for file in [".gitignore", "catalog.yml"] {
        try FileManager.default.copyItem(
          atPath: Fixtures.packageRoot.appendingPathComponent(file).path, toPath: root + "/" + file)
      }
      try FileManager.default.createDirectory(atPath: root + "/.ci", withIntermediateDirectories: true)
      try FileManager.default.copyItem(atPath: Self.repositoryCache, toPath: root + "/.ci/example-cache")
      try await Self.git(["init", "-q"], in: root)
      try await Self.git(["add", "-A"], in: root)
      try await Self.git(["commit", "-q", "-m", "checkout"], in: root)
      let built = await runCLI(
        ["build", "-q"], in: root,
        variables: ["BOOKGEN_API_URL": unreachable, "BOOKGEN_OPENLIBRARY_URL": unreachable])
      #expect(built.status == 0, "\(built.stderr)")
      #expect(FileManager.default.fileExists(atPath: root + "/.ci/example-cache/.bookgen-lock"))
      #expect(try await Self.git(["status", "--porcelain"], in: root) == "")
    }
  }

  /// Runs git in `folder` without the user's configuration; returns its output.
  @discardableResult
  static func git(_ arguments: [String], in folder: String) async throws -> String {
    let result = try await runProcess(
      "/usr/bin/git",
      [
        "-c", "user.name=bookgen", "-c", "user.email=bookgen@example.org", "-c",
        "core.excludesFile=/dev/null",
      ]
        + arguments,
      in: folder, variables: ["GIT_CONFIG_NOSYSTEM": "1"])
    try #require(result.status == 0, "git \(arguments): \(result.stderr)")
    return result.stdout
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
      let built = await runCLI(
        ["build"], in: root + "/books",
        variables: ["BOOKGEN_API_URL": unreachable, "BOOKGEN_OPENLIBRARY_URL": unreachable])
      #expect(built.status == 0, "\(built.stderr)")
      let lines = built.stderr.split(separator: "\n")
      #expect(
        lines.contains(
          "Fetched 34 volumes: 0 requests, 30 cache hits, 0 retries, 2 not found, cached, 0 warnings"),
        "\(built.stderr)")
      #expect(lines.last?.hasPrefix("Built 32 books, ") == true, "\(built.stderr)")
      #expect(FileManager.default.fileExists(atPath: root + "/books/public/index.html"))
      try expectRootFoldersReserved(
        in: root + "/books/public",
        collections: ["science-fiction", "taiwan-literature", "programming-craft", "essays"])
      // From the recorded cache: a book only Open Library has, and one it enriches.
      let elements = try String(
        contentsOfFile: root + "/books/public/books/the-elements-of-programming-style-OL4732731M/index.html",
        encoding: .utf8)
      #expect(elements.contains("資料來源：Open Library"))
      let essays = try String(
        contentsOfFile: root + "/books/public/books/煙愁-qVmUAAAACAAJ/index.html", encoding: .utf8)
      #expect(essays.contains("資料來源：Google 圖書 與 Open Library"))
      #expect(essays.contains("琦君的第一本散文集"))
      // The owner's reads: a year page for each year of a `date_read` (Dune's bare 2010 too),
      // their JSON, and a card per book (`embed_cards: true`).
      let stats = (try? FileManager.default.contentsOfDirectory(atPath: root + "/books/public/stats")) ?? []
      #expect(stats.sorted() == ["2010", "2015", "2016", "2022", "2023", "index.html", "stats.json"])
      let year = try String(contentsOfFile: root + "/books/public/stats/2010/index.html", encoding: .utf8)
      #expect(year.contains("<tr><th scope=\"row\">月份不明</th><td>1</td></tr>"))
      #expect(
        FileManager.default.fileExists(atPath: root + "/books/public/books/dune-p0nsEAAAQBAJ/card.html"))
    }
  }
}
