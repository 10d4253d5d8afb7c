import Foundation

/// `--fetch-latency`: `bookgen fetch` of 40 one-page queries from a `MockGoogleBooks` server
/// that answers every request 100 ms late, with `--jobs 1` and then `--jobs 4`, each into an
/// empty cache.
///
/// Every query has one page, so all requests are independent and could all run at once: with 4
/// in flight the fetch should take about a quarter of the time (target: at least 3.5× faster).
/// It measures the fetch stage's scheduling, HTTP and cache writes over loopback; the times
/// include bookgen's start and the catalog's load, a few milliseconds.
struct FetchLatencyBench {
  struct Result {
    var jobs: Int
    var requests: Int
    var seconds: Double
    /// Most requests the server answered at the same time.
    var maxInFlight: Int
  }

  var bookgen: String
  var latency = 0.1
  var queries = 40
  var seed = Dataset.defaultSeed

  func run(jobs: [Int]) throws -> [Result] {
    let directory = NSTemporaryDirectory() + "bookgen-bench-fetch-\(getpid())"
    try? FileManager.default.removeItem(atPath: directory)
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let planned = (0..<queries).map { number in
      DatasetPlan.Query(
        q: "subject:latency q\(number)",
        volumes: (number * DatasetPlan.pageSize)..<((number + 1) * DatasetPlan.pageSize))
    }
    let catalogPath = directory + "/catalog.yml"
    try catalog(planned).write(toFile: catalogPath, atomically: true, encoding: .utf8)
    let server = try MockGoogleBooks(queries: planned, seed: seed).start(latency: latency)
    defer { server.stop() }
    var results: [Result] = []
    for count in jobs {
      try? FileManager.default.removeItem(atPath: directory + "/cache")
      server.resetCounts()
      let outcome = try ChildProcess(
        arguments: ["/usr/bin/env", "BOOKGEN_API_URL=\(server.baseURL)\(MockGoogleBooks.basePath)"]
          + [bookgen, "fetch", "--catalog", catalogPath, "--jobs", String(count), "--quiet"]
      ).run()
      guard outcome.status == 0 else {
        throw BenchError.buildFailed(command: "bookgen fetch", status: outcome.status, stderr: outcome.stderr)
      }
      let counts = server.counts
      results.append(
        Result(
          jobs: count, requests: counts.served, seconds: outcome.seconds, maxInFlight: counts.peakInFlight))
    }
    return results
  }

  private func catalog(_ planned: [DatasetPlan.Query]) -> String {
    var lines = [
      "site:", "  title: \"Fetch latency\"", "  base_url: https://bench.example.org/",
      "sources: [google_books]", "cache:", "  dir: cache", "  max_age: 1d", "collections:",
      "  - title: \"Latency\"", "    slug: latency", "    queries:",
    ]
    for query in planned {
      lines += ["      - q: \"\(query.q)\"", "        max_results: \(query.maxResults)"]
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
