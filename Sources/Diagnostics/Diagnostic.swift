/// One problem found in a user's input, located where it can be fixed.
public struct Diagnostic: Sendable, Hashable, Error, CustomStringConvertible {
  public enum Severity: String, Sendable, Hashable {
    case error
    case warning
    case note
  }

  public var severity: Severity
  public var message: String
  public var location: SourceLocation?
  /// The text of the line `location` points into, shown under the message with a caret.
  public var sourceLine: String?
  /// How many characters the caret underlines (1 = just `^`).
  public var length: Int

  public init(
    _ severity: Severity, _ message: String, at location: SourceLocation? = nil,
    sourceLine: String? = nil, length: Int = 1
  ) {
    self.severity = severity
    self.message = message
    self.location = location
    self.sourceLine = sourceLine
    self.length = max(1, length)
  }

  public static func error(
    _ message: String, at location: SourceLocation? = nil, sourceLine: String? = nil, length: Int = 1
  ) -> Diagnostic {
    Diagnostic(.error, message, at: location, sourceLine: sourceLine, length: length)
  }

  public static func warning(
    _ message: String, at location: SourceLocation? = nil, sourceLine: String? = nil, length: Int = 1
  ) -> Diagnostic {
    Diagnostic(.warning, message, at: location, sourceLine: sourceLine, length: length)
  }

  /// The first line only: `catalog.yml:3:5: error: unknown key 'titel' (did you mean 'title'?)`.
  public var headline: String {
    if let location { return "\(location): \(severity.rawValue): \(message)" }
    return "\(severity.rawValue): \(message)"
  }

  /// Clang-style rendering: headline, then the source line and a caret under the column.
  public var description: String {
    guard let location, let sourceLine else { return headline }
    let line = sourceLine.replacingTabs()
    // Columns count Unicode scalars (libyaml's and our lexers' unit); wide CJK characters
    // would need display widths, which a terminal-agnostic tool cannot know.
    let prefix = String(line.unicodeScalars.prefix(max(0, location.column - 1)))
    let padding = String(prefix.map { $0.isWideForCaret ? "  " : " " }.joined())
    let marker = "^" + String(repeating: "~", count: length - 1)
    return "\(headline)\n\(line)\n\(padding)\(marker)"
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
public struct DiagnosticList: Error, Sendable, CustomStringConvertible {
  public var diagnostics: [Diagnostic]

  public init(_ diagnostics: [Diagnostic]) {
    self.diagnostics = diagnostics
  }

  public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }

  public var description: String {
    diagnostics.map(\.description).joined(separator: "\n")
  }
}
