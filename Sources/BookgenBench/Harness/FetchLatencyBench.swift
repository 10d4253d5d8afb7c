import Catalog
import Fetching
import Foundation
import GoogleBooks

/// `--fetch-latency`: GoogleBooks' `Fetcher` over a transport that answers every request after
/// a fixed delay, with 1 and with 4 requests in flight (issue 7: ≥ 3.5× faster with 4).
///
/// The transport stands in for the network below HTTP (no sockets), so the figure measures the
/// fetch stage's scheduling: the cap, the paging and the cache writes. Every query has one page,
/// so all requests are independent and could all run at once.
struct FetchLatencyBench {
  struct Result {
    var jobs: Int
    var requests: Int
    var seconds: Double
    /// Most requests the transport saw at the same time.
    var maxInFlight: Int
  }

  var latency = 0.1
  var queries = 40
  var seed = DatasetWriter.defaultSeed

  func run(jobs: Int) async throws -> Result {
    let directory = NSTemporaryDirectory() + "bookgen-bench-fetch-\(getpid())-\(jobs)"
    try? FileManager.default.removeItem(atPath: directory)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let apiURL = "http://latency.invalid/books/v1"
    let writer = DatasetWriter(
      directory: directory, plan: DatasetPlan(count: DatasetPlan.pageSize), seed: seed)
    let planned = (0..<queries).map { number in
      DatasetPlan.Query(
        q: "subject:latency q\(number)",
        volumes: (number * DatasetPlan.pageSize)..<((number + 1) * DatasetPlan.pageSize))
    }
    var bodies: [String: [UInt8]] = [:]
    for query in planned {
      let url = DatasetWriter.request(query, startIndex: 0).urlString(base: apiURL, key: nil)
      bodies[url] = writer.pageBody(query: query, volumes: query.volumes)
    }
    let catalog = Catalog(
      site: SiteSettings(title: "Fetch latency"),
      googleBooks: GoogleBooksSettings(apiURL: apiURL, retries: 0),
      cache: CacheSettings(dir: "cache", maxAge: 86_400),
      collections: [
        Collection(
          title: "Latency", slug: "latency",
          queries: planned.map { Query(q: $0.q, maxResults: $0.maxResults) })
      ],
      directory: directory)
    let transport = LatencyTransport(latency: latency, bodies: bodies)
    let fetcher = Fetcher(
      catalog: catalog, options: FetchOptions(cacheDirectory: catalog.cacheDirectory, jobs: jobs),
      transport: transport)
    let started = ChildProcess.now()
    let result = try await fetcher.run()
    let seconds = ChildProcess.now() - started
    return Result(
      jobs: jobs, requests: result.statistics.requests, seconds: seconds,
      maxInFlight: await transport.counter.peak)
  }
}

/// Answers from a table of bodies after `latency` seconds; 404 for anything else.
struct LatencyTransport: HTTPTransport {
  var latency: Double
  var bodies: [String: [UInt8]]
  let counter = InFlightCounter()

  func get(_ url: String, timeout: Double) async throws(TransportError) -> TransportResponse {
    await counter.enter()
    try? await Task.sleep(nanoseconds: UInt64(latency * 1e9))
    await counter.leave()
    guard let body = bodies[url] else {
      return TransportResponse(
        status: 404, body: Array(#"{"error": {"code": 404, "message": "Not Found"}}"#.utf8))
    }
    return TransportResponse(
      status: 200, headers: ["Content-Type": "application/json; charset=UTF-8"], body: body)
  }
}

/// Counts concurrent requests.
actor InFlightCounter {
  private(set) var current = 0
  private(set) var peak = 0

  func enter() {
    current += 1
    peak = max(peak, current)
  }

  func leave() { current -= 1 }
}
