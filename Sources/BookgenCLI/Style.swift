import Diagnostics

/// ANSI styling that turns itself off when colour is not wanted.
struct Style: Sendable {
  let enabled: Bool

  func bold(_ text: String) -> String { wrap(text, "1") }

  /// `error:` red bold, `warning:` magenta bold, `note:` cyan bold, as clang prints them.
  func severity(_ severity: Diagnostic.Severity) -> String {
    let label = severity.rawValue + ":"
    switch severity {
    case .error: return wrap(label, "1;31")
    case .warning: return wrap(label, "1;35")
    case .note: return wrap(label, "1;36")
    }
  }

  /// The diagnostic as `Diagnostic.description` renders it, with the headline and caret coloured.
  func render(_ diagnostic: Diagnostic) -> String {
    guard enabled else { return diagnostic.description }
    var headline = severity(diagnostic.severity) + " " + bold(diagnostic.text)
    if let location = diagnostic.location { headline = bold("\(location):") + " " + headline }
    var lines = [headline]
    if let excerpt = diagnostic.excerpt { lines += [excerpt.line, wrap(excerpt.caret, "1;32")] }
    lines += diagnostic.details
    lines += diagnostic.notes.map(render)
    return lines.joined(separator: "\n")
  }

  private func wrap(_ text: String, _ code: String) -> String {
    enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}
