/// A position in a user-written file (catalog.yml, a template), 1-based; line 0 stands for the
/// whole file.
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

  /// The whole file: for problems with the file itself (unreadable, a link out of its folder).
  public init(file: String) {
    self.init(file: file, line: 0, column: 0)
  }

  /// `file:line:column`, the form editors and terminals turn into links; `file` for line 0.
  public var description: String { line > 0 ? "\(file):\(line):\(column)" : file }

  public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
    (a.file, a.line, a.column) < (b.file, b.line, b.column)
  }
}
