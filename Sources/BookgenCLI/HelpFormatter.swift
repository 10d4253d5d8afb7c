/// Help text in swift-argument-parser's layout: `OVERVIEW:`, `USAGE:`, then two-column sections.
enum HelpFormatter {
  static let width = 80
  /// Labels longer than this push their description to the next line.
  static let labelWidth = 24
  static let overview = "Build a static website from a catalog of books."

  static func root() -> String {
    var text = "OVERVIEW: \(overview)\n\n"
    text += "USAGE: bookgen <subcommand>\n\n"
    text += section("OPTIONS", rows: [OptionSpec.version, OptionSpec.help].map { ($0.helpLabel, $0.help) })
    text += section("SUBCOMMANDS", rows: CommandSpec.all.map { ($0.name.rawValue, $0.abstract) })
    text += "  See 'bookgen help <subcommand>' for detailed help.\n"
    return text
  }

  static func help(for spec: CommandSpec) -> String {
    var text = "OVERVIEW: \(spec.abstract)\n\n"
    if let discussion = spec.discussion {
      text += wrap(discussion, indent: 0, firstLineUsed: 0) + "\n\n"
    }
    text += "USAGE: \(usage(for: spec))\n\n"
    if !spec.arguments.isEmpty {
      text += section("ARGUMENTS", rows: spec.arguments.map { ($0.label, $0.helpWithDefault) })
    }
    text += section("OPTIONS", rows: spec.allOptions.map { ($0.helpLabel, $0.helpWithDefault) })
    for extra in spec.sections { text += section(extra.title, rows: extra.rows) }
    return String(text.dropLast())
  }

  /// `bookgen init [<dir>] [<options>]`; options are summarised, the help lists them.
  static func usage(for spec: CommandSpec) -> String {
    var parts = ["bookgen", spec.name.rawValue]
    parts += spec.arguments.map(\.usage)
    if !spec.options.isEmpty { parts.append("[<options>]") }
    return parts.joined(separator: " ")
  }

  private static func section(_ title: String, rows: [(label: String, text: String)]) -> String {
    var text = "\(title):\n"
    let column = labelWidth + 2
    for row in rows {
      // A label too long for its column has a line of its own, the text starts on the next.
      let fits = row.label.count <= labelWidth
      text += "  " + row.label + (fits ? "" : "\n")
      text += String(repeating: " ", count: fits ? column - 2 - row.label.count : column)
      text += wrap(row.text, indent: column, firstLineUsed: column) + "\n"
    }
    return text + "\n"
  }

  /// Word-wraps `text` to `width`, continuing lines at `indent`.
  private static func wrap(_ text: String, indent: Int, firstLineUsed: Int) -> String {
    var result = ""
    var used = firstLineUsed
    var lineHasWords = false
    for word in text.split(separator: " ") {
      if lineHasWords, used + 1 + word.count > width {
        result += "\n" + String(repeating: " ", count: indent)
        used = indent
        lineHasWords = false
      }
      if lineHasWords {
        result += " "
        used += 1
      }
      result += word
      used += word.count
      lineHasWords = true
    }
    return result
  }
}
