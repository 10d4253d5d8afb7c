/// One problem found in a user's input (or met while working for them), located where it can be
/// fixed: what the CLI prints, clang-style, for an error of any module (`Diagnosable`).
public struct Diagnostic: Sendable, Hashable, Error, CustomStringConvertible {
  public enum Severity: String, Sendable, Hashable {
    case error
    case warning
    case note
  }

  public var severity: Severity
  /// The problem, without location or severity: `unknown key 'titel'`.
  public var message: String
  public var location: SourceLocation?
  /// The text of the line `location` points into, shown under the message with a caret.
  public var sourceLine: String?
  /// How many characters the caret underlines (1 = just `^`).
  public var length: Int
  /// The name the one in the message likely stands for: ` (did you mean 'title'?)`.
  public var suggestion: String?
  /// Lines shown under the diagnostic as they are: the entries a fetch lacks, what to do next.
  public var details: [String]
  /// Remarks shown after it (`note:`), such as where a mismatched section was closed; they go
  /// wherever the diagnostic goes.
  public var notes: [Diagnostic]

  public init(
    _ severity: Severity, _ message: String, at location: SourceLocation? = nil,
    sourceLine: String? = nil, length: Int = 1, suggestion: String? = nil, details: [String] = [],
    notes: [Diagnostic] = []
  ) {
    self.severity = severity
    self.message = message
    self.location = location
    self.sourceLine = sourceLine
    self.length = max(1, length)
    self.suggestion = suggestion
    self.details = details
    self.notes = notes
  }

  public static func error(
    _ message: String, at location: SourceLocation? = nil, sourceLine: String? = nil, length: Int = 1,
    suggestion: String? = nil, details: [String] = []
  ) -> Diagnostic {
    Diagnostic(
      .error, message, at: location, sourceLine: sourceLine, length: length, suggestion: suggestion,
      details: details)
  }

  public static func warning(
    _ message: String, at location: SourceLocation? = nil, sourceLine: String? = nil, length: Int = 1,
    suggestion: String? = nil
  ) -> Diagnostic {
    Diagnostic(
      .warning, message, at: location, sourceLine: sourceLine, length: length, suggestion: suggestion)
  }

  public static func note(_ message: String, at location: SourceLocation? = nil, sourceLine: String? = nil)
    -> Diagnostic
  {
    Diagnostic(.note, message, at: location, sourceLine: sourceLine)
  }

  /// The message with its did-you-mean: `unknown key 'titel' (did you mean 'title'?)`.
  public var text: String {
    guard let suggestion else { return message }
    return message + " (did you mean '\(suggestion)'?)"
  }

  /// The first line only: `catalog.yml:3:5: error: unknown key 'titel' (did you mean 'title'?)`.
  public var headline: String {
    if let location { return "\(location): \(severity.rawValue): \(text)" }
    return "\(severity.rawValue): \(text)"
  }

  /// The source line and the caret under the column, when the diagnostic points into a line.
  public var excerpt: (line: String, caret: String)? {
    guard let location, let sourceLine else { return nil }
    let line = sourceLine.replacingTabs()
    // Columns count Unicode scalars (libyaml's and our lexers' unit); wide CJK characters
    // would need display widths, which a terminal-agnostic tool cannot know.
    let prefix = String(line.unicodeScalars.prefix(max(0, location.column - 1)))
    let padding = String(prefix.map { $0.isWideForCaret ? "  " : " " }.joined())
    return (line, padding + "^" + String(repeating: "~", count: length - 1))
  }

  /// Clang-style rendering: headline, the source line and a caret, the details, then the notes.
  public var description: String {
    var lines = [headline]
    if let excerpt { lines += [excerpt.line, excerpt.caret] }
    lines += details
    lines += notes.map(\.description)
    return lines.joined(separator: "\n")
  }
}

extension Character {
  /// East Asian wide and full-width characters take two terminal cells.
  fileprivate var isWideForCaret: Bool {
    guard let scalar = unicodeScalars.first else { return false }
    switch scalar.value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x20000...0x3FFFD:
      return true
    default:
      return false
    }
  }
}

extension String {
  fileprivate func replacingTabs() -> String {
    String(map { $0 == "\t" ? " " : $0 })
  }
}

/// Several problems reported at once (validation never stops at the first).
package struct DiagnosticList: Error, Sendable, CustomStringConvertible, Diagnosable {
  package var diagnostics: [Diagnostic]

  package init(_ diagnostics: [Diagnostic]) {
    self.diagnostics = diagnostics
  }

  package var isInputProblem: Bool { true }
}

extension Diagnostic: Diagnosable {
  public var diagnostics: [Diagnostic] { [self] }
  public var isInputProblem: Bool { true }
}
