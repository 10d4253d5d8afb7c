import Site

/// The shells `bookgen completion` writes a script for.
enum Shell: String, Sendable, CaseIterable {
  case bash
  case zsh
  case fish
}

/// `bookgen completion <shell>`: a completion script made from the command table, so a new
/// option completes as soon as `--help` lists it.
enum ShellCompletion {
  static func script(for shell: Shell) -> String {
    switch shell {
    case .bash: bash()
    case .zsh: zsh()
    case .fish: fish()
    }
  }

  /// What follows `bookgen`: the subcommands, and the two options the bare command takes.
  static var commandNames: [String] { CommandSpec.all.map(\.name.rawValue) }
  static var rootOptions: [OptionSpec] { [.help, .version] }

  /// `--jobs` and `-j` for an option that has a short name.
  static func spellings(_ option: OptionSpec) -> [String] {
    [option.longName] + (option.short.map { ["-\($0)"] } ?? [])
  }

  /// The first sentence of a help text, for the shells that show one line per choice.
  static func summary(_ help: String) -> String {
    let sentence = help.split(separator: ". ", maxSplits: 1).first.map(String.init) ?? help
    return sentence.hasSuffix(".") ? String(sentence.dropLast()) : sentence
  }

  /// Text inside single quotes in any of the three shells: `'` ends the quote, so it is written
  /// as `'\''` (bash, zsh) or `\'` (fish, which also escapes `\`).
  static func singleQuoted(_ text: String, for shell: Shell) -> String {
    switch shell {
    case .bash, .zsh: "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    case .fish:
      "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
  }
}

extension DefaultThemeFiles {
  /// What `theme copy` completes: the theme's folders, then its files.
  static var completions: [String] {
    let folders = Set(paths.compactMap { $0.split(separator: "/").dropLast().first.map(String.init) })
    return folders.sorted() + paths
  }
}
