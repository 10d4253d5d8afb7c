/// The named steps of a command: each prints `[2/4] Fetching volumes` (on a terminal or with
/// `--verbose`) and wraps its failure with the step's name.
struct Pipeline: Sendable {
  let context: CommandContext
  let command: CommandName
  let stepCount: Int
  private(set) var index = 0
  /// When the pipeline started, on the environment's clock.
  let start: Double

  init(_ context: CommandContext, command: CommandName, steps: Int) {
    self.context = context
    self.command = command
    self.stepCount = steps
    self.start = context.environment.clock()
  }

  /// Runs one step. `title` is the progress line (`Fetching volumes`), `stage` completes
  /// "failed while …" (`fetching volumes`).
  mutating func step<T>(
    _ title: String, stage: String, _ body: () async throws -> T
  ) async throws -> T {
    index += 1
    context.console.step(index, of: stepCount, title)
    do {
      return try await body()
    } catch let error as CommandError {
      throw error
    } catch {
      throw CommandError.stage(command: command, stage: stage, underlying: error)
    }
  }

  /// Since the pipeline started, as a preview rebuild says it: `84 ms` under a second, else
  /// `1.2 s` (`elapsed`).
  var elapsedForPreview: String {
    let milliseconds = Int(((context.environment.clock() - start) * 1000).rounded())
    return milliseconds < 1000 ? "\(milliseconds) ms" : "\(elapsed) s"
  }

  /// Seconds since the pipeline started, one decimal: `0.4`.
  var elapsed: String {
    let tenths = Int(((context.environment.clock() - start) * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
  }
}
