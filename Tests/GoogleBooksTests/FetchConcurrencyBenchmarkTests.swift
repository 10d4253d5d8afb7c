import Catalog
import Foundation
import GoogleBooks
import TestSupport
import Testing

/// The fetch's concurrency target: with 100 ms of server latency, 4 requests in flight are at least
/// 3.5× faster than 1, measured over HTTP against the in-process fake Google.
///
/// Run: `BOOKGEN_BENCH=1 swift test --filter FetchConcurrencyBenchmark`.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["BOOKGEN_BENCH"] != nil))
struct FetchConcurrencyBenchmarkTests {
  static func fetchSeconds(jobs: Int, ids: [String]) async throws -> Double {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    harness.fake.latency = 0.1
    for id in ids { harness.fake.setVolume(id, json: FakeGoogleBooksFixtures.volume(id)) }
    let catalog = harness.catalog([Collection(title: "Bench", slug: "bench", volumes: ids)])
    let start = ContinuousClock.now
    let result = try await harness.fetcher(catalog, harness.options(jobs: jobs)).run()
    let elapsed = ContinuousClock.now - start
    #expect(result.statistics.requests == ids.count)
    #expect(harness.fake.maxInFlight == jobs)
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  }

  @Test func fourInFlightAreAtLeastThreeAndAHalfTimesFasterThanOne() async throws {
    let ids = (0..<40).map { "bench\($0)" }
    let one = try await Self.fetchSeconds(jobs: 1, ids: ids)
    let four = try await Self.fetchSeconds(jobs: 4, ids: ids)
    print(
      String(
        format: "fetch 40 volumes, 100 ms latency: 1 in flight %.2f s, 4 in flight %.2f s, speed-up %.2f×",
        one, four, one / four))
    #expect(one / four >= 3.5)
  }
}
