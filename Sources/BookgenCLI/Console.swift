import Diagnostics

/// How much `bookgen` says besides errors.
enum Verbosity: Sendable, Comparable {
  /// Errors only.
  case quiet
  /// Warnings and the final summary; step lines only on a terminal.
  case normal
  /// Everything, step lines included, terminal or not.
  case verbose
}

/// Where a command's words go: results to standard output, everything else to standard error.
struct Console: Sendable {
  let environment: Environment
  var verbosity: Verbosity = .normal

  private var errorStyle: Style {
    Style(enabled: environment.wantsColor(terminal: environment.standardErrorIsTerminal))
  }

  /// Text the user asked for (help, version, `check`'s report): standard output.
  func print(_ text: String) {
    environment.standardOutput.write(text.hasSuffix("\n") ? text : text + "\n")
  }

  /// A progress, status or summary line: standard error, silenced by `--quiet`.
  func status(_ text: String) {
    guard verbosity > .quiet else { return }
    environment.standardError.write(text + "\n")
  }

  /// `[2/4] Fetching volumes`: shown with `--verbose`, or on a terminal unless `--quiet`.
  func step(_ index: Int, of count: Int, _ title: String) {
    let show = verbosity == .verbose || (verbosity == .normal && environment.standardErrorIsTerminal)
    guard show else { return }
    environment.standardError.write(errorStyle.bold("[\(index)/\(count)]") + " \(title)\n")
  }

  /// `timing: model 0.412345` (`--timings`), whatever the verbosity.
  func timing(_ stage: (name: String, seconds: Double)) {
    environment.standardError.write("timing: \(stage.name) \(String(format: "%.6f", stage.seconds))\n")
  }

  /// Extra detail that only `--verbose` prints.
  func detail(_ text: String) {
    guard verbosity == .verbose else { return }
    environment.standardError.write(text + "\n")
  }

  func error(_ message: String) {
    environment.standardError.write(errorStyle.severity(.error) + " \(message)\n")
  }

  func warning(_ message: String) {
    guard verbosity > .quiet else { return }
    environment.standardError.write(errorStyle.severity(.warning) + " \(message)\n")
  }

  /// A clang-style diagnostic, its notes with it: warnings are silenced by `--quiet`, errors
  /// never are.
  func diagnostic(_ diagnostic: Diagnostic) {
    guard diagnostic.severity == .error || verbosity > .quiet else { return }
    environment.standardError.write(errorStyle.render(relative(diagnostic)) + "\n")
  }

  /// A failure that points into no file: `error: …`, then its details and notes.
  func failure(_ diagnostic: Diagnostic) {
    guard diagnostic.location == nil else { return self.diagnostic(diagnostic) }
    error(diagnostic.text)
    rest(of: diagnostic)
  }

  /// `caused by: …` under an error, then the cause's details and notes.
  func cause(_ diagnostic: Diagnostic) {
    cause(diagnostic.location.map { "\($0): \(diagnostic.text)" } ?? diagnostic.text)
    rest(of: diagnostic)
  }

  private func rest(of diagnostic: Diagnostic) {
    diagnostic.details.forEach(hint)
    diagnostic.notes.forEach(self.diagnostic)
  }

  /// Files below the working directory are named relative to it, as the user would type them.
  private func relative(_ diagnostic: Diagnostic) -> Diagnostic {
    var diagnostic = diagnostic
    diagnostic.notes = diagnostic.notes.map(relative)
    if let file = diagnostic.location?.file { diagnostic.location?.file = environment.shown(file) }
    return diagnostic
  }

  /// `See 'bookgen --help'.` under a usage error; never silenced.
  func hint(_ text: String) {
    environment.standardError.write(text + "\n")
  }

  /// `caused by: …` under an error, one line per link of the chain.
  func cause(_ text: String) {
    environment.standardError.write(errorStyle.bold("caused by:") + " \(text)\n")
  }
}
