import Diagnostics

/// Why a catalog could not be loaded; `description` is ready to print to stderr.
package enum CatalogError: Error, Sendable, Equatable, CustomStringConvertible, Diagnosable {
  case fileNotFound(path: String)
  case unreadable(path: String, reason: String)
  /// The file holds no YAML content (only whitespace or comments).
  case empty(path: String)
  /// Every problem found, sorted by position.
  case invalid([Diagnostic])

  /// The problems as diagnostics (one unlocated error for the file-level cases).
  package var diagnostics: [Diagnostic] {
    switch self {
    case .fileNotFound(let path):
      return [
        .error(
          "catalog file '\(path)' not found (create one with 'bookgen init' or pass '--catalog PATH')")
      ]
    case .unreadable(let path, let reason):
      return [.error("cannot read catalog file '\(path)': \(reason)")]
    case .empty(let path):
      return [
        .error(
          "\(path) is empty: add at least 'site' and 'collections'"
            + " (see the catalog reference, docs/catalog.md)")
      ]
    case .invalid(let diagnostics):
      return diagnostics
    }
  }

  /// Every case is about the catalog file the owner wrote.
  package var isInputProblem: Bool { true }
}
