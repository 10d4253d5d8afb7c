extension ShellCompletion {
  /// A `#compdef` function for zsh's completion system (`_arguments`, one call per subcommand),
  /// with each option's help as its description.
  static func zsh() -> String {
    var lines = [
      "#compdef bookgen",
      "# zsh completion for bookgen, made from its command table by `bookgen completion zsh`.",
      "# Install it as _bookgen in a folder of $fpath, then run compinit.",
      "",
      "_bookgen() {",
      "  local curcontext=$curcontext state line ret=1",
      "  typeset -A opt_args",
      "  _arguments -C \\",
    ]
    lines += rootOptions.map { "    \(zshOption($0, exclusive: "(- *)")) \\" }
    lines += [
      "    '1: :->command' \\",
      "    '*:: :->argument' && ret=0",
      "  case $state in",
      "  command)",
      "    local -a commands=(",
    ]
    lines += CommandSpec.all.map {
      "      " + singleQuoted("\($0.name.rawValue):\(summary($0.abstract))", for: .zsh)
    }
    lines += [
      "    )",
      "    _describe -t commands 'bookgen subcommand' commands && ret=0",
      "    ;;",
      "  argument)",
      "    curcontext=${curcontext%:*:*}:bookgen-$line[1]:",
      "    case $line[1] in",
    ]
    for spec in CommandSpec.all {
      lines.append("    \(spec.name.rawValue))")
      lines.append("      _arguments \\")
      var specs = spec.allOptions.map { zshOption($0, exclusive: nil) }
      for (index, argument) in spec.arguments.enumerated() {
        let position = argument.isVariadic ? "*" : String(index + 1)
        let message = argument.name.replacingOccurrences(of: ":", with: "\\:")
        specs.append(singleQuoted("\(position):\(message):\(action(argument.completion))", for: .zsh))
      }
      lines += specs.map { "        \($0) \\" }
      lines += ["        && ret=0", "      ;;"]
    }
    lines += [
      "    esac",
      "    ;;",
      "  esac",
      "  return ret",
      "}",
      "",
      "_bookgen \"$@\"",
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  /// `'(-o --output)'{-o,--output=}'[The folder the site is written to]:dir:_files -/'`.
  private static func zshOption(_ option: OptionSpec, exclusive: String?) -> String {
    let names = spellings(option)
    let description = "[" + zshEscaped(summary(option.help)) + "]"
    let value =
      option.valueName.map { name in
        ":" + name.replacingOccurrences(of: ":", with: "\\:") + ":" + action(option.completion)
      } ?? ""
    let exclusions = exclusive ?? (names.count > 1 ? "(" + names.joined(separator: " ") + ")" : "")
    if names.count == 1 {
      let name = option.isFlag ? names[0] : names[0] + "="
      return singleQuoted(exclusions + name + description + value, for: .zsh)
    }
    // Brace expansion gives each spelling the same description; a long option's value may
    // follow `=` or come as the next word, a short one's comes as the next word.
    let spelled = names.map { $0.hasPrefix("--") && !option.isFlag ? $0 + "=" : $0 }
    return singleQuoted(exclusions, for: .zsh) + "{" + spelled.joined(separator: ",") + "}"
      + singleQuoted(description + value, for: .zsh)
  }

  /// The `_arguments` action for a value.
  private static func action(_ completion: ValueCompletion) -> String {
    switch completion {
    case .text: " "
    case .file: "_files"
    case .directory: "_files -/"
    case .words(let words): "(" + words.joined(separator: " ") + ")"
    }
  }

  /// Brackets and colons end parts of an `_arguments` spec.
  private static func zshEscaped(_ text: String) -> String {
    text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "[", with: "\\[")
      .replacingOccurrences(of: "]", with: "\\]").replacingOccurrences(of: ":", with: "\\:")
  }
}
