import Foundation

/// Runs the mode the options ask for.
struct BenchCommand {
  var options: BenchOptions

  func run() async throws -> Int32 {
    switch options.mode {
    case .help:
      print(BenchOptions.help)
      return 0
    case .generate:
      for size in options.sizes { _ = try await prepare(size) }
      return 0
    case .verify:
      for size in options.sizes {
        let writer = try await prepare(size)
        let started = Date()
        let report = try DatasetVerifier(writer: writer).verify()
        log("verify \(size): \(report.lines.joined(separator: "\n  "))")
        log(String(format: "verify \(size): read and decoded in %.2f s", Date().timeIntervalSince(started)))
        guard report.problems.isEmpty else { throw BenchError.verificationFailed(report.problems) }
        log("verify \(size): OK")
      }
      return 0
    case .fetchLatency:
      let results = try await measureFetchLatency()
      print(BenchReport(measurements: [], fetch: results, options: options).fetchTarget)
      return 0
    case .importOnly:
      let result = try await ImportBench(bookgen: options.bookgen, runs: options.runs).run()
      print(ImportBench.targets(result, rows: 1000).joined(separator: "\n"))
      return 0
    case .run:
      let measurements = try await BenchHarness(options: options).run { size in try await prepare(size) }
      var sideBySide: [HugoComparison.Result] = []
      if let hugo = options.hugo {
        for size in options.sizes where size <= 10_000 {
          sideBySide.append(try HugoComparison(options: options, hugo: hugo).run(try await prepare(size)))
        }
      }
      let fetch = options.fetchLatency ? try await measureFetchLatency() : []
      let imported =
        options.importBench ? try await ImportBench(bookgen: options.bookgen, runs: options.runs).run() : nil
      var report = BenchReport(measurements: measurements, fetch: fetch, hugo: sideBySide, options: options)
      report.imported = imported
      print(report.markdown)
      return measurements.contains { $0.failure != nil } ? 1 : 0
    }
  }

  /// The fetch stage with 100 ms of latency per request, 1 then 4 requests in flight.
  func measureFetchLatency() async throws -> [FetchLatencyBench.Result] {
    var results: [FetchLatencyBench.Result] = []
    for jobs in [1, 4] {
      let result = try await FetchLatencyBench(seed: options.seed).run(jobs: jobs)
      log(
        String(
          format: "fetch, 100 ms latency, %d in flight: %d requests in %.2f s (at most %d at once)", jobs,
          result.requests, result.seconds, result.maxInFlight))
      results.append(result)
    }
    return results
  }

  /// The dataset for `size`, generated unless an identical one is already there.
  func prepare(_ size: Int) async throws -> DatasetWriter {
    let writer = DatasetWriter(
      directory: options.out + "/\(size)", plan: DatasetPlan(count: size), seed: options.seed)
    if writer.isCurrent {
      log("dataset \(size): reusing \(writer.directory)")
      try writer.writeCatalogs()
      return writer
    }
    let started = Date()
    let entries = try await writer.write(jobs: options.jobs)
    let seconds = Date().timeIntervalSince(started)
    let bytes = OutputStats.scan(writer.directory + "/cache").bytes
    log(
      String(
        format: "dataset \(size): %d cache entries, %.1f MB, generated in %.2f s → %@", entries,
        Double(bytes) / 1e6, seconds, writer.directory))
    return writer
  }
}

/// Progress goes to stderr; the result table goes to stdout.
func log(_ message: String) {
  FileHandle.standardError.write(Data((message + "\n").utf8))
}
