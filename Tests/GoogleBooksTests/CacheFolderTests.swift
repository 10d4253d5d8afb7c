import Catalog
import Fetching
import Foundation
import TestSupport
import Testing

@testable import GoogleBooks

/// The cache folder's marker: written when bookgen makes the folder, so `clean --cache` can tell
/// a cache from any other folder `cache.dir` might name.
@Suite struct CacheFolderTests {
  private static let key = String(repeating: "ab", count: 32)

  private func write(_ text: String, to path: String) throws {
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

  @Test func aFetchThatCreatesTheFolderMarksIt() async throws {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    harness.fake.setVolume("V1", json: FakeGoogleBooksFixtures.volume("V1"))
    let catalog = harness.catalog([Collection(title: "Vol", slug: "vol", volumes: ["V1"])])
    _ = try await harness.fetcher(catalog, harness.options()).run()
    let cache = ResponseCache(directory: harness.cacheDirectory)
    #expect(
      FileManager.default.contents(atPath: cache.markerPath)
        == Data("bookgen fetch cache (bookgen clean --cache removes this folder)\n".utf8))
    #expect(cache.isOurs())
    // The marker is bookkeeping, not an input: it is not part of the cache's identity.
    #expect(cache.identity().count == 1)
  }

  @Test func anOfflineFetchCreatesNothing() async throws {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    let catalog = harness.catalog([Collection(title: "Vol", slug: "vol", volumes: ["V1"])])
    _ = try? await harness.fetcher(catalog, harness.options(offline: true)).run()
    #expect(!FileManager.default.fileExists(atPath: harness.cacheDirectory))
  }

  /// An older bookgen made no marker: a folder of nothing but entries is adopted and marked.
  @Test func anOlderCacheIsMarkedWhenUsed() throws {
    let root = TestSupport.makeTemporaryDirectory("bookgen-cache-folder")
    defer { TestSupport.removeTemporaryDirectory(root) }
    try write("{}\n", to: root + "/cache/ab/\(Self.key).entry")
    let cache = ResponseCache(directory: root + "/cache")
    #expect(cache.isOurs())
    try cache.claimFolder()
    #expect(FileManager.default.fileExists(atPath: cache.markerPath))
  }

  @Test func aFolderHoldingOtherFilesIsUsedButNeverMarked() throws {
    let root = TestSupport.makeTemporaryDirectory("bookgen-cache-folder")
    defer { TestSupport.removeTemporaryDirectory(root) }
    try write("{}\n", to: root + "/cache/ab/\(Self.key).entry")
    try write("mine", to: root + "/cache/notes.txt")
    let cache = ResponseCache(directory: root + "/cache")
    #expect(!cache.isOurs())
    try cache.claimFolder()
    #expect(!FileManager.default.fileExists(atPath: cache.markerPath))
    #expect(!cache.isOurs())
  }

  @Test func aFalseMarkerProvesNothing() throws {
    let root = TestSupport.makeTemporaryDirectory("bookgen-cache-folder")
    defer { TestSupport.removeTemporaryDirectory(root) }
    try write("mine", to: root + "/cache/notes.txt")
    try write("something else", to: root + "/cache/" + ResponseCache.markerName)
    #expect(!ResponseCache(directory: root + "/cache").isOurs())
  }
}
