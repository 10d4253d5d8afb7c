import Testing

@testable import BookgenBench

/// `make bench` marks issue 17's speed, memory and rebuild targets from the measurements: each
/// mark flips at its limit, and a target without a measurement says so instead of passing.
@Suite struct Issue17TargetsTests {
  static func measurement(_ size: Int, _ scenario: Scenario, seconds: Double, rss: Int) -> Measurement {
    Measurement(
      size: size, scenario: scenario, seconds: seconds, peakRSS: rss, files: size, bytes: 0, writtenFiles: 0,
      writtenBytes: 0, stages: [], weight: nil, breakdown: nil, failure: nil, status: 0, stderr: "")
  }

  static func hugo(bookgen: [Double], hugo: [Double]) -> HugoComparison.Result {
    HugoComparison.Result(
      size: 10_000,
      bookgen: bookgen.map { .init(status: 0, seconds: $0, peakRSS: 110_000_000, stderr: "") },
      hugo: hugo.map { .init(status: 0, seconds: $0, peakRSS: 450_000_000, stderr: "") })
  }

  /// Every target just inside its limit.
  static let passing: [Measurement] = [
    measurement(10_000, .fromNothingTmpfs, seconds: 1.2, rss: 119_000_000),
    measurement(10_000, .fullTmpfs, seconds: 1.0, rss: 120_000_000),
    measurement(10_000, .noOpTmpfs, seconds: 0.1, rss: 30_000_000),
    measurement(10_000, .oneBookTmpfs, seconds: 0.1, rss: 60_000_000),
    measurement(10_000, .noteEditedTmpfs, seconds: 0.099, rss: 60_000_000),
    measurement(100_000, .fromNothingTmpfs, seconds: 13.2, rss: 999_000_000),
    measurement(100_000, .fullTmpfs, seconds: 11.0, rss: 1_000_000_000),
    measurement(100_000, .oneBookTmpfs, seconds: 1.0, rss: 999_000_000),
    measurement(100_000, .noteEditedTmpfs, seconds: 1.0, rss: 1_000_000_000),
  ]

  @Test func everyTargetInsideItsLimitIsMarkedMet() {
    let lines = Issue17Targets(
      measurements: Self.passing, hugo: [Self.hugo(bookgen: [0.4, 0.5, 0.6], hugo: [2.0, 2.0, 2.0])]
    ).lines
    #expect(
      lines == [
        "✓ 10k full build ≤ 0.25 × Hugo's in the same run: 0.250× (bookgen 0.500 s, Hugo 2.000 s; "
          + "peak RSS 110 MB and 450 MB)",
        "✓ 10k full build peak RSS ≤ 120 MB: 120.0 MB (full build (tmpfs))",
        "✓ 100k full build ≤ 11 × the 10k one, both from nothing: 11.0× (13.200 s against 1.200 s)",
        "✓ 100k full build peak RSS ≤ 1 GB: 1000.0 MB (full build (tmpfs))",
        "✓ 100k rebuild peak RSS ≤ 1 GB: 1000.0 MB (owner note edited (tmpfs))",
        "✓ 10k no-op rebuild ≤ 0.1 s: 0.100 s",
        "✓ 10k rebuild after one volume changed in the cache ≤ 0.1 × the full build: 0.10× (0.100 s)",
        "✓ 10k rebuild after an owner's note edit ≤ 0.1 × the full build: 0.10× (0.099 s)",
      ])
  }

  @Test func eachTargetPastItsLimitIsMarkedMissed() {
    func over(_ m: Measurement) -> Measurement {
      var m = m
      switch (m.size, m.scenario) {
      case (10_000, .fullTmpfs): m.peakRSS += 1
      case (10_000, .noOpTmpfs): m.seconds = 0.101
      case (10_000, .oneBookTmpfs): m.seconds = 0.101
      case (10_000, .noteEditedTmpfs): m.seconds = 0.11
      case (100_000, .fromNothingTmpfs):
        // Past 11 × the 10k build from nothing (1.2 s), though not 11 × the one beside a state.
        m.seconds = 13.21
        m.peakRSS = 1_000_000_001
      case (100_000, .oneBookTmpfs): m.peakRSS = 1_000_000_001
      default: break
      }
      return m
    }
    // Pairs' ratios 0.26, 0.24, 0.27: the median pair decides, not the medians of the times.
    let lines = Issue17Targets(
      measurements: Self.passing.map(over),
      hugo: [Self.hugo(bookgen: [0.52, 0.48, 0.54], hugo: [2.0, 2.0, 2.0])]
    ).lines
    #expect(lines.allSatisfy { $0.hasPrefix("✗ ") }, "\(lines)")
    #expect(lines.count == 8)
    #expect(lines.contains("✗ 100k rebuild peak RSS ≤ 1 GB: 1000.0 MB (one book changed (tmpfs))"))
    #expect(lines[0].hasPrefix("✗ 10k full build ≤ 0.25 × Hugo's in the same run: 0.260×"))
  }

  /// A missing or failed run is "not measured", never a ✓.
  @Test func aTargetWithoutAMeasurementIsNotMet() {
    var failed = Self.passing
    failed[3].failure = "exit 1"
    let lines = Issue17Targets(measurements: Array(failed.prefix(5)), hugo: []).lines
    #expect(
      lines == [
        "not measured: 10k full build ≤ 0.25 × Hugo's in the same run (give --hugo PATH)",
        "✓ 10k full build peak RSS ≤ 120 MB: 120.0 MB (full build (tmpfs))",
        "not measured: 100k full build ≤ 11 × the 10k one, both from nothing",
        "not measured: 100k full build peak RSS ≤ 1 GB",
        "not measured: 100k rebuild peak RSS ≤ 1 GB",
        "✓ 10k no-op rebuild ≤ 0.1 s: 0.100 s",
        "not measured: 10k rebuild after one volume changed in the cache ≤ 0.1 × the full build",
        "✓ 10k rebuild after an owner's note edit ≤ 0.1 × the full build: 0.10× (0.099 s)",
      ])
  }
}
