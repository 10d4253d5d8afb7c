/// A problem in a template, located clang-style: `file:line:column: error: message`, then the
/// source line and a caret.
public struct MustacheError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What went wrong, with the names involved.
  public enum Kind: Sendable, Equatable {
    /// `{{` without a matching `}}`; carries both delimiters.
    case unclosedTag(open: String, close: String)
    /// `{{}}`, `{{#}}` and the like.
    case emptyTag
    /// A tag name with whitespace inside (`{{first name}}`) or an empty dotted part (`{{a..b}}`).
    case invalidTagName(String)
    /// `{{=<% %>=}}` gone wrong; carries the tag's content.
    case badSetDelimiter(String)
    /// A section, inverted section, parent or block never closed.
    case unclosedSection(name: String)
    /// `{{/name}}` where another section is open; the note locates the close tag.
    case mismatchedClose(opened: String, closed: String)
    /// `{{/name}}` with no section open.
    case unexpectedClose(name: String)
    /// Sections nested deeper than the parser allows.
    case nestingTooDeep(limit: Int)
    /// `{{>name}}` or `{{<name}}` naming no template.
    case unknownPartial(name: String, suggestion: String?)
    /// Partials including each other deeper than the limit; `chain` lists the names, outermost first.
    case recursionTooDeep(chain: [String], limit: Int)
    /// Sections, partials and blocks nested deeper than the renderer allows; `chain` lists the
    /// templates, outermost first.
    case renderTooDeep(chain: [String], limit: Int)
    /// Lint: a template reached again through partials or parents with the same data, so the
    /// render would never end; `chain` runs from its first inclusion to the repeat.
    case endlessRecursion(chain: [String])
    /// The render passed `limit` bytes; `chain` lists the templates, outermost first.
    case outputTooLarge(chain: [String], limit: Int)
    /// Lint: a name no field of the page type provides. `scope` is the dotted prefix it was looked up in.
    case unknownField(name: String, scope: String?, suggestion: String?)
    /// Two files in one folder that both give a template this name (`book.mustache`, `book.html`).
    case duplicateTemplate(name: String, files: [String])
    /// `TemplateLibrary.render` asked for a template the library does not have.
    case unknownTemplate(name: String, suggestion: String?)
    /// A template file or folder that could not be read.
    case unreadable(reason: String)
  }

  /// A second location the message refers to (where a mismatched section was closed).
  public struct Note: Sendable, Equatable {
    public var message: String
    public var line: Int
    public var column: Int
    public var sourceLine: String
  }

  public var kind: Kind
  /// The file as the user sees it, e.g. `templates/book.mustache`.
  public var file: String
  /// 1-based; 0 when the error concerns the whole file.
  public var line: Int
  /// 1-based, counted in Unicode scalars.
  public var column: Int
  public var sourceLine: String
  public var note: Note?

  public init(
    _ kind: Kind, file: String, line: Int = 0, column: Int = 0, sourceLine: String = "",
    note: Note? = nil
  ) {
    self.kind = kind
    self.file = file
    self.line = line
    self.column = column
    self.sourceLine = sourceLine
    self.note = note
  }

  /// The message without location: `section 'authors' opened here is closed by 'author'`.
  public var message: String {
    messageWithoutSuggestion + (kind.suggestion.map { " (did you mean '\($0)'?)" } ?? "")
  }

  /// `message` without its did-you-mean, which a `Diagnostic` carries apart.
  var messageWithoutSuggestion: String {
    switch kind {
    case .unclosedTag(let open, let close):
      return "unclosed tag: '\(open)' has no matching '\(close)'"
    case .emptyTag:
      return "empty tag: a tag needs a name"
    case .invalidTagName(let name):
      return "invalid tag name '\(name)': names are words joined by single dots, without spaces"
    case .badSetDelimiter(let content):
      return
        "bad set-delimiter tag '\(content)': expected two delimiters without whitespace or '=', like {{=<% %>=}}"
    case .unclosedSection(let name):
      return "section '\(name)' opened here is never closed"
    case .mismatchedClose(let opened, let closed):
      return "section '\(opened)' opened here is closed by '\(closed)'"
    case .unexpectedClose(let name):
      return "closing tag '\(name)' has no open section"
    case .nestingTooDeep(let limit):
      return "sections nested more than \(limit) deep"
    case .unknownPartial(let name, _):
      return "unknown partial '\(name)'"
    case .recursionTooDeep(let chain, let limit):
      return "partials nested more than \(limit) deep: \(MustacheError.abbreviate(chain))"
    case .renderTooDeep(let chain, let limit):
      return "sections and partials nested more than \(limit) deep: \(MustacheError.abbreviate(chain))"
    case .endlessRecursion(let chain):
      return
        "endless recursion: '\(chain.last ?? "")' is included again with the same data: \(MustacheError.abbreviate(chain))"
    case .outputTooLarge(let chain, let limit):
      let size = limit % (1 << 20) == 0 ? "\(limit >> 20) MiB" : "\(limit) bytes"
      return
        "the page grows past \(size) while rendering \(MustacheError.abbreviate(chain)): a section repeats too "
        + "often or a value is too large"
    case .unknownField(let name, let scope, _):
      return "unknown field '\(name)'" + (scope.map { " in '\($0)'" } ?? "")
    case .duplicateTemplate(let name, let files):
      return "template '\(name)' is defined by both \(files.joined(separator: " and "))"
    case .unknownTemplate(let name, _):
      return "unknown template '\(name)'"
    case .unreadable(let reason):
      return "cannot read templates: \(reason)"
    }
  }

  /// `file:line:column: error: message` (without position when there is none).
  public var headline: String {
    if file.isEmpty { return "error: \(message)" }
    return line > 0 ? "\(file):\(line):\(column): error: \(message)" : "\(file): error: \(message)"
  }

  public var description: String {
    var text = headline
    if line > 0 { text += "\n" + MustacheError.caret(sourceLine, column: column) }
    if let note {
      text += "\n\(file):\(note.line):\(note.column): note: \(note.message)"
      text += "\n" + MustacheError.caret(note.sourceLine, column: note.column)
    }
    return text
  }

  /// The line, then a caret under `column`; tabs are kept so the caret lines up in a terminal.
  static func caret(_ line: String, column: Int) -> String {
    let padding = line.unicodeScalars.prefix(max(0, column - 1)).map { $0 == "\t" ? "\t" : " " }
    return line + "\n" + padding.joined() + "^"
  }

  /// Long chains keep their first and last three names: `a → b → c → … → x → y → z`.
  static func abbreviate(_ chain: [String]) -> String {
    guard chain.count > 8 else { return chain.joined(separator: " → ") }
    return (chain.prefix(3) + ["…"] + chain.suffix(3)).joined(separator: " → ")
  }
}

/// A lint finding: the same shape as an error (kind, location, clang-style description).
public typealias MustacheDiagnostic = MustacheError
