/// A position in a user-written file (catalog.yml, a template), 1-based.
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The path as it should be shown to the user, e.g. `catalog.yml` or `templates/book.mustache`.
  public var file: String
  public var line: Int
  public var column: Int

  public init(file: String, line: Int, column: Int) {
    self.file = file
    self.line = line
    self.column = column
  }

  /// `file:line:column`, the form editors and terminals turn into links.
  public var description: String { "\(file):\(line):\(column)" }

  public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
    (a.file, a.line, a.column) < (b.file, b.line, b.column)
  }
}
