/// An error that says what went wrong as diagnostics (severity, location, message, notes,
/// did-you-mean), so whoever shows it — the CLI, the preview's error page — prints any module's
/// error without knowing its type. Every module's error adopts it.
public protocol Diagnosable: Error {
  /// The problems, in the order they are shown; each carries its own notes.
  var diagnostics: [Diagnostic] { get }

  /// Whether the diagnostics point into what the owner wrote (the catalog, templates): shown as
  /// they are, before the step that failed. Otherwise (the default) they are why an operation
  /// failed, shown after it: `error: 'bookgen build' failed while …`, then `caused by: …`.
  var isInputProblem: Bool { get }
}

extension Diagnosable {
  public var isInputProblem: Bool { false }
}

extension Diagnosable where Self: CustomStringConvertible {
  /// The diagnostics clang-style, one after the other: `error: …` lines a log can show.
  public var description: String {
    diagnostics.map(\.description).joined(separator: "\n")
  }
}
