import Foundation

/// Runs the mode the options ask for.
struct BenchCommand {
  var options: BenchOptions

  func run() throws -> Int32 {
    if options.mode == .help {
      print(BenchOptions.help)
      return 0
    }
    guard FileManager.default.isExecutableFile(atPath: options.bookgen) else {
      throw BenchError.usage("no bookgen executable at '\(options.bookgen)' (build it with `make release`)")
    }
    switch options.mode {
    case .help:
      return 0
    case .generate:
      for size in options.sizes { _ = try prepare(size) }
      return 0
    case .verify:
      for size in options.sizes {
        let report = try DatasetVerifier(dataset: try prepare(size), bookgen: options.bookgen).verify()
        log("verify \(size): \(report.lines.joined(separator: "\n  "))")
        guard report.problems.isEmpty else { throw BenchError.verificationFailed(report.problems) }
        log("verify \(size): OK")
      }
      return 0
    case .fetchLatency:
      print(Targets(measurements: [], fetch: try measureFetchLatency()).fetchLine)
      return 0
    case .importOnly:
      print(ImportBench.target(try ImportBench(bookgen: options.bookgen, runs: options.runs).run()))
      return 0
    case .serveOnly:
      for size in options.sizes where size <= 10_000 {
        let result = try ServeBench(bookgen: options.bookgen, dataset: try prepare(size), runs: options.runs)
          .run()
        ServeBench.target(result).forEach { print($0) }
      }
      return 0
    case .run:
      var measurements: [Measurement] = []
      var sideBySide: [HugoComparison.Result] = []
      var served: [ServeBench.Result] = []
      for size in options.sizes {
        let dataset = try prepare(size)
        measurements += try BenchHarness(options: options).measure(dataset)
        if options.serveBench, size <= 10_000 {
          served.append(try ServeBench(bookgen: options.bookgen, dataset: dataset, runs: options.runs).run())
        }
        if let hugo = options.hugo, size <= 10_000 {
          sideBySide.append(try HugoComparison(options: options, hugo: hugo).run(dataset))
        }
      }
      let fetch = options.fetchLatency ? try measureFetchLatency() : []
      let imported =
        options.importBench ? try ImportBench(bookgen: options.bookgen, runs: options.runs).run() : nil
      var report = BenchReport(
        measurements: measurements, hugo: sideBySide, fetch: fetch, imported: imported, options: options)
      report.served = served
      print(report.markdown)
      return measurements.contains { $0.failure != nil } ? 1 : 0
    }
  }

  /// The fetch stage with 100 ms of latency per request, 1 then 4 requests in flight.
  func measureFetchLatency() throws -> [FetchLatencyBench.Result] {
    let results = try FetchLatencyBench(bookgen: options.bookgen, seed: options.seed).run(jobs: [1, 4])
    for result in results {
      log(
        String(
          format: "fetch, 100 ms latency, %d in flight: %d requests in %.2f s (at most %d at once)",
          result.jobs,
          result.requests, result.seconds, result.maxInFlight))
    }
    return results
  }

  /// The dataset for `size`, its cache filled by `bookgen fetch` where it lacks anything.
  func prepare(_ size: Int) throws -> Dataset {
    let dataset = Dataset(
      directory: options.out + "/\(size)", plan: DatasetPlan(count: size), seed: options.seed)
    let preparation = try dataset.prepare(bookgen: options.bookgen)
    if preparation.requests == 0 {
      log("dataset \(size): \(dataset.directory), cache complete")
    } else {
      let bytes = OutputStats.scan(dataset.cacheDirectory).bytes
      log(
        String(
          format: "dataset \(size): %d pages fetched from the mock server in %.2f s, cache %.1f MB → %@",
          preparation.requests, preparation.seconds, Double(bytes) / 1e6, dataset.directory))
    }
    return dataset
  }
}

/// Progress goes to stderr; the result table goes to stdout.
func log(_ message: String) {
  FileHandle.standardError.write(Data((message + "\n").utf8))
}
