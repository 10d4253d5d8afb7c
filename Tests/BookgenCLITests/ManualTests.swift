import Foundation
import Testing

@testable import BookgenCLI

/// `bookgen help --man` and `--markdown`, and docs/cli.md, which is the latter committed.
@Suite struct ManualTests {
  static let cliPage = Fixtures.packageRoot.appendingPathComponent("docs/cli.md")

  /// The page a reader opens is the one the binary prints: `make cli-doc` writes it.
  @Test func docsCLIMatchesTheCommandTable() throws {
    let committed = try String(contentsOf: Self.cliPage, encoding: .utf8)
    #expect(
      committed == CLIReference.markdown(),
      "docs/cli.md differs from `bookgen help --markdown`: run `make cli-doc` and commit it")
  }

  @Test(arguments: [["help", "--man"], ["help", "--markdown"]])
  func theManualIsPrintedOnStdout(arguments: [String]) async {
    let result = await runCLI(arguments)
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(result.stdout == (arguments[1] == "--man" ? ManPage.text() : CLIReference.markdown()))
  }

  @Test func bothFormatsAtOnceOrWithASubcommandAreUsageErrors() async {
    #expect(
      await runCLI(["help", "--man", "--markdown"])
        == CLIResult(
          status: 64, stdout: "",
          stderr: "error: '--man' and '--markdown' cannot be used together\nSee 'bookgen help --help'.\n"))
    #expect(
      await runCLI(["help", "build", "--man"])
        == CLIResult(
          status: 64, stdout: "", stderr: "error: unexpected argument 'build'\nSee 'bookgen help --help'.\n"))
  }

  /// Every command, option and argument the parser accepts is in both, with its help.
  @Test func everyCommandAndOptionIsDocumented() {
    let man = ManPage.text()
    let markdown = CLIReference.markdown()
    for spec in CommandSpec.all {
      #expect(markdown.contains("## bookgen \(spec.name.rawValue)\n\n\(spec.abstract)\n"))
      #expect(man.contains(".SS \"bookgen \(spec.name.rawValue)"))
      for option in spec.allOptions {
        #expect(man.contains("\\fB\\-\\-\(ManPage.escape(option.long))\\fR"), "\(spec.name) --\(option.long)")
        #expect(markdown.contains(option.help.replacingOccurrences(of: "|", with: "\\|")))
      }
    }
  }

  /// groff reads the page without a warning (lintian runs the same check on the package).
  @Test func theManPageRendersWithoutWarnings() throws {
    let groff = "/usr/bin/groff"
    try #require(FileManager.default.isExecutableFile(atPath: groff), "install groff-base")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "bookgen-man-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try write(ManPage.text(), to: folder.path + "/bookgen.1")
    let result = try shell(groff, ["-man", "-Tutf8", "-ww", "-z", "bookgen.1"], in: folder.path)
    #expect(result == CLIResult(status: 0, stdout: "", stderr: ""))
  }

  @Test func completionNeedsAKnownShell() async {
    #expect(
      await runCLI(["completion"])
        == CLIResult(
          status: 64, stdout: "",
          stderr: "error: missing <shell>: expected 'bash', 'zsh', 'fish'\nSee 'bookgen completion --help'.\n"
        ))
    #expect(
      await runCLI(["completion", "bsh"])
        == CLIResult(
          status: 64, stdout: "",
          stderr:
            "error: invalid value 'bsh' for '<shell>': expected 'bash', 'zsh', 'fish' (did you mean 'bash'?)\n"
            + "See 'bookgen completion --help'.\n"))
  }
}
