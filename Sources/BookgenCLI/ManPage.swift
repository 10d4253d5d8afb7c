/// `bookgen help --man`: bookgen(1) in roff, from the command table that `--help` prints, so the
/// two never disagree. No date in the header: the same binary prints the same page.
enum ManPage {
  static func text() -> String {
    // NAME's summary is the overview as a phrase: no capital, no period.
    let overview = HelpFormatter.overview
    var lines = [
      #".TH BOOKGEN 1 "" "bookgen \#(BookgenCLI.version)" "User Commands""#,
      ".SH NAME",
      "bookgen \\- " + escape(overview.prefix(1).lowercased() + overview.dropFirst().dropLast()),
      ".SH SYNOPSIS",
      ".B bookgen",
      ".I subcommand",
      "[\\fIoptions\\fR]",
      ".br",
      ".B bookgen",
      "[\\fB\\-\\-help\\fR|\\fB\\-\\-version\\fR]",
      ".SH DESCRIPTION",
      escape(ManualTopics.description),
      ".PP",
      "Each subcommand prints its own help with",
      ".BR \"bookgen help \\fIsubcommand\\fP\" .",
      ".SH COMMANDS",
    ]
    for spec in CommandSpec.all {
      lines += command(spec)
    }
    lines += [".SH EXIT STATUS"]
    for (code, meaning) in ManualTopics.exitStatuses {
      lines += [".TP", ".B \(code)", escape(meaning)]
    }
    lines += [".SH ENVIRONMENT"]
    for (name, effect) in ManualTopics.environment {
      lines += [".TP", ".B \(name)", escape(effect)]
    }
    lines += [
      ".SH FILES",
      ".TP",
      ".I catalog.yml",
      "The catalog: the site, its sources, collections and notes.",
      ".TP",
      ".I .bookgen\\-cache/",
      "The fetch cache (cache.dir in the catalog).",
      ".TP",
      ".I public/",
      "The built site.",
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  private static func command(_ spec: CommandSpec) -> [String] {
    var lines = [".SS " + quoted(escape(HelpFormatter.usage(for: spec))), escape(spec.abstract)]
    if let discussion = spec.discussion {
      lines += [".PP", escape(discussion)]
    }
    for argument in spec.arguments {
      lines += [".TP", ".I " + quoted(escape(argument.label)), escape(argument.helpWithDefault)]
    }
    for option in spec.allOptions {
      lines += [".TP", label(option), escape(option.helpWithDefault)]
    }
    for section in spec.sections {
      lines += [".PP", escape(section.title.prefix(1) + section.title.dropFirst().lowercased() + ":")]
      for row in section.rows { lines += [".TP", ".B " + quoted(escape(row.label)), escape(row.text)] }
    }
    return lines
  }

  /// `\fB\-j\fR, \fB\-\-jobs\fR \fIn\fR`.
  private static func label(_ option: OptionSpec) -> String {
    var names = option.short.map { ["\\fB\\-\($0)\\fR"] } ?? []
    names.append("\\fB\\-\\-" + escape(option.long) + "\\fR")
    let value = option.valueName.map { " \\fI" + escape($0) + "\\fR" } ?? ""
    return names.joined(separator: ", ") + value
  }

  /// Text as roff reads it: backslashes and hyphens escaped, no line starting with a control
  /// character (`.` or `'`).
  static func escape(_ text: String) -> String {
    let escaped = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
    guard let first = escaped.first, first == "." || first == "'" else { return escaped }
    return "\\&" + escaped
  }

  private static func quoted(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\"", with: "\\(dq") + "\""
  }
}
