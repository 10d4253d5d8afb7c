/// The durations of a run's stages, as `--timings` and `--verbose` report them (never written
/// into the output): each lap since the previous one, stages measured elsewhere added as they
/// are, and the total. Without a clock it records nothing, and reads no clock.
package struct StageTimer: Sendable {
  /// Seconds from some fixed origin.
  package typealias Clock = @Sendable () -> Double

  /// The process's monotonic clock (`ContinuousClock`), in seconds.
  package static let monotonic: Clock = { seconds(ContinuousClock.now - origin) }
  private static let origin = ContinuousClock.now

  private let clock: Clock?
  private let start: Double
  private var last: Double
  package private(set) var stages: [(name: String, seconds: Double)] = []

  package init(clock: Clock?) {
    self.clock = clock
    start = clock?() ?? 0
    last = start
  }

  /// Records the time since the previous lap (or the start) as stage `name`.
  package mutating func lap(_ name: String) {
    guard let now = clock?() else { return }
    stages.append((name, now - last))
    last = now
  }

  /// Records stages another part measured (the render's), and starts the next lap now.
  package mutating func add(_ measured: [(name: String, seconds: Double)]) {
    guard let now = clock?() else { return }
    stages += measured
    last = now
  }

  /// Records the time since the start as `total`.
  package mutating func total() {
    guard let now = clock?() else { return }
    stages.append(("total", now - start))
  }

  /// A duration in seconds, attoseconds included.
  package static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }
}
