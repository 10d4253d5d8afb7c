import Catalog
import Foundation
import GoogleBooks
import TestSupport
import Testing

/// Pinned entries (the example site's recorded cache) never expire; `--refresh` replaces them
/// with ordinary entries.
@Suite struct PinnedEntryTests {
  static func recordPinned(_ harness: FetchHarness) async throws -> Catalog {
    harness.fake.setSearch("dune", results: FetchHarness.volumes("d", 3))
    let catalog = harness.catalog([
      Collection(title: "SF", slug: "sf", queries: [Query(q: "dune", maxResults: 3)])
    ])
    var options = harness.options()
    options.pinEntries = true
    _ = try await harness.fetcher(catalog, options).run()
    return catalog
  }

  @Test func aPinnedEntryIsFreshHoweverOld() async throws {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    let catalog = try await Self.recordPinned(harness)
    #expect(harness.fake.requestCount == 1)
    let entries = harness.cacheFiles().filter { $0.key.hasSuffix(".entry") }
    #expect(entries.count == 1)
    #expect(entries.values.allSatisfy { $0.split(separator: "\n")[0].hasSuffix(#","pinned":true}"#) })

    let tenYearsLater = FetchHarness.now.addingTimeInterval(3650 * 86_400)
    let counting = CountingTransport(harness.transport)
    let later = try await harness.fetcher(catalog, harness.options(now: tenYearsLater), transport: counting)
      .run()
    #expect(counting.calls == 0)
    #expect(later.statistics.cacheHits == 1)
    #expect(later.warnings.isEmpty)
    #expect(later.ids("sf") == ["d0", "d1", "d2"])
  }

  @Test func refreshReplacesAPinnedEntryWithAnOrdinaryOne() async throws {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    let catalog = try await Self.recordPinned(harness)
    _ = try await harness.fetcher(catalog, harness.options(refresh: true)).run()
    #expect(harness.fake.requestCount == 2)
    let entry = harness.cacheFiles().first { $0.key.hasSuffix(".entry") }
    let header = try #require(entry?.value.split(separator: "\n").first)
    #expect(header.hasPrefix(#"{"format":1,"#))
    #expect(!header.contains("pinned"))
  }
}
