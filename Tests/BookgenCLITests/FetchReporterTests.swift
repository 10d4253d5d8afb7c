import Fetching
import Foundation
import Testing

@testable import BookgenCLI

/// The fetch stage's progress as the command line draws it, from the events alone.
@Suite struct FetchReporterTests {
  /// Collects what a reporter writes.
  final class Output: @unchecked Sendable {
    private let lock = NSLock()
    private var storage = ""
    var text: String { lock.withLock { storage } }
    func write(_ text: String) { lock.withLock { storage += text } }
  }

  @Test func thePlainReporterWritesOneLinePerCollectionAndASummary() {
    let output = Output()
    let reporter = FetchReporter(write: { output.write($0) }, live: false)
    var statistics = FetchStatistics()
    (statistics.requests, statistics.retries, statistics.volumes) = (3, 1, 4)
    reporter.report(.update(statistics))
    reporter.report(.retrying(request: "https://x.test/volumes", retry: 1, delay: 0.75, reason: "HTTP 503"))
    reporter.report(.collectionFetched(slug: "sf", volumes: 3))
    reporter.report(.collectionFetched(slug: "v", volumes: 1))
    reporter.report(.finished(statistics, warnings: 0))
    #expect(
      output.text == """
        fetch: sf: 3 volumes
        fetch: v: 1 volume
        Fetched 4 volumes: 3 requests, 0 cache hits, 1 retry, 0 warnings

        """)
  }

  @Test func theTerminalReporterRewritesOneLineThenPrintsTheSummary() {
    let output = Output()
    let reporter = FetchReporter(write: { output.write($0) }, live: true, minimumInterval: 0)
    var statistics = FetchStatistics()
    statistics.plannedRequests = 3
    statistics.cacheHits = 1
    statistics.requests = 1
    reporter.report(.update(statistics))
    statistics.requests = 3
    statistics.retries = 1
    statistics.cacheHits = 1
    reporter.report(.update(statistics))
    statistics.volumes = 7
    reporter.report(.finished(statistics, warnings: 1))
    #expect(
      output.text
        == "\rfetch: 1/2 requests, 1 cache hits, 0 retries"
        + "\rfetch: 2/2 requests, 1 cache hits, 1 retries"
        + "\r" + String(repeating: " ", count: 44) + "\r"
        + "Fetched 7 volumes: 3 requests, 1 cache hit, 1 retry, 1 warning\n")
  }

  @Test func updatesCloserThanTheIntervalAreNotRedrawn() {
    let output = Output()
    let reporter = FetchReporter(write: { output.write($0) }, live: true, minimumInterval: 60)
    var statistics = FetchStatistics()
    statistics.plannedRequests = 2
    reporter.report(.update(statistics))
    statistics.cacheHits = 2
    reporter.report(.update(statistics))
    #expect(output.text == "\rfetch: 0/2 requests, 0 cache hits, 0 retries")
  }
}
