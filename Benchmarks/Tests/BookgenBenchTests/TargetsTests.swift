import Testing

@testable import BookgenBench

/// `make bench` marks the speed and memory targets from the measurements: each mark flips at its
/// limit, and a target without a measurement says so instead of passing.
@Suite struct TargetsTests {
  static func measurement(_ size: Int, _ scenario: Scenario, seconds: Double, rss: Int) -> Measurement {
    Measurement(
      size: size, scenario: scenario, seconds: seconds, peakRSS: rss, files: size, bytes: 0, writtenFiles: 0,
      writtenBytes: 0, stages: [], weight: nil, breakdown: nil, failure: nil)
  }

  static func hugo(bookgen: [Double], hugo: [Double]) -> HugoComparison.Result {
    HugoComparison.Result(
      size: 10_000,
      bookgen: bookgen.map { .init(status: 0, seconds: $0, peakRSS: 110_000_000, stderr: "") },
      hugo: hugo.map { .init(status: 0, seconds: $0, peakRSS: 450_000_000, stderr: "") })
  }

  /// Every target just inside its limit.
  static let passing: [Measurement] = [
    measurement(10_000, .fromNothing, seconds: 1.2, rss: 120_000_000),
    measurement(10_000, .noOp, seconds: 0.1, rss: 30_000_000),
    measurement(100_000, .fromNothing, seconds: 13.2, rss: 999_000_000),
    measurement(100_000, .fromNothingIndexPages, seconds: 20, rss: 1_000_000_000),
  ]

  static func speedLines(_ targets: Targets) -> [String] { Array(targets.lines.prefix(5)) }

  @Test func everyTargetInsideItsLimitIsMarkedMet() {
    let targets = Targets(
      measurements: Self.passing, hugo: [Self.hugo(bookgen: [0.8, 0.9, 1.0], hugo: [2.0, 2.0, 2.0])],
      fetch: [
        .init(jobs: 1, requests: 40, seconds: 4.2, maxInFlight: 1),
        .init(jobs: 4, requests: 40, seconds: 1.2, maxInFlight: 4),
      ], imported: .init(rows: 10_000, seconds: 2))
    #expect(
      Self.speedLines(targets) == [
        "✓ 10k full build from nothing ≤ 0.45 × Hugo's, in turns in the same run: 0.450× (bookgen 0.900 s, "
          + "Hugo 2.000 s; peak RSS 110 MB and 450 MB)",
        "✓ 10k peak RSS ≤ 120 MB: 120.0 MB",
        "✓ 100k full build ≤ 11 × the 10k one, both from nothing: 11.0× (13.200 s against 1.200 s)",
        "✓ 100k peak RSS ≤ 1 GB: 1000.0 MB (full build from nothing, default page types)",
        "✓ 10k no-op build ≤ 0.1 s: 0.100 s",
      ])
    #expect(targets.lines.contains("✓ import of 10000 rows offline ≤ 2 s: 2.000 s"))
    #expect(
      targets.lines.last
        == "✓ fetch with 100 ms latency: 4 in flight ≥ 3.5× faster than 1: 4.20 s vs 1.20 s for 40 requests, "
        + "3.50× (at most 4 in flight)")
  }

  @Test func eachTargetPastItsLimitIsMarkedMissed() {
    func over(_ m: Measurement) -> Measurement {
      var m = m
      switch (m.size, m.scenario) {
      case (10_000, .fromNothing): m.peakRSS += 1
      case (10_000, .noOp): m.seconds = 0.101
      case (100_000, .fromNothing): m.seconds = 13.21
      case (100_000, .fromNothingIndexPages): m.peakRSS += 1
      default: break
      }
      return m
    }
    // Pairs' ratios 0.46, 0.44, 0.47: the median pair decides, not the medians of the times.
    let targets = Targets(
      measurements: Self.passing.map(over),
      hugo: [Self.hugo(bookgen: [0.92, 0.88, 0.94], hugo: [2.0, 2.0, 2.0])],
      fetch: [
        .init(jobs: 1, requests: 40, seconds: 4.2, maxInFlight: 1),
        .init(jobs: 4, requests: 40, seconds: 1.21, maxInFlight: 4),
      ], imported: .init(rows: 10_000, seconds: 2.001))
    let lines = Self.speedLines(targets)
    #expect(lines.allSatisfy { $0.hasPrefix("✗ ") }, "\(lines)")
    #expect(
      lines[0].hasPrefix("✗ 10k full build from nothing ≤ 0.45 × Hugo's, in turns in the same run: 0.460×"))
    #expect(targets.lines.contains("✗ import of 10000 rows offline ≤ 2 s: 2.001 s"))
    #expect(targets.lines.last?.hasPrefix("✗ fetch with 100 ms latency") == true)
  }

  /// A missing or failed run is "not measured", never a ✓.
  @Test func aTargetWithoutAMeasurementIsNotMet() {
    var failed = Self.passing
    failed[2].failure = "exit 1"
    failed[3].failure = "exit 1"
    let targets = Targets(measurements: failed)
    #expect(
      Self.speedLines(targets) == [
        "not measured: 10k full build from nothing ≤ 0.45 × Hugo's, in turns in the same run (give --hugo PATH)",
        "✓ 10k peak RSS ≤ 120 MB: 120.0 MB",
        "not measured: 100k full build ≤ 11 × the 10k one, both from nothing",
        "not measured: 100k peak RSS ≤ 1 GB",
        "✓ 10k no-op build ≤ 0.1 s: 0.100 s",
      ])
    #expect(
      targets.lines.contains("not measured: import of 10,000 rows offline ≤ 2 s (run without --no-import)"))
    #expect(targets.lines.last == "not measured: fetch with 100 ms latency: 4 in flight ≥ 3.5× faster than 1")
  }
}

@Suite struct ServeBenchTests {
  /// Serve's summary gives milliseconds under a second, seconds above.
  @Test func theRebuildTimeIsReadFromTheSummary() {
    #expect(
      ServeBench.seconds(inSummary: "Built 1,000 books, 1,049 pages (4 rendered again) in 84 ms") == 0.084)
    #expect(ServeBench.seconds(inSummary: "Built 10,000 books, 10,643 pages in 1.2 s") == 1.2)
    #expect(ServeBench.seconds(inSummary: "Serving http://127.0.0.1:8000/") == nil)
  }

  @Test func theTargetsAreMarked() {
    let result = ServeBench.Result(
      size: 10_000, noteEdits: [0.2, 0.09, 0.1], entryRefreshes: [0.5, 0.4, 0.6])
    #expect(
      ServeBench.target(result) == [
        "serve at 10000: a note edited, page written and reload sent: 100 ms ✓ (goal <= 150 ms)",
        "serve at 10000: one cache entry written again: 500 ms ✗ (goal <= 300 ms)",
      ])
  }
}
