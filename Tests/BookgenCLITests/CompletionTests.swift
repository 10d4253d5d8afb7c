import Catalog
import Foundation
import Import
import Site
import Testing

@testable import BookgenCLI

/// `bookgen completion <shell>`, loaded into the real shell and asked to complete lines, in a
/// folder holding a file, a CSV and a folder.
@Suite struct CompletionTests {
  /// A line (completed at its end) and what the shell must offer, sorted.
  static let cases: [(line: String, expected: [String])] = [
    ("bookgen ", CommandName.allCases.map(\.rawValue)),
    ("bookgen bu", ["build"]),
    ("bookgen c", ["check", "clean", "completion"]),
    ("bookgen --", ["--help", "--version"]),
    ("bookgen build --of", ["--offline"]),
    ("bookgen build --catalog ", ["catalog.yml", "export.csv", "site"]),
    ("bookgen build --output ", ["site"]),
    ("bookgen build -o ", ["site"]),
    ("bookgen build --jobs ", []),
    ("bookgen init ", ["site"]),
    ("bookgen init --ci ", ["github", "gitlab"]),
    ("bookgen import ", ImportSource.allCases.map(\.rawValue)),
    ("bookgen import --jobs 4 goodreads ex", ["export.csv"]),
    ("bookgen import goodreads export.csv --shelves ", ["collections", "tags"]),
    ("bookgen theme ", ["copy", "list"]),
    ("bookgen theme copy part", DefaultThemeFiles.completions.filter { $0.hasPrefix("part") }),
    ("bookgen theme copy book.mustache partials/cov", ["partials/cover.mustache"]),
    ("bookgen completion ", ["bash", "fish", "zsh"]),
    ("bookgen help ser", ["serve"]),
    ("bookgen help --m", ["--man", "--markdown"]),
  ]

  @Test func bashCompletesFromTheCommandTable() throws {
    try withSite { folder in
      let script = folder + ".bash"
      try write(ShellCompletion.script(for: .bash), to: script)
      var program = "source \(script)\ncomplete -p bookgen\necho @@\n"
      program +=
        "ask() { COMP_LINE=$1; COMP_POINT=${#1}; _bookgen; printf '%s\\n' \"${COMPREPLY[@]}\" | sort; echo @@; }\n"
      program += Self.cases.map { "ask \(ShellCompletion.singleQuoted($0.line, for: .bash))" }.joined(
        separator: "\n")
      let result = try shell("/bin/bash", ["--norc", "--noprofile", "-c", program], in: folder)
      #expect(result.status == 0, "\(result.stderr)")
      var answers = result.stdout.components(separatedBy: "@@\n")
      #expect(answers.removeFirst() == "complete -F _bookgen bookgen\n")
      expect(answers, shell: "bash")
    }
  }

  /// What users `source` into their shell: no word left unquoted by mistake.
  @Test func theBashScriptPassesShellCheck() throws {
    let shellcheck = "/usr/bin/shellcheck"
    try #require(FileManager.default.isExecutableFile(atPath: shellcheck), "install shellcheck")
    try withSite { folder in
      try write(ShellCompletion.script(for: .bash), to: folder + ".bash")
      let result = try shell(shellcheck, ["--shell=bash", folder + ".bash"], in: folder)
      #expect(result == CLIResult(status: 0, stdout: "", stderr: ""))
    }
  }

  @Test func fishCompletesFromTheCommandTable() throws {
    let fish = "/usr/bin/fish"
    try #require(FileManager.default.isExecutableFile(atPath: fish), "install fish (apt-get install fish)")
    try withSite { folder in
      let script = folder + ".fish"
      try write(ShellCompletion.script(for: .fish), to: script)
      var program = "source \(script)\n"
      program += Self.cases.map {
        "complete -C\(ShellCompletion.singleQuoted($0.line, for: .fish)) | string replace -r '\\t.*' '' | sort; echo @@"
      }.joined(separator: "\n")
      let result = try shell(fish, ["--no-config", "-c", program], in: folder)
      #expect(result.status == 0, "\(result.stderr)")
      // fish offers folders with their slash.
      let answers = result.stdout.replacingOccurrences(of: "site/\n", with: "site\n")
        .components(separatedBy: "@@\n")
      expect(answers, shell: "fish")
    }
  }

  /// zsh's completion system runs only inside a line editor: a pseudo-terminal (zpty) holds an
  /// interactive zsh with the script on its $fpath, and `compadd` is wrapped to print what the
  /// completion adds instead of showing a menu.
  @Test func zshCompletesFromTheCommandTable() throws {
    let zsh = "/usr/bin/zsh"
    try #require(FileManager.default.isExecutableFile(atPath: zsh), "install zsh (apt-get install zsh)")
    try withSite { folder in
      try write(ShellCompletion.script(for: .zsh), to: folder + ".zfunc/_bookgen")
      try write(Self.zshCapture, to: folder + ".zfunc/capture.zsh")
      var answers: [String] = []
      for (line, _) in Self.cases {
        // A completion that never finishes would leave the loop waiting: timeout ends it.
        let result = try shell(
          "/usr/bin/timeout", ["60", zsh, "-f", folder + ".zfunc/capture.zsh", line, folder + ".zfunc"],
          in: folder)
        #expect(result.status == 0, "\(line): \(result.stderr)")
        // _describe adds each match twice (with and without its description).
        let words = Set(
          result.stdout.split(separator: "\n").map { $0.hasSuffix("/") ? String($0.dropLast()) : String($0) })
        answers.append(words.sorted().map { $0 + "\n" }.joined())
      }
      expect(answers, shell: "zsh")
    }
  }

  /// Prints, one a line, every match zsh's completion adds for the line `$1` typed in a new
  /// interactive zsh whose $fpath starts with `$2`, then exits.
  static let zshCapture = #"""
    zmodload zsh/zpty
    local line out ready
    zpty z zsh -f -i
    zpty -w z "PS1=''; unsetopt prompt_sp; fpath=(${(q)2} \$fpath); m=MATCH"
    zpty -w z 'autoload -Uz compinit && compinit -u -D'
    zpty -w z 'compadd() { local -a hits; builtin compadd -A hits "$@"; (( $#hits )) && print -rl -- "${m}:"${^hits} >/dev/tty; builtin compadd "$@"; }'
    zpty -w z '_bookgen_done() { print -r -- "${m}ED" >/dev/tty; compstate[insert]=""; compstate[list]="" }; comppostfuncs=(_bookgen_done)'
    # Type the line only once the shell is ready, so nothing it does first can drop it.
    zpty -w z 'print -r -- "${m}READY"'
    zpty -r z ready '*MATCHREADY*'
    zpty -n -w z "$1"$'\t'
    while zpty -r z line; do
      line=${line//$'\r'/}
      [[ $line == *MATCHED* ]] && break
      [[ $line == *MATCH:* ]] && out+="${line##*MATCH:}"$'\n'
    done
    zpty -d z
    print -rn -- "$out"
    """#

  /// Compares each answer with its case, naming the line.
  private func expect(_ answers: [String], shell: String, sourceLocation: SourceLocation = #_sourceLocation) {
    for (index, (line, expected)) in Self.cases.enumerated() {
      let got =
        index < answers.count ? answers[index].split(separator: "\n").map(String.init) : ["(no answer)"]
      #expect(got == expected.sorted(), "\(shell): '\(line)'", sourceLocation: sourceLocation)
    }
  }

  private func withSite(_ body: (String) throws -> Void) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "bookgen-completion-\(UUID().uuidString)"
    ).path
    try FileManager.default.createDirectory(atPath: folder + "/site", withIntermediateDirectories: true)
    defer {
      for path in [folder, folder + ".bash", folder + ".fish", folder + ".zfunc"] {
        try? FileManager.default.removeItem(atPath: path)
      }
    }
    try write("site:\n", to: folder + "/catalog.yml")
    try write("Title\n", to: folder + "/export.csv")
    try body(folder)
  }
}

/// Runs `program` in `folder` with a minimal environment and returns what it printed.
func shell(_ program: String, _ arguments: [String], in folder: String) throws -> CLIResult {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: program)
  process.arguments = arguments
  process.environment = ["PATH": "/usr/bin:/bin", "HOME": folder, "TERM": "dumb", "LC_ALL": "C.UTF-8"]
  process.currentDirectoryURL = URL(fileURLWithPath: folder)
  let output = FileManager.default.temporaryDirectory.appendingPathComponent(
    "bookgen-shell-\(UUID().uuidString)")
  let errors = output.appendingPathExtension("err")
  _ = FileManager.default.createFile(atPath: output.path, contents: nil)
  _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
  defer {
    try? FileManager.default.removeItem(at: output)
    try? FileManager.default.removeItem(at: errors)
  }
  process.standardInput = FileHandle.nullDevice
  process.standardOutput = try FileHandle(forWritingTo: output)
  process.standardError = try FileHandle(forWritingTo: errors)
  try process.run()
  process.waitUntilExit()
  return CLIResult(
    status: process.terminationStatus, stdout: try String(contentsOf: output, encoding: .utf8),
    stderr: try String(contentsOf: errors, encoding: .utf8))
}
