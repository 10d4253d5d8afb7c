import Testing

@testable import Support

/// One stage timer for the CLI's `--timings` and the render's stage report (they were
/// `StageTimer` and `StageClock`, the same laps on two clocks).
@Suite struct StageTimerTests {
  /// A clock that reads 0, 1, 3, 6, … seconds: each reading one second longer than the last.
  final class Readings: @unchecked Sendable {
    private var step = 0.0
    private var now = 0.0

    func read() -> Double {
      defer {
        step += 1
        now += step
      }
      return now
    }
  }

  @Test func lapsCountFromThePreviousOneAndTheTotalFromTheStart() {
    let readings = Readings()
    var timer = StageTimer(clock: { readings.read() })
    timer.lap("catalog")
    timer.add([(name: "model", seconds: 0.5), (name: "write", seconds: 0.25)])
    timer.lap("after")
    timer.total()
    #expect(timer.stages.map(\.name) == ["catalog", "model", "write", "after", "total"])
    #expect(timer.stages.map(\.seconds) == [1, 0.5, 0.25, 3, 10])
  }

  @Test func withoutAClockNothingIsRecordedOrRead() {
    var timer = StageTimer(clock: nil)
    timer.lap("catalog")
    timer.add([(name: "model", seconds: 1)])
    timer.total()
    #expect(timer.stages.isEmpty)
  }

  @Test func durationsKeepTheirFraction() {
    #expect(StageTimer.seconds(.milliseconds(1500)) == 1.5)
    #expect(StageTimer.seconds(.nanoseconds(250)) == 2.5e-7)
    let first = StageTimer.monotonic()
    #expect(StageTimer.monotonic() >= first)
  }
}
