/// One timed situation of `bookgen build --offline`.
enum Scenario: String, CaseIterable, Sendable {
  /// The reference site built with nothing beside the output (each run first removes the output
  /// and every `.NAME.bookgen-*` beside it), as every CI build that keeps only the fetch cache
  /// runs, and as a site's first build.
  case fromNothing = "full build from nothing"
  /// The same build again with nothing changed, on the output the last full build left.
  case noOp = "no-op build"
  /// The same books with the default page types (author, category… pages), from nothing.
  case fromNothingIndexPages = "full build from nothing, default page types"

  var isFullBuild: Bool { self != .noOp }
  var hasIndexPages: Bool { self == .fromNothingIndexPages }
}

/// The measured figures of one scenario (the median run when there were several).
struct Measurement {
  var size: Int
  var scenario: Scenario
  var seconds: Double
  /// The largest peak RSS of the scenario's runs.
  var peakRSS: Int
  /// All files in the output folder after the run.
  var files: Int
  var bytes: Int
  /// Files the run created or replaced, and their bytes.
  var writtenFiles: Int
  var writtenBytes: Int
  var stages: [(stage: String, seconds: Double)]
  /// The output's weight after a full build (nil for the no-op build, which leaves the same files).
  var weight: PageWeight?
  /// The output's bytes by part after a full build (nil for the no-op build).
  var breakdown: OutputBreakdown?
  /// Set when bookgen failed: its exit status and the end of its stderr.
  var failure: String?
}
