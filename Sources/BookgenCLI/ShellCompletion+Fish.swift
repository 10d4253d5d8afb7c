extension ShellCompletion {
  /// `complete` lines for fish, with a helper that tells which argument of which subcommand the
  /// cursor is on (options and their values skipped, as the parser skips them).
  static func fish() -> String {
    var lines = [
      "# fish completion for bookgen, made from its command table by `bookgen completion fish`.",
      "# Install it as ~/.config/fish/completions/bookgen.fish",
      "",
      "# Whether <option> of <command> takes a value.",
      "function __bookgen_takes_value -a command option",
      "    switch \"$command $option\"",
    ]
    for spec in CommandSpec.all {
      let valued = spec.allOptions.filter { !$0.isFlag }.flatMap(spellings)
      guard !valued.isEmpty else { continue }
      let cases = valued.map { singleQuoted("\(spec.name.rawValue) \($0)", for: .fish) }
      lines += ["        case " + cases.joined(separator: " "), "            return 0"]
    }
    lines += [
      "    end",
      "    return 1",
      "end",
      "",
      "# Whether <command> is the subcommand on the line.",
      "function __bookgen_using -a command",
      "    set -l words (commandline -opc)",
      "    set -e words[1]",
      "    for word in $words",
      "        string match -q -- '-*' $word; and continue",
      "        test \"$word\" = \"$command\"",
      "        return",
      "    end",
      "    return 1",
      "end",
      "",
      "# Whether the word being completed is argument <n> of <command> (`<n>+`: that one or later).",
      "function __bookgen_argument -a command n",
      "    set -l words (commandline -opc)",
      "    set -e words[1]",
      "    set -l seen ''",
      "    set -l count 0",
      "    set -l skip 0",
      "    set -l ended 0",
      "    for word in $words",
      "        if test -z \"$seen\"",
      "            string match -q -- '-*' $word; or set seen $word",
      "        else if test $skip = 1",
      "            set skip 0",
      "        else if test $ended = 0; and test \"$word\" = --",
      "            set ended 1",
      "        else if test $ended = 0; and string match -q -- '-?*' $word",
      "            string match -q -- '*=*' $word; or __bookgen_takes_value $seen $word; and set skip 1",
      "        else",
      "            set count (math $count + 1)",
      "        end",
      "    end",
      "    test \"$seen\" = \"$command\"; and test $skip = 0; or return 1",
      "    set -l position (math $count + 1)",
      "    if string match -q -- '*+' $n",
      "        test $position -ge (string trim -r -c + -- $n)",
      "    else",
      "        test $position -eq $n",
      "    end",
      "end",
      "",
      "complete -c bookgen -f",
    ]
    for option in rootOptions {
      lines.append("complete -c bookgen -n __fish_use_subcommand \(fishOption(option))")
    }
    for spec in CommandSpec.all {
      lines.append(
        "complete -c bookgen -n __fish_use_subcommand -a \(spec.name.rawValue) -d "
          + singleQuoted(summary(spec.abstract), for: .fish))
    }
    for spec in CommandSpec.all {
      let name = spec.name.rawValue
      let condition = singleQuoted("__bookgen_using \(name)", for: .fish)
      for option in spec.allOptions {
        lines.append("complete -c bookgen -n \(condition) \(fishOption(option))")
      }
      for (index, argument) in spec.arguments.enumerated() {
        let position = argument.isVariadic ? "\(index + 1)+" : "\(index + 1)"
        let test = singleQuoted("__bookgen_argument \(name) \(position)", for: .fish)
        lines.append(
          "complete -c bookgen -n \(test) \(values(argument.completion)) -d "
            + singleQuoted(argument.name, for: .fish))
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `-s o -l output -r -a '(__fish_complete_directories)' -d '…'`.
  private static func fishOption(_ option: OptionSpec) -> String {
    var parts: [String] = []
    if let short = option.short { parts += ["-s", String(short)] }
    parts += ["-l", option.long]
    if !option.isFlag { parts.append(values(option.completion)) }
    parts += ["-d", singleQuoted(summary(option.help), for: .fish)]
    return parts.joined(separator: " ")
  }

  /// What fish offers for a value: `-r` (one is required), then files, folders or words.
  private static func values(_ completion: ValueCompletion) -> String {
    switch completion {
    case .text: "-x"
    case .file: "-r -F"
    case .directory: "-x -a '(__fish_complete_directories)'"
    case .words(let words): "-x -a " + singleQuoted(words.joined(separator: " "), for: .fish)
    }
  }
}
