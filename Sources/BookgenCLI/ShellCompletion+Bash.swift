extension ShellCompletion {
  /// A `complete -F` function for bash 4.3 or newer. It reads the line up to the cursor itself
  /// (not COMP_WORDS, which bash splits at `=` and `:`), skips options and their values to count
  /// the arguments, and completes what the table says the word under the cursor is.
  static func bash() -> String {
    let optionKinds = CommandSpec.all.flatMap { spec in
      spec.allOptions.filter { !$0.isFlag }.map { option in
        let cases = spellings(option).map { "\"\(spec.name.rawValue) \($0)\"" }.joined(separator: " | ")
        return "  \(cases)) echo \(singleQuoted(kind(option.completion), for: .bash)) ;;"
      }
    }
    let options = CommandSpec.all.map { spec in
      let names = spec.allOptions.flatMap(spellings).joined(separator: " ")
      return "  \(spec.name.rawValue)) echo \(singleQuoted(names, for: .bash)) ;;"
    }
    let arguments = CommandSpec.all.flatMap { spec in
      spec.arguments.enumerated().map { index, argument in
        let pattern = "\"\(spec.name.rawValue) \"" + (argument.isVariadic ? "*" : "\(index + 1)")
        return "  \(pattern)) echo \(singleQuoted(kind(argument.completion), for: .bash)) ;;"
      }
    }
    var lines = [
      "# bash completion for bookgen, made from its command table by `bookgen completion bash`.",
      "# Load it with: source <(bookgen completion bash)",
      "",
    ]
    lines += caseFunction(
      "What <command> <option> takes: file, dir, text or words …; nothing for a flag.", "_bookgen_option",
      on: "\"$1 $2\"", optionKinds)
    lines += caseFunction("The options of <command>.", "_bookgen_options", on: "$1", options)
    lines += caseFunction(
      "What the <n>th argument of <command> is (the last one of a command repeats when it may).",
      "_bookgen_argument", on: "\"$1 $2\"", arguments)
    let commands = commandNames.joined(separator: " ")
    let rootOptions = rootOptions.flatMap(spellings).joined(separator: " ")
    lines += [
      "_bookgen() {",
      "  local line=${COMP_LINE:0:COMP_POINT}",
      "  local -a words",
      "  read -ra words <<<\"$line\"",
      "  [[ $line == *[[:space:]] || ${#words[@]} -eq 0 ]] && words+=(\"\")",
      "  local cur=${words[-1]} command='' expect='' word kind i",
      "  local -i position=0 ended=0",
      "  for ((i = 1; i < ${#words[@]} - 1; i++)); do",
      "    word=${words[i]}",
      "    if [[ -n $expect ]]; then",
      "      expect=''",
      "    elif [[ -z $command ]]; then",
      "      [[ $word == -* ]] || command=$word",
      "    elif ((!ended)) && [[ $word == -- ]]; then",
      "      ended=1",
      "    elif ((!ended)) && [[ $word == -?* ]]; then",
      "      [[ $word == *=* ]] || expect=$(_bookgen_option \"$command\" \"$word\")",
      "    else",
      "      position+=1",
      "    fi",
      "  done",
      "  if [[ -z $command ]]; then",
      "    if [[ $cur == -* ]]; then kind='words \(rootOptions)'; else kind='words \(commands)'; fi",
      "  elif [[ -n $expect ]]; then",
      "    kind=$expect",
      "  elif ((!ended)) && [[ $cur == --*=* ]]; then",
      "    kind=$(_bookgen_option \"$command\" \"${cur%%=*}\")",
      "    cur=${cur#*=}",
      "  elif ((!ended)) && [[ $cur == -* ]]; then",
      "    kind=\"words $(_bookgen_options \"$command\")\"",
      "  else",
      "    kind=$(_bookgen_argument \"$command\" $((position + 1)))",
      "  fi",
      "  COMPREPLY=()",
      "  case $kind in",
      "  file)",
      "    compopt -o filenames 2>/dev/null",
      "    mapfile -t COMPREPLY < <(compgen -f -- \"$cur\")",
      "    ;;",
      "  dir)",
      "    compopt -o filenames 2>/dev/null",
      "    mapfile -t COMPREPLY < <(compgen -d -- \"$cur\")",
      "    ;;",
      "  words\\ *)",
      "    # shellcheck disable=SC2086 # the words are split on purpose",
      "    mapfile -t COMPREPLY < <(compgen -W \"${kind#words }\" -- \"$cur\")",
      "    ;;",
      "  esac",
      "}",
      "",
      "complete -F _bookgen bookgen",
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  /// `name() { case subject in … esac }` under a `# comment` line: the command table as bash reads it.
  private static func caseFunction(_ comment: String, _ name: String, on subject: String, _ rows: [String])
    -> [String]
  {
    ["# " + comment, name + "() {", "  case \(subject) in"] + rows + ["  esac", "}", ""]
  }

  /// How the bash function names a kind of value.
  private static func kind(_ completion: ValueCompletion) -> String {
    switch completion {
    case .text: "text"
    case .file: "file"
    case .directory: "dir"
    case .words(let words): (["words"] + words).joined(separator: " ")
    }
  }
}
