import Fetching
import Foundation
import Testing

@testable import Sourcing

/// Several sources' runs shown as one fetch: counters add up, the end is said once.
@Suite struct ProgressRelayTests {
  final class Events: FetchProgress, @unchecked Sendable {
    private let lock = NSLock()
    private var list: [FetchEvent] = []
    var all: [FetchEvent] { lock.withLock { list } }
    func report(_ event: FetchEvent) { lock.withLock { list.append(event) } }
  }

  @Test func countersAddUpAcrossRunsAndOnlyTheWholeFetchEnds() {
    let events = Events()
    let relay = ProgressRelay(events)
    var first = FetchStatistics()
    first.requests = 2
    first.cacheHits = 1
    relay.report(.update(first))
    relay.report(.collectionFetched(slug: "sf", volumes: 3))
    relay.report(.finished(first, warnings: 0))
    relay.finished(first)
    var second = FetchStatistics()
    second.requests = 5
    relay.report(.update(second))
    relay.report(.requestFinished(url: "http://x/api/books", result: "HTTP 200", attempts: 1))
    var sum = FetchStatistics()
    sum.requests = 7
    sum.cacheHits = 1
    #expect(
      events.all == [
        .update(first), .update(sum),
        .requestFinished(url: "http://x/api/books", result: "HTTP 200", attempts: 1),
      ])
  }
}
