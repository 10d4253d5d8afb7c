/// One timed situation of `bookgen build`.
enum Scenario: String, CaseIterable, Sendable {
  /// A full build with nothing beside the output either: no twin, manifests or state files
  /// (each run removes them), as a site's first build, or one after `bookgen clean`. The 100k
  /// and 10k builds are compared this way: the bench's single 100k run cannot be set against
  /// the median of 10k builds that read the state their previous run left.
  case fromNothingTmpfs = "full build from nothing (tmpfs)"
  /// A full build into an empty output, beside the state the previous build left (as the
  /// issue's harness runs it, and as a scheduled CI build on a kept workspace does).
  case fullTmpfs = "full build (tmpfs)"
  case noOpTmpfs = "no-op rebuild (tmpfs)"
  case oneBookTmpfs = "one book changed (tmpfs)"
  /// The owner's note on one book edited in `catalog.yml`.
  case noteEditedTmpfs = "owner note edited (tmpfs)"
  /// The same books with the default page types (`IndexPage.defaults`' index pages).
  case fullIndexPagesTmpfs = "full build, default page types (tmpfs)"
  case fullDisk = "full build (ext4)"
  case noOpDisk = "no-op rebuild (ext4)"
  case oneBookDisk = "one book changed (ext4)"

  var onDisk: Bool { self == .fullDisk || self == .noOpDisk || self == .oneBookDisk }
  var isFullBuild: Bool {
    self == .fromNothingTmpfs || self == .fullTmpfs || self == .fullDisk || self == .fullIndexPagesTmpfs
  }
  /// Whether each run also removes what builds keep beside the output (`fromNothingTmpfs`).
  var startsFromNothing: Bool { self == .fromNothingTmpfs }
  var hasIndexPages: Bool { self == .fullIndexPagesTmpfs }
  var changesOneBook: Bool { self == .oneBookTmpfs || self == .oneBookDisk }
  var editsNote: Bool { self == .noteEditedTmpfs }
}

/// The measured figures of one scenario (the median run when there were several).
struct Measurement {
  var size: Int
  var scenario: Scenario
  var seconds: Double
  var peakRSS: Int
  /// All files in the output folder after the run.
  var files: Int
  var bytes: Int
  /// Files the run created or replaced, and their bytes.
  var writtenFiles: Int
  var writtenBytes: Int
  var stages: [(stage: String, seconds: Double)]
  /// The output's weight after a full build (nil for rebuilds, which leave the same files).
  var weight: PageWeight?
  /// The output's bytes by part after a full build on tmpfs (nil otherwise).
  var breakdown: OutputBreakdown?
  /// Set when bookgen failed: its exit status and the end of its stderr.
  var failure: String?
  var status: Int32
  var stderr: String
}
