import Catalog
import Fetching
import Foundation
import HTTPServer
import Sourcing
import TestSupport
import Testing

/// The committed caches — the example site's (`.ci/example-cache`) and the quality gate's stress
/// catalog's — are made by the real fetch stage, fetching raw responses written in Google's shape
/// (`Tests/Fixtures/*-api/`) from a server that answers like Google, and Open Library's records
/// (`Tests/Fixtures/example-api/openlibrary/`) from the fake Open Library, which makes its books
/// API answers from them as Open Library does.
///
/// `make example-cache` (BOOKGEN_RECORD_EXAMPLE_CACHE=1) rewrites them; otherwise this test fails
/// when a committed cache no longer matches what fetching its fixtures gives.
@Suite struct ExampleCacheTests {
  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
  /// Entries carry this fetch time, so recording twice gives identical bytes.
  static let fetchedAt = Date(timeIntervalSince1970: 1_796_000_000)

  @Test(arguments: [
    ("catalog.yml", "Tests/Fixtures/example-api"),
    ("Tests/QualityGate/stress-catalog.yml", "Tests/Fixtures/stress-api"),
  ])
  func committedCacheMatchesTheFixtures(catalogPath: String, fixturesPath: String) async throws {
    let catalog = try CatalogLoader.load(path: Self.repository + "/" + catalogPath)
    let fixtures = Self.repository + "/" + fixturesPath
    let committed = catalog.directory + "/" + catalog.cache.dir
    let record = ProcessInfo.processInfo.environment["BOOKGEN_RECORD_EXAMPLE_CACHE"] == "1"
    let target = record ? committed : TestSupport.makeTemporaryDirectory("example-cache")
    defer { if !record { TestSupport.removeTemporaryDirectory(target) } }
    if record { try? FileManager.default.removeItem(atPath: committed) }

    let served = try await Self.fetch(catalog, from: fixtures, into: target)
    #expect(served.unanswered.isEmpty, "requests with no fixture: \(served.unanswered)")
    if catalogPath == "catalog.yml" { #expect(served.warnings.isEmpty, "fetch warnings: \(served.warnings)") }
    if record { return }
    let expected = try Self.files(under: target)
    let actual = try Self.files(under: committed)
    #expect(
      actual.keys.sorted() == expected.keys.sorted(),
      "the example cache is out of date: run `make example-cache` and commit the cache")
    for (path, bytes) in expected where actual[path] != bytes {
      Issue.record("cache entry \(path) differs: run `make example-cache` and commit the cache")
    }
  }

  /// Fetches every request of `catalog` from a server that answers from the fixture files.
  static func fetch(_ catalog: Catalog, from fixtures: String, into cache: String) async throws -> (
    unanswered: [String], warnings: [String]
  ) {
    let searches = try loadSearchIndex(fixtures)
    let unanswered = Unanswered()
    let server = HTTPServer(host: "127.0.0.1", port: 0) { request in
      guard let file = fixtureFile(for: request, searches: searches),
        let body = FileManager.default.contents(atPath: fixtures + "/" + file)
      else {
        unanswered.add(request.target)
        return HTTPResponse(status: 404, body: Array(#"{"error":{"code":404,"message":"no fixture"}}"#.utf8))
      }
      return HTTPResponse(
        status: 200, headers: [("Content-Type", "application/json; charset=UTF-8")], body: [UInt8](body))
    }
    try server.start()
    let library = try openLibrary(from: fixtures + "/openlibrary")
    var options = FetchOptions(cacheDirectory: cache, refresh: true, jobs: 1)
    options.now = { fetchedAt }
    options.sleep = { _ in }
    // Recorded once, the entries never expire: the example builds offline for good.
    options.pinEntries = true
    var catalog = catalog
    catalog.googleBooks.apiURL = "http://127.0.0.1:\(server.port)/books/v1"
    catalog.openLibrary.apiURL = library.apiURL
    let result: SourcedBooks
    do {
      result = try await Sourcing(catalog: catalog, options: options, version: "0.0.0").run()
    } catch {
      await server.stop()
      await library.stop()
      throw error
    }
    await server.stop()
    await library.stop()
    // Without a contact, Open Library's note says so; that is no warning about the fixtures.
    let warnings = result.warnings.filter { $0.severity == .warning }
    return (unanswered.targets, warnings.map(\.description))
  }

  /// A fake Open Library holding every record under `folder` (`books/`, `works/`, `authors/`).
  static func openLibrary(from folder: String) throws -> FakeOpenLibraryServer {
    let server = FakeOpenLibraryServer()
    for kind in ["authors", "works", "books"] {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/" + kind)) ?? []
      for name in names.sorted() where name.hasSuffix(".json") {
        let path = folder + "/" + kind + "/" + name
        server.library.setRecord(try String(contentsOfFile: path, encoding: .utf8))
      }
    }
    try server.start()
    return server
  }

  static func fixtureFile(for request: HTTPRequest, searches: [String: String]) -> String? {
    let prefix = "/books/v1/volumes"
    guard request.path.hasPrefix(prefix) else { return nil }
    let rest = request.path.dropFirst(prefix.count)
    if rest.hasPrefix("/") { return "volume/\(rest.dropFirst()).json" }
    guard let q = request.queryValue("q") else { return nil }
    if q.hasPrefix("isbn:") { return "isbn/\(q.dropFirst(5)).json" }
    return searches[q]
  }

  /// `searches.tsv`: one `q<TAB>file` line per search request.
  static func loadSearchIndex(_ fixtures: String) throws -> [String: String] {
    let text = try String(contentsOfFile: fixtures + "/searches.tsv", encoding: .utf8)
    var index: [String: String] = [:]
    for line in text.split(separator: "\n") {
      let fields = line.split(separator: "\t", maxSplits: 1).map(String.init)
      if fields.count == 2 { index[fields[0]] = fields[1] }
    }
    return index
  }

  /// The cache entries below `root` (not the folder's marker or lock file).
  static func files(under root: String) throws -> [String: Data] {
    var files: [String: Data] = [:]
    guard let enumerator = FileManager.default.enumerator(atPath: root) else { return files }
    for case let path as String in enumerator where path.hasSuffix(".entry") {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory),
        !isDirectory.boolValue
      {
        files[path] = FileManager.default.contents(atPath: root + "/" + path)
      }
    }
    return files
  }
}

/// Request targets the fixtures could not answer (collected across server tasks).
private final class Unanswered: @unchecked Sendable {
  private let lock = NSLock()
  private var list: [String] = []

  func add(_ target: String) {
    lock.lock()
    defer { lock.unlock() }
    list.append(target)
  }

  var targets: [String] {
    lock.lock()
    defer { lock.unlock() }
    return list.sorted()
  }
}
