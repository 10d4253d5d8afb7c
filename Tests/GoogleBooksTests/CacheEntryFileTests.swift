import Catalog
import Fetching
import Foundation
import GoogleBooks
import TestSupport
import Testing

/// A cache entry must be a regular file inside the cache, of at most 64 MiB: anything else is
/// corrupt, fetched again online and named with its reason offline. Reading never blocks.
@Suite struct CacheEntryFileTests {
  /// One volume collection, fetched once so the cache holds its entry.
  private func fetched() async throws -> (FetchHarness, Catalog, path: String) {
    let harness = try FetchHarness()
    harness.fake.setVolume("V1", json: FakeGoogleBooksFixtures.volume("V1"))
    let catalog = harness.catalog([Collection(title: "Vol", slug: "vol", volumes: ["V1"])])
    _ = try await harness.fetcher(catalog, harness.options()).run()
    return (
      harness, catalog, ResponseCache(directory: harness.cacheDirectory).path(for: APIRequest.volume("V1"))
    )
  }

  private func replace(_ path: String, with make: (String) throws -> Void) throws {
    try FileManager.default.removeItem(atPath: path)
    try make(path)
  }

  private func offlineError(_ harness: FetchHarness, _ catalog: Catalog) async -> String? {
    let error = await #expect(throws: FetchError.self) {
      try await harness.fetcher(catalog, harness.options(offline: true)).run()
    }
    return error?.description
  }

  /// The entry, damaged by `make`, is refetched online with one warning and the reason.
  private func expectRefetched(
    _ harness: FetchHarness, _ catalog: Catalog, path: String, reason: String
  ) async throws {
    let requests = harness.fake.requestCount
    let result = try await harness.fetcher(catalog, harness.options()).run()
    #expect(harness.fake.requestCount == requests + 1)
    #expect(result.ids("vol") == ["V1"])
    #expect(
      result.warningTexts == [
        "warning: volume 'V1' in collection 'vol': cache entry \(path) is corrupt (\(reason)); fetching it again"
      ])
    #expect(try ResponseCache(directory: harness.cacheDirectory).load(APIRequest.volume("V1")) != nil)
    #expect(FileManager.default.fileExists(atPath: path))
  }

  private func offlineMessage(path: String, reason: String) -> String {
    """
    error: offline, and 1 cache entry is unusable (run without --offline to fetch):
      volume 'V1' in collection 'vol': volumes/V1
        cache entry \(path) is corrupt (\(reason))
    """
  }

  @Test func aDamagedEntryOfflineSaysWhy() async throws {
    let (harness, catalog, path) = try await fetched()
    defer { harness.cleanUp() }
    let bytes = try #require(FileManager.default.contents(atPath: path))
    try bytes.dropLast(1).write(to: URL(fileURLWithPath: path))
    let length = bytes.count - bytes.firstIndex(of: 0x0A)! - 1
    let reason = "body is \(length - 1) bytes, expected \(length)"
    #expect(await offlineError(harness, catalog) == offlineMessage(path: path, reason: reason))
  }

  @Test func anEntryLinkedOutOfTheCacheIsNotUsed() async throws {
    let (harness, catalog, path) = try await fetched()
    defer { harness.cleanUp() }
    // A valid entry, but kept outside the cache: whatever it holds is not the cache's.
    let outside = harness.directory + "/elsewhere.entry"
    try FileManager.default.moveItem(atPath: path, toPath: outside)
    try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: outside)
    let reason = "it is a symbolic link to a file outside the cache folder"
    #expect(await offlineError(harness, catalog) == offlineMessage(path: path, reason: reason))
    try await expectRefetched(harness, catalog, path: path, reason: reason)
    #expect(FileManager.default.fileExists(atPath: outside), "the file outside is never touched")
  }

  @Test func aFIFOEntryIsRefetchedWithoutWaiting() async throws {
    let (harness, catalog, path) = try await fetched()
    defer { harness.cleanUp() }
    try replace(path) { try TestSupport.makeFIFO($0) }
    let reason = "it is a FIFO (named pipe), not a regular file"
    let (message, blockedOffline) = await FIFOGuard.run(fifos: [path]) {
      await offlineError(harness, catalog)
    }
    #expect(!blockedOffline, "the offline fetch blocked on the FIFO")
    #expect(message == offlineMessage(path: path, reason: reason))
    let (_, blocked) = try await FIFOGuard.run(fifos: [path]) {
      try await expectRefetched(harness, catalog, path: path, reason: reason)
    }
    #expect(!blocked, "the fetch blocked on the FIFO")
  }

  @Test func aHugeEntryIsRefetchedWithoutReadingIt() async throws {
    let (harness, catalog, path) = try await fetched()
    defer { harness.cleanUp() }
    try replace(path) { try TestSupport.makeSparseFile($0, size: 64 << 30) }
    let reason = "it is larger than 64 MiB, the most bookgen reads for a cache entry"
    #expect(await offlineError(harness, catalog) == offlineMessage(path: path, reason: reason))
    try await expectRefetched(harness, catalog, path: path, reason: reason)
  }

  @Test func missingAndUnusableEntriesAreCountedApart() async throws {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    for id in ["A", "B"] { harness.fake.setVolume(id, json: FakeGoogleBooksFixtures.volume(id)) }
    let catalog = harness.catalog([Collection(title: "Vol", slug: "vol", volumes: ["A", "B"])])
    let cache = ResponseCache(directory: harness.cacheDirectory)
    try cache.store(APIRequest.volume("A"), body: Array("{}".utf8), status: 200, fetchedAt: FetchHarness.now)
    try Data("garbage".utf8).write(to: URL(fileURLWithPath: cache.path(for: APIRequest.volume("A"))))
    #expect(
      await offlineError(harness, catalog) == """
        error: offline, and 2 cache entries are missing or unusable (run without --offline to fetch):
          volume 'A' in collection 'vol': volumes/A
            cache entry \(cache.path(for: APIRequest.volume("A"))) is corrupt (no header line)
          volume 'B' in collection 'vol': volumes/B
        """)
  }
}
