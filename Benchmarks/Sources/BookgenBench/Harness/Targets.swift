/// The project's performance goals, each marked ✓ (met), ✗ (missed) or "not measured", from one
/// run's figures.
struct Targets {
  var measurements: [Measurement]
  var hugo: [HugoComparison.Result] = []
  var fetch: [FetchLatencyBench.Result] = []
  var imported: ImportBench.Result?

  var lines: [String] {
    var lines: [String] = []
    func check(_ label: String, _ value: String?, _ passed: Bool?, missing: String = "") {
      guard let value, let passed else {
        lines.append("not measured: \(label)\(missing)")
        return
      }
      lines.append("\(passed ? "✓" : "✗") \(label): \(value)")
    }
    let side = hugo.first { $0.size == 10_000 }
    check(
      "10k full build from nothing ≤ 0.45 × Hugo's, in turns in the same run",
      side.map {
        String(
          format: "%.3f× (bookgen %.3f s, Hugo %.3f s; peak RSS %.0f MB and %.0f MB)", $0.ratio,
          $0.bookgenSeconds, $0.hugoSeconds, Double($0.bookgenPeakRSS) / 1e6, Double($0.hugoPeakRSS) / 1e6)
      }, side.map { $0.ratio <= 0.45 }, missing: " (give --hugo PATH)")
    let full10k = find(10_000, .fromNothing)
    check(
      "10k peak RSS ≤ 120 MB", full10k.map { BenchReport.megabytes($0.peakRSS) + " MB" },
      full10k.map { $0.peakRSS <= 120_000_000 })
    let full100k = find(100_000, .fromNothing)
    let ratio = full10k.flatMap { small in full100k.map { $0.seconds / small.seconds } }
    check(
      "100k full build ≤ 11 × the 10k one, both from nothing",
      ratio.map { String(format: "%.1f× (%.3f s against %.3f s)", $0, full100k!.seconds, full10k!.seconds) },
      ratio.map { $0 <= 11 })
    let largest100k = measurements.filter { $0.size == 100_000 && $0.failure == nil }.max {
      $0.peakRSS < $1.peakRSS
    }
    check(
      "100k peak RSS ≤ 1 GB",
      largest100k.map { BenchReport.megabytes($0.peakRSS) + " MB (\($0.scenario.rawValue))" },
      largest100k.map { $0.peakRSS <= 1_000_000_000 })
    let noOp = find(10_000, .noOp)
    check(
      "10k no-op build ≤ 0.1 s", noOp.map { BenchReport.seconds($0.seconds) + " s" },
      noOp.map { $0.seconds <= 0.1 })
    lines += weightLines
    lines.append(ImportBench.target(imported))
    lines.append(fetchLine)
    return lines
  }

  /// What the output weighs against the hosts' limits and the page-size goal.
  private var weightLines: [String] {
    var lines: [String] = []
    func check(
      _ label: String, _ measurement: Measurement?, _ value: (PageWeight) -> Int?, limit: Int, unit: String
    ) {
      guard let weight = measurement?.weight, let value = value(weight) else {
        lines.append("not measured: \(label)")
        return
      }
      let text = unit == "KB" ? BenchReport.kilobytes(value) : BenchReport.megabytes(value)
      lines.append("\(value <= limit ? "✓" : "✗") \(label): \(text) \(unit)")
    }
    let reference = find(10_000, .fromNothing)
    check("10k site ≤ 100 MB", reference, \.totalBytes, limit: PageWeight.tenThousandLimit, unit: "MB")
    check(
      "10k median book page ≤ 8 KB", reference, \.medianBookPage, limit: PageWeight.medianBookPageLimit,
      unit: "KB")
    check(
      "100k site with the default page types ≤ 1 GB", find(100_000, .fromNothingIndexPages), \.totalBytes,
      limit: PageWeight.siteLimit, unit: "MB")
    // The largest file of every full build measured, wherever it is.
    let largest = measurements.filter { $0.failure == nil }.compactMap { m in
      m.weight?.largestFile.map { (size: m.size, path: $0.path, bytes: $0.bytes) }
    }.max { $0.bytes < $1.bytes }
    if let largest {
      lines.append(
        "\(largest.bytes <= PageWeight.fileLimit ? "✓" : "✗") no file over 25 MiB: the largest is "
          + "\(largest.path), \(BenchReport.megabytes(largest.bytes)) MB, at \(largest.size) books")
    } else {
      lines.append("not measured: no file over 25 MiB")
    }
    return lines
  }

  /// `FetchLatencyBench`'s goal: 4 requests in flight at least 3.5× faster than 1.
  var fetchLine: String {
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

  private func find(_ size: Int, _ scenario: Scenario) -> Measurement? {
    measurements.first { $0.size == size && $0.scenario == scenario && $0.failure == nil }
  }
}
