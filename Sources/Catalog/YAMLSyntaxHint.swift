import Foundation

/// Plain words for the commonest YAML mistakes, put before libyaml's own description of a
/// syntax error: a tab, an unquoted `: ` inside a value, lines that do not line up, and
/// quotes or brackets left open.
enum YAMLSyntaxHint {
  /// A libyaml error: its `problem`, where it was found (1-based), and the construct it was
  /// reading (`context`, started at `contextLine`).
  struct Failure {
    var problem: String
    var line: Int
    var column: Int
    var context: String?
    var contextLine: Int
    var contextColumn: Int
  }

  /// The hint for `failure` in a document of `lines`, or nil when none fits.
  static func hint(for failure: Failure, lines: [Substring]) -> String? {
    let text = failure.line >= 1 && failure.line <= lines.count ? lines[failure.line - 1] : ""
    let indentation = text.prefix { $0 == " " || $0 == "\t" }
    if indentation.contains("\t") || failure.problem.contains("tab character") {
      return "YAML does not allow tabs for indentation: indent with spaces"
    }
    let context = failure.context ?? ""
    switch failure.problem {
    case "mapping values are not allowed in this context":
      if let quoted = quotedValue(text, colonColumn: failure.column) {
        return "a value containing ': ' must be quoted: \(quoted)"
      }
      return "this line is indented more than the key above it: keys of one mapping must line up"
    case "did not find expected key" where context.contains("block mapping"):
      return "this line does not line up with the keys above it: keys of one mapping start in the same column"
    case "did not find expected '-' indicator":
      return "this line does not line up: the items of the list starting at line \(failure.contextLine) "
        + "each start with '- ' in column \(failure.contextColumn)"
    case "found unexpected end of stream" where context.contains("quoted scalar"):
      return
        "the quote opened at line \(failure.contextLine), column \(failure.contextColumn) is never closed"
    case "did not find expected ',' or '}'", "did not find expected ',' or ']'":
      let bracket = failure.problem.hasSuffix("'}'") ? "{" : "["
      return
        "the '\(bracket)' opened at line \(failure.contextLine), column \(failure.contextColumn) is never "
        + "closed, or an item lacks its ','"
    default:
      return nil
    }
  }

  /// `title: "Dune: Messiah"` for the line `  title: Dune: Messiah` whose second `:` (at
  /// `colonColumn`) libyaml stopped at; nil when that colon ends the line's first key.
  private static func quotedValue(_ line: Substring, colonColumn: Int) -> String? {
    let characters = Array(line.unicodeScalars)
    guard
      let first = characters.indices.first(where: { index in
        characters[index] == ":" && (index + 1 == characters.count || characters[index + 1] == " ")
      }), first + 1 < colonColumn - 1
    else { return nil }
    var key = String(String.UnicodeScalarView(characters[..<first])).trimmingLeadingSpaces
    if key.hasPrefix("- ") { key = String(key.dropFirst(2)) }
    var value = String(String.UnicodeScalarView(characters[(first + 1)...]))
    if let comment = value.range(of: " #") { value = String(value[..<comment.lowerBound]) }
    value = value.trimmingLeadingSpaces.trimmingTrailingSpaces
    let quoted =
      value.contains("\"") ? "'" + value.replacingOccurrences(of: "'", with: "''") + "'" : "\"\(value)\""
    return "\(key): \(quoted)"
  }
}

extension String {
  fileprivate var trimmingLeadingSpaces: String { String(drop { $0 == " " }) }
  fileprivate var trimmingTrailingSpaces: String { String(reversed().drop { $0 == " " }.reversed()) }
}
