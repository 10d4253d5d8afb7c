/// The statuses `bookgen` exits with, as documented in docs/cli.md.
enum ExitCode {
  /// The command did what was asked (help and version included).
  package static let success: Int32 = 0
  /// The command ran and failed: invalid catalog, failed fetch or build, problems in the built
  /// site, unsafe folder, or a command this build does not provide yet.
  package static let failure: Int32 = 1
  /// The command line itself was wrong (BSD `EX_USAGE`); nothing was run.
  package static let usage: Int32 = 64
}
