import Catalog
import Fetching
import Foundation
import Support
import TestSupport
import Testing

@testable import GoogleBooks

#if canImport(Glibc)
  import Glibc
#endif

/// The kept cache index (`CacheIndex`): a rebuild trusts an entry whose file has the identity
/// it had when the last build read it, without reading it; a file changed in any way — even
/// rewritten in place at the same size with its modification time put back — is read again,
/// as is one changed too recently to tell, and a damaged one still fails as it always did.
@Suite struct CacheIndexTests {
  private let stamp = "bookgen cache index test"
  private let memoStamp = "bookgen volume memo test"
  /// A cutoff after every file the tests write: their entries count as settled.
  private let later = Int64.max

  /// Three pages of a search, an ISBN search (pages: outlined by the memo) and a volume (no
  /// outline: always read), fetched into the cache.
  private func filledCache(_ harness: FetchHarness) async throws -> Catalog {
    let catalog = FetcherCacheTests.threeCollections(harness)
    _ = try await harness.fetcher(catalog, harness.options()).run()
    return catalog
  }

  /// An offline run with the kept memo and index; returns its result and what it keeps.
  private func run(
    _ harness: FetchHarness, _ catalog: Catalog, memo: [UInt8] = [], index: [UInt8] = [],
    settledBefore: Int64? = nil
  ) async throws -> (result: FetchResult, memo: [UInt8], index: CacheIndex) {
    var fetcher = harness.fetcher(catalog, harness.options(offline: true))
    // The memo is read from a file, as a build reads it (removed once open).
    let memoPath = harness.directory + "/kept-volumes-\(UUID().uuidString)"
    try Data(memo).write(to: URL(fileURLWithPath: memoPath))
    defer { try? FileManager.default.removeItem(atPath: memoPath) }
    let volumeMemo = VolumeMemo(keptFile: memoPath, stamp: memoStamp)
    let cacheIndex = CacheIndex(kept: index, stamp: stamp, settledBefore: settledBefore ?? later)
    fetcher.memo = volumeMemo
    fetcher.cacheIndex = cacheIndex
    let result = try await fetcher.run()
    return (result, volumeMemo.serialized(stamp: memoStamp), cacheIndex)
  }

  @Test func aRebuildTrustsUnchangedEntriesWithoutReadingThem() async throws {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    let catalog = try await filledCache(harness)
    let first = try await run(harness, catalog)
    #expect(first.index.trustedEntries == 0)
    let second = try await run(
      harness, catalog, memo: first.memo, index: first.index.serialized(stamp: stamp))
    // The four pages (the search's third is empty); the volume has no outline, so it is read.
    #expect(second.index.trustedEntries == 4)
    #expect(second.result.collections == first.result.collections)
    // The records are kept again: a third build trusts the same entries.
    let third = try await run(
      harness, catalog, memo: second.memo, index: second.index.serialized(stamp: stamp))
    #expect(third.index.trustedEntries == 4)
    #expect(third.result.collections == first.result.collections)
  }

  /// How an entry is rewritten behind the index's back: in place (the same inode) or renamed
  /// into place as the cache writes; either way with the same size and the old mtime put back.
  enum Rewrite: CaseIterable { case inPlace, renamed }

  @Test(arguments: Rewrite.allCases)
  func anEntryRewrittenAtTheSameSizeWithItsMtimeRestoredIsReadAgain(_ rewrite: Rewrite) async throws {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    let catalog = try await filledCache(harness)
    let first = try await run(harness, catalog)
    #expect(first.result.collections[0].volumes[3].volumeInfo.title == "d 3")
    let path = try Self.retitle(
      "d 3", as: "x 3", in: APIRequest.search("dune", startIndex: 0, maxResults: 40), harness, rewrite)
    let second = try await run(
      harness, catalog, memo: first.memo, index: first.index.serialized(stamp: stamp))
    #expect(second.result.collections[0].volumes[3].volumeInfo.title == "x 3")
    #expect(second.index.trustedEntries == 3)
    #expect(FileManager.default.fileExists(atPath: path))
  }

  @Test func anEntryChangedTooRecentlyToTellIsReadAgain() async throws {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    let catalog = try await filledCache(harness)
    // Read with a cutoff before the files' times (they were written just now): none is kept.
    let racy = try await run(harness, catalog, settledBefore: 0)
    let afterRacy = try await run(
      harness, catalog, memo: racy.memo, index: racy.index.serialized(stamp: stamp))
    #expect(afterRacy.index.trustedEntries == 0)
    // Kept by a run that found them settled, but too recent for this one's cutoff: read again.
    let settled = try await run(harness, catalog)
    let early = try await run(
      harness, catalog, memo: settled.memo, index: settled.index.serialized(stamp: stamp), settledBefore: 0)
    #expect(early.index.trustedEntries == 0)
    #expect(early.result.collections == settled.result.collections)
  }

  @Test func aDamagedEntryWhoseIdentityChangedFailsAsWithoutTheIndex() async throws {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    let catalog = try await filledCache(harness)
    let first = try await run(harness, catalog)
    let path = ResponseCache(directory: harness.cacheDirectory).path(
      for: APIRequest.search("dune", startIndex: 0, maxResults: 40))
    // One byte of the body changed in place, the size and mtime as they were.
    try Self.keepingModificationTime(path) {
      var bytes = try #require(FileManager.default.contents(atPath: path).map { [UInt8]($0) })
      bytes[bytes.count - 3] ^= 0x01
      try Self.overwrite(path, with: bytes)
    }
    let indexed = await #expect(throws: FetchError.self) {
      try await run(harness, catalog, memo: first.memo, index: first.index.serialized(stamp: stamp))
    }
    let plain = await #expect(throws: FetchError.self) {
      try await harness.fetcher(catalog, harness.options(offline: true)).run()
    }
    #expect(indexed?.description.contains("\(path) is corrupt (body checksum mismatch)") == true)
    #expect(indexed?.description == plain?.description)
  }

  @Test func anIndexFromAnotherVersionOrDamagedIsIgnored() async throws {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    let catalog = try await filledCache(harness)
    let first = try await run(harness, catalog)
    let kept = first.index.serialized(stamp: stamp)
    let other = try await run(
      harness, catalog, memo: first.memo, index: first.index.serialized(stamp: stamp + " 2"))
    #expect(other.index.trustedEntries == 0)
    var damaged = kept
    damaged[damaged.count / 2] ^= 0x01
    let broken = try await run(harness, catalog, memo: first.memo, index: damaged)
    #expect(broken.index.trustedEntries == 0)
    #expect(broken.result.collections == first.result.collections)
    let whole = try await run(harness, catalog, memo: first.memo, index: kept)
    #expect(whole.index.trustedEntries == 4)
  }

  /// Rewrites the entry of `request` with `title` changed to `replacement` (as long), a good
  /// entry of the same size, and puts its modification time back; returns its path.
  private static func retitle(
    _ title: String, as replacement: String, in request: APIRequest, _ harness: FetchHarness,
    _ rewrite: Rewrite
  ) throws -> String {
    let cache = ResponseCache(directory: harness.cacheDirectory)
    let path = cache.path(for: request)
    let entry = try #require(try cache.load(request))
    let body = Array(entry.body)
    let changed = try #require(
      Self.replacing(Array("\"\(title)\"".utf8), Array("\"\(replacement)\"".utf8), in: body))
    let before = try #require(FileManager.default.contents(atPath: path)).count
    try keepingModificationTime(path) {
      switch rewrite {
      case .renamed:
        try cache.store(request, body: changed, status: entry.status, fetchedAt: entry.fetchedAt)
      case .inPlace:
        let scratch = ResponseCache(directory: harness.directory + "/scratch")
        try scratch.store(request, body: changed, status: entry.status, fetchedAt: entry.fetchedAt)
        let bytes = try #require(FileManager.default.contents(atPath: scratch.path(for: request)))
        try overwrite(path, with: [UInt8](bytes))
      }
    }
    #expect(try #require(FileManager.default.contents(atPath: path)).count == before)
    return path
  }

  private static func replacing(_ old: [UInt8], _ new: [UInt8], in bytes: [UInt8]) -> [UInt8]? {
    guard
      let start = (0...(bytes.count - old.count)).first(where: {
        bytes[$0..<($0 + old.count)].elementsEqual(old)
      })
    else { return nil }
    return Array(bytes[..<start]) + new + bytes[(start + old.count)...]
  }

  /// Writes `bytes` over the file's own (the same inode), from its start.
  private static func overwrite(_ path: String, with bytes: [UInt8]) throws {
    let descriptor = open(path, O_WRONLY)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    let written = bytes.withUnsafeBufferPointer { pwrite(descriptor, $0.baseAddress!, $0.count, 0) }
    try #require(written == bytes.count)
  }

  /// Runs `change`, then sets the file's access and modification times back as they were
  /// (`touch -d`): only its change time (and, renamed, its inode) tells it changed.
  private static func keepingModificationTime(_ path: String, _ change: () throws -> Void) throws {
    var before = stat()
    try #require(stat(path, &before) == 0)
    try change()
    var times = [before.st_atim, before.st_mtim]
    try #require(utimensat(AT_FDCWD, path, &times, 0) == 0)
    var after = stat()
    try #require(stat(path, &after) == 0)
    #expect(after.st_mtim.tv_sec == before.st_mtim.tv_sec && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)
    #expect(after.st_size == before.st_size)
  }
}
