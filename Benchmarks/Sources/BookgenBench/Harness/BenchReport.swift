import Foundation

/// The Markdown report of one run: every scenario's figures, bookgen beside Hugo, the targets
/// marked ✓ or ✗, and what each full build's output weighs, by part.
struct BenchReport {
  var measurements: [Measurement]
  var hugo: [HugoComparison.Result] = []
  var fetch: [FetchLatencyBench.Result] = []
  var imported: ImportBench.Result?
  var options: BenchOptions
  /// `bookgen serve`'s rebuilds after edits, per size.
  var served: [ServeBench.Result] = []

  var markdown: String {
    // Stage columns in the order bookgen printed them, whatever stages it reports.
    var stages: [String] = []
    for m in measurements {
      for (stage, _) in m.stages where !stages.contains(stage) { stages.append(stage) }
    }
    var lines = [
      "Outputs in \(options.out)/<N>/ (\(FileSystem.kind(of: options.out))); "
        + "\(ProcessInfo.processInfo.activeProcessorCount) cores; "
        + (options.runs == 1
          ? "one run per scenario."
          : "median of \(options.runs) runs per scenario (one when a run takes over "
            + "\(Int(BenchHarness.repeatLimit)) s); peak RSS: the largest of the runs."),
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
        "| \(m.size) | \(m.scenario.rawValue) | \(Self.seconds(m.seconds)) | \(Self.megabytes(m.peakRSS)) | "
          + "\(m.files) | \(m.writtenFiles) | \(Self.megabytes(m.writtenBytes)) |"
          + values.map { " \($0) |" }.joined())
    }
    // A build that wrote fewer files than there are books did not build what the cache holds.
    for m in measurements where m.scenario.isFullBuild && m.failure == nil && m.files < m.size {
      lines += ["", "Warning: the \(m.size)-book \(m.scenario.rawValue) left only \(m.files) files."]
    }
    if !hugo.isEmpty {
      lines += [
        "", "bookgen and Hugo from nothing, in turns (median of \(options.runs) pairs):", "",
        "| N | bookgen s | Hugo s | ratio | bookgen peak RSS MB | Hugo peak RSS MB |",
        "|---:|---:|---:|---:|---:|---:|",
      ]
      for side in hugo {
        lines.append(
          "| \(side.size) | \(Self.seconds(side.bookgenSeconds)) | \(Self.seconds(side.hugoSeconds)) | "
            + String(format: "%.3f×", side.ratio)
            + " | \(Self.megabytes(side.bookgenPeakRSS)) | \(Self.megabytes(side.hugoPeakRSS)) |")
      }
    }
    lines += ["", "Targets (release build, offline, warm fetch cache):", ""]
    lines += Targets(measurements: measurements, hugo: hugo, fetch: fetch, imported: imported).lines.map {
      "- \($0)"
    }
    lines += served.flatMap(ServeBench.target).map { "- \($0)" }
    lines += weightLines
    return lines.joined(separator: "\n")
  }

  /// Each full build's output, then its bytes by part.
  private var weightLines: [String] {
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

  static func seconds(_ value: Double) -> String { String(format: "%.3f", value) }
  static func megabytes(_ bytes: Int) -> String { String(format: "%.1f", Double(bytes) / 1e6) }
  static func kilobytes(_ bytes: Int) -> String { String(format: "%.2f", Double(bytes) / 1e3) }
}
