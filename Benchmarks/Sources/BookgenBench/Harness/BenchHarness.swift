import Foundation

/// Times `bookgen build --offline --timings` over each dataset, in every `Scenario`.
struct BenchHarness {
  var options: BenchOptions
  /// Runs longer than this (seconds) are not repeated.
  static let repeatLimit = 10.0

  func measure(_ dataset: Dataset) throws -> [Measurement] {
    var results: [Measurement] = []
    for scenario in Scenario.allCases {
      let output = dataset.directory + (scenario.hasIndexPages ? "/public-index-pages" : "/public")
      var runs: [Measurement] = []
      for _ in 0..<options.runs {
        if scenario.isFullBuild { Self.removeBuildLeftovers(output: output) }
        let measurement = try time(dataset, scenario, output: output)
        runs.append(measurement)
        log(Self.progressLine(measurement))
        // A slow build is not repeated: its noise is small next to its length.
        if measurement.failure != nil || measurement.seconds > Self.repeatLimit { break }
      }
      if let failed = runs.first(where: { $0.failure != nil }) {
        results.append(failed)
        // A no-op build means nothing without a good full build before it.
        if scenario.isFullBuild { break }
        continue
      }
      var median = runs.sorted { $0.seconds < $1.seconds }[runs.count / 2]
      median.peakRSS = runs.map(\.peakRSS).max() ?? 0
      results.append(median)
    }
    return results
  }

  private func time(_ dataset: Dataset, _ scenario: Scenario, output: String) throws -> Measurement {
    let before = OutputStats.scan(output)
    let catalog = scenario.hasIndexPages ? dataset.indexPagesCatalogPath : dataset.catalogPath
    let outcome = try ChildProcess(arguments: [
      options.bookgen, "build", "--offline", "--catalog", catalog, "--output", output, "--timings",
    ]).run()
    let after = OutputStats.scan(output)
    let written = OutputStats.written(before: before, after: after)
    var failure: String?
    if outcome.status != 0 {
      let tail = outcome.stderr.split(whereSeparator: \.isNewline).suffix(5).joined(separator: " | ")
      failure = "exit \(outcome.status): \(tail)"
    }
    return Measurement(
      size: dataset.plan.count, scenario: scenario, seconds: outcome.seconds, peakRSS: outcome.peakRSS,
      files: after.count, bytes: after.bytes, writtenFiles: written.files, writtenBytes: written.bytes,
      stages: TimingLines.parse(outcome.stderr), weight: scenario.isFullBuild ? PageWeight(after) : nil,
      breakdown: scenario.isFullBuild ? OutputBreakdown.measure(after, root: output) : nil,
      failure: failure)
  }

  /// Removes the output folder and everything bookgen keeps beside it (`.NAME.bookgen-*`), and
  /// nothing else of its parent folder.
  static func removeBuildLeftovers(output: String) {
    let parent = (output as NSString).deletingLastPathComponent
    let prefix = "." + (output as NSString).lastPathComponent + ".bookgen-"
    try? FileManager.default.removeItem(atPath: output)
    for name in (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []
    where name.hasPrefix(prefix) {
      try? FileManager.default.removeItem(atPath: parent + "/" + name)
    }
  }

  private static func progressLine(_ m: Measurement) -> String {
    let status = m.failure.map { " FAILED (\($0))" } ?? ""
    let name = m.scenario.rawValue.padding(toLength: 44, withPad: " ", startingAt: 0)
    return "\(m.size) \(name) " + String(format: "%.3f s, %.0f MB RSS", m.seconds, Double(m.peakRSS) / 1e6)
      + ", \(m.files) files (\(m.writtenFiles) written)\(status)"
  }
}
