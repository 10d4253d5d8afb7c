import Foundation

/// The Markdown table of all measurements, then issue 7's targets marked ✓ or ✗.
struct BenchReport {
  var measurements: [Measurement]
  var fetch: [FetchLatencyBench.Result] = []
  var hugo: [HugoComparison.Result] = []
  var options: BenchOptions
  /// `bookgen import` on a 1,000-row export (issue 16), nil when not run.
  var imported: ImportBench.Result?

  var markdown: String {
    // Stage columns in the order bookgen printed them, whatever stages it reports.
    var stages: [String] = []
    for m in measurements {
      for (stage, _) in m.stages where !stages.contains(stage) { stages.append(stage) }
    }
    var lines = [
      "Output folders: \(options.out)/<N>/public (\(FileSystem.kind(of: options.out))), "
        + (options.disk.map { "\($0)/<N>/public (\(FileSystem.kind(of: $0)))" } ?? "no disk folder") + "; "
        + "\(ProcessInfo.processInfo.activeProcessorCount) cores; "
        + "median of \(options.runs) runs per scenario (one when a run takes over 10 s).",
      "",
      "| N | scenario | wall s | peak RSS MB | files | written files | MB written |"
        + stages.map { " \($0) s |" }.joined(),
      "|---:|---|---:|---:|---:|---:|---:|" + String(repeating: "---:|", count: stages.count),
    ]
    for m in measurements {
      if let failure = m.failure {
        lines.append(
          "| \(m.size) | \(m.scenario.rawValue) | failed: \(failure.replacingOccurrences(of: "|", with: "\\|")) |"
        )
        continue
      }
      let values = stages.map { stage in
        m.stages.first { $0.stage == stage }.map { Self.seconds($0.seconds) } ?? ""
      }
      lines.append(
        "| \(m.size) | \(m.scenario.rawValue) | \(Self.seconds(m.seconds)) | \(Self.megabytes(m.peakRSS)) | \(m.files) | \(m.writtenFiles) | \(Self.megabytes(m.writtenBytes)) |"
          + values.map { " \($0) |" }.joined())
    }
    // A build that wrote fewer files than there are books did not build what the cache holds.
    for m in measurements where m.scenario.isFullBuild && m.failure == nil && m.files < m.size {
      lines.append("")
      lines.append(
        "Warning: the \(m.size)-book \(m.scenario.rawValue) left only \(m.files) files; is the output complete?"
      )
    }
    lines.append("")
    lines.append("Targets (issue 7; release build, warm cache):")
    lines.append("")
    lines += targets.map { "- \($0)" }
    lines += ["", "Targets (issue 17: speed, memory, rebuilds; release build, warm cache):", ""]
    lines += Issue17Targets(measurements: measurements, hugo: hugo).lines.map { "- \($0)" }
    lines += weightLines
    return lines.joined(separator: "\n")
  }

  /// The full builds' output weight, then issue 17's deploy targets marked ✓ or ✗.
  var weightLines: [String] {
    let full = measurements.filter { $0.failure == nil && $0.weight != nil }
    guard !full.isEmpty else { return [] }
    var lines = [
      "", "Output of each full build:", "",
      "| N | scenario | output MB | files | median book page KB | largest file |",
      "|---:|---|---:|---:|---:|---|",
    ]
    for m in full {
      let weight = m.weight!
      lines.append(
        "| \(m.size) | \(m.scenario.rawValue) | \(Self.megabytes(weight.totalBytes)) | \(weight.files) | "
          + (weight.medianBookPage.map(Self.kilobytes) ?? "")
          + " | \(weight.largestFile.map { "\($0.path) (\(Self.megabytes($0.bytes)) MB)" } ?? "") |")
    }
    lines += ["", "Page weight targets (issue 17):", ""]
    lines += weightTargets.map { "- \($0)" }
    let parts = full.compactMap { m in
      m.breakdown.map {
        (label: "\(m.size) \(m.scenario.hasIndexPages ? "default" : "reference")", breakdown: $0)
      }
    }
    if !parts.isEmpty {
      lines += ["", "Output by part (reference: `catalog.yml`; default: the default page types):", ""]
      lines += OutputBreakdown.table(parts)
    }
    return lines
  }

  private var weightTargets: [String] {
    var lines: [String] = []
    func check(
      _ label: String, _ measurement: Measurement?, _ value: (PageWeight) -> Int?, limit: Int,
      _ text: (Int) -> String
    ) {
      guard let weight = measurement?.weight, let value = value(weight) else {
        lines.append("not measured: \(label)")
        return
      }
      lines.append("\(value <= limit ? "✓" : "✗") \(label): \(text(value))")
    }
    let megabytes = { (bytes: Int) in Self.megabytes(bytes) + " MB" }
    let reference = find(10_000, .fullTmpfs)
    check(
      "10k reference site output ≤ 100 MB", reference, \.totalBytes, limit: PageWeight.tenThousandLimit,
      megabytes)
    check(
      "10k median book page ≤ 8 KB", reference, \.medianBookPage, limit: PageWeight.medianBookPageLimit,
      { Self.kilobytes($0) + " KB" })
    check(
      "100k output with the default page types ≤ 1 GB", find(100_000, .fullIndexPagesTmpfs), \.totalBytes,
      limit: PageWeight.siteLimit, megabytes)
    // The largest file of every full build measured, wherever it is.
    let largest = measurements.filter { $0.failure == nil }.compactMap { m in
      m.weight?.largestFile.map { (size: m.size, path: $0.path, bytes: $0.bytes) }
    }.max { $0.bytes < $1.bytes }
    if let largest {
      lines.append(
        "\(largest.bytes <= PageWeight.fileLimit ? "✓" : "✗") no file over 25 MiB: the largest is "
          + "\(largest.path), \(Self.megabytes(largest.bytes)) MB, at \(largest.size) books")
    } else {
      lines.append("not measured: no file over 25 MiB")
    }
    return lines
  }

  private func find(_ size: Int, _ scenario: Scenario) -> Measurement? {
    measurements.first { $0.size == size && $0.scenario == scenario && $0.failure == nil }
  }

  private var targets: [String] {
    var lines: [String] = []
    func check(_ label: String, _ value: String?, _ passed: Bool?) {
      guard let value, let passed else {
        lines.append("not measured: \(label)")
        return
      }
      lines.append("\(passed ? "✓" : "✗") \(label): \(value)")
    }
    func limit(_ size: Int, _ scenario: Scenario, seconds: Double, _ label: String) {
      let m = find(size, scenario)
      check(label, m.map { Self.seconds($0.seconds) + " s" }, m.map { $0.seconds <= seconds })
    }
    limit(10_000, .fullTmpfs, seconds: 0.75, "10k full build ≤ 0.75 s")
    let full10k = find(10_000, .fullTmpfs)
    check(
      "10k full build peak RSS ≤ 120 MB", full10k.map { Self.megabytes($0.peakRSS) + " MB" },
      full10k.map { $0.peakRSS <= 120_000_000 })
    limit(10_000, .noOpTmpfs, seconds: 0.3, "10k no-op rebuild ≤ 0.3 s")
    limit(10_000, .oneBookTmpfs, seconds: 0.3, "10k rebuild after one book changed ≤ 0.3 s")
    limit(100_000, .fullTmpfs, seconds: 8, "100k full build ≤ 8 s")
    let full100k = find(100_000, .fullTmpfs)
    check(
      "100k full build peak RSS ≤ 1 GB", full100k.map { Self.megabytes($0.peakRSS) + " MB" },
      full100k.map { $0.peakRSS <= 1_000_000_000 })
    let ratio = full10k.flatMap { small in full100k.map { $0.seconds / small.seconds } }
    check(
      "100k full build ≤ 11× the 10k one", ratio.map { String(format: "%.1f×", $0) }, ratio.map { $0 <= 11 })
    limit(10_000, .noOpDisk, seconds: 1, "10k no-op rebuild on ext4 < 1 s")
    limit(10_000, .oneBookDisk, seconds: 1, "10k one-book rebuild on ext4 < 1 s")
    lines.append(fetchTarget)
    lines += ImportBench.targets(imported, rows: 1000)
    return lines
  }

  /// Issue 7's fetch target, from `FetchLatencyBench`.
  var fetchTarget: String {
    let label = "fetch with 100 ms latency: 4 in flight ≥ 3.5× faster than 1"
    guard let one = fetch.first(where: { $0.jobs == 1 }), let four = fetch.first(where: { $0.jobs == 4 })
    else {
      return "not measured: \(label)"
    }
    let speedup = one.seconds / four.seconds
    return (speedup >= 3.5 ? "✓ " : "✗ ") + label + ": "
      + String(
        format: "%.2f s vs %.2f s for %d requests, %.2f×", one.seconds, four.seconds, one.requests, speedup)
      + " (at most \(four.maxInFlight) in flight)"
  }

  static func seconds(_ value: Double) -> String { String(format: "%.3f", value) }
  static func megabytes(_ bytes: Int) -> String { String(format: "%.1f", Double(bytes) / 1e6) }
  static func kilobytes(_ bytes: Int) -> String { String(format: "%.2f", Double(bytes) / 1e3) }
}
