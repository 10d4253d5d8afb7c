import Diagnostics

/// A template error as a diagnostic: located in its file, its note (where a mismatched section
/// was closed) attached, its did-you-mean apart from the message.
extension MustacheError: Diagnosable {
  public var diagnostics: [Diagnostic] {
    let location =
      file.isEmpty
      ? nil : line > 0 ? SourceLocation(file: file, line: line, column: column) : SourceLocation(file: file)
    var diagnostic = Diagnostic(
      .error, messageWithoutSuggestion, at: location, sourceLine: line > 0 ? sourceLine : nil,
      suggestion: kind.suggestion
    )
    if let note {
      diagnostic.notes = [
        .note(
          note.message, at: SourceLocation(file: file, line: note.line, column: note.column),
          sourceLine: note.sourceLine)
      ]
    }
    return [diagnostic]
  }

  /// Problems in the site's own templates.
  public var isInputProblem: Bool { true }
}

extension MustacheError.Kind {
  /// The name the unknown one likely stands for.
  var suggestion: String? {
    switch self {
    case .unknownPartial(_, let suggestion), .unknownTemplate(_, let suggestion),
      .unknownField(_, _, let suggestion):
      suggestion
    default: nil
    }
  }
}
