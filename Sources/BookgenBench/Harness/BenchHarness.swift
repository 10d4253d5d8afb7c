import Foundation

/// Times `bookgen build --offline --timings` over each dataset, in every `Scenario`.
struct BenchHarness {
  var options: BenchOptions
  /// Runs longer than this (seconds) are not repeated.
  static let repeatLimit = 10.0

  func run(prepare: (Int) async throws -> DatasetWriter) async throws -> [Measurement] {
    guard FileManager.default.isExecutableFile(atPath: options.bookgen) else {
      throw BenchError.usage(
        "no bookgen executable at '\(options.bookgen)' (build it with `swift build -c release --product bookgen`)"
      )
    }
    var results: [Measurement] = []
    for size in options.sizes {
      let writer = try await prepare(size)
      results += try measure(writer)
    }
    return results
  }

  private func measure(_ writer: DatasetWriter) throws -> [Measurement] {
    let size = writer.plan.count
    let tmpfsOutput = writer.directory + "/public"
    let diskOutput = (options.disk ?? "") + "/\(size)/public"
    // The volume whose page the one-book scenario rewrites: the middle of the catalog.
    let changed = size / 2
    var results: [Measurement] = []
    // A bookgen without `--timings` still gets timed, with no stage columns.
    var timings = true
    defer {
      try? writer.rewritePage(holding: changed, changed: false)
      try? writer.rewriteCatalog(noteEdited: false)
    }
    for scenario in Scenario.allCases where options.disk != nil || !scenario.onDisk {
      let output =
        scenario.onDisk
        ? diskOutput : scenario.hasIndexPages ? writer.directory + "/public-index-pages" : tmpfsOutput
      var runs: [Measurement] = []
      for run in 0..<(scenario.isFullBuild ? max(1, options.runs) : options.runs) {
        if scenario.startsFromNothing {
          Self.removeBuildLeftovers(output: output)
        } else if scenario.isFullBuild {
          try? FileManager.default.removeItem(atPath: output)
        }
        try FileManager.default.createDirectory(
          atPath: (output as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        // Alternate the title so every one-book run really has a change to pick up.
        if scenario.changesOneBook { try writer.rewritePage(holding: changed, changed: run % 2 == 0) }
        if scenario.editsNote { try writer.rewriteCatalog(noteEdited: run % 2 == 0) }
        var measurement = try time(writer, scenario, output: output, timings: timings)
        if timings, measurement.failure != nil, measurement.status == 64,
          measurement.stderr.contains("--timings")
        {
          log("bookgen does not know --timings: reading the render stages --verbose prints")
          timings = false
          if scenario.isFullBuild { try? FileManager.default.removeItem(atPath: output) }
          measurement = try time(writer, scenario, output: output, timings: false)
        }
        runs.append(measurement)
        log(Self.progressLine(measurement))
        // A slow build is not repeated: its noise is small next to its length.
        if measurement.failure != nil || measurement.seconds > Self.repeatLimit { break }
      }
      if scenario.changesOneBook { try writer.rewritePage(holding: changed, changed: false) }
      if scenario.editsNote { try writer.rewriteCatalog(noteEdited: false) }
      let median = runs.sorted { $0.seconds < $1.seconds }[runs.count / 2]
      results.append(runs.first { $0.failure != nil } ?? median)
      // Rebuilds mean nothing without a good full build before them.
      if scenario.isFullBuild && runs.contains(where: { $0.failure != nil }) {
        break
      }
    }
    return results
  }

  private func time(_ writer: DatasetWriter, _ scenario: Scenario, output: String, timings: Bool) throws
    -> Measurement
  {
    let before = OutputStats.scan(output)
    let arguments =
      [
        options.bookgen, "build", "--offline", "--catalog",
        scenario.hasIndexPages ? writer.indexPagesCatalogPath : writer.catalogPath, "--output", output,
      ]
      + (timings ? ["--timings"] : ["--verbose"])
    let outcome = try ChildProcess(arguments: arguments).run()
    let after = OutputStats.scan(output)
    let written = OutputStats.written(before: before, after: after)
    var failure: String?
    if outcome.status != 0 {
      let tail = outcome.stderr.split(whereSeparator: \.isNewline).suffix(5).joined(separator: " | ")
      failure = "exit \(outcome.status): \(tail)"
    }
    return Measurement(
      size: writer.plan.count, scenario: scenario, seconds: outcome.seconds, peakRSS: outcome.peakRSS,
      files: after.count, bytes: after.bytes, writtenFiles: written.files, writtenBytes: written.bytes,
      stages: TimingLines.parse(outcome.stderr), weight: scenario.isFullBuild ? PageWeight(after) : nil,
      breakdown: scenario.isFullBuild && !scenario.onDisk && !scenario.startsFromNothing
        ? OutputBreakdown.measure(after, root: output) : nil,
      failure: failure, status: outcome.status,
      stderr: outcome.stderr)
  }

  /// Removes the output folder and everything bookgen keeps beside it (`.NAME.bookgen-*`: the
  /// twin, manifests, lock and state files), and nothing else of its parent folder.
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
    let name = m.scenario.rawValue.padding(toLength: 39, withPad: " ", startingAt: 0)
    return "\(m.size) \(name) " + String(format: "%.3f s, %.0f MB RSS", m.seconds, Double(m.peakRSS) / 1e6)
      + ", \(m.files) files (\(m.writtenFiles) written)\(status)"
  }
}
