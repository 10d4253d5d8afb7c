import Testing

@testable import BookgenCLI

@Suite struct HelpTests {
  @Test(arguments: [[], ["--help"], ["-h"], ["help"]])
  func rootHelpIsPrintedOnStdout(arguments: [String]) async {
    let result = await runCLI(arguments)
    #expect(result.status == 0)
    #expect(result.stderr == "")
    expectGolden(result.stdout, named: "help-root.txt")
  }

  @Test(arguments: CommandName.allCases)
  func everyCommandHasHelp(command: CommandName) async {
    let result = await runCLI(["help", command.rawValue])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    expectGolden(result.stdout, named: "help-\(command.rawValue).txt")
  }

  @Test(arguments: [CommandName.build, .fetch, .check, .serve, .`init`, .theme, .clean])
  func helpOptionMatchesHelpCommand(command: CommandName) async {
    let expected = await runCLI(["help", command.rawValue])
    for spelling in [["--help"], ["-h"], ["--offline", "--help"], ["--jobs", "99", "-h"]] {
      let result = await runCLI([command.rawValue] + spelling)
      #expect(result == expected, "bookgen \(command.rawValue) \(spelling.joined(separator: " "))")
    }
  }

  @Test(arguments: [["--version"], ["version"]])
  func versionIsPrintedOnStdout(arguments: [String]) async {
    let result = await runCLI(arguments)
    #expect(result == CLIResult(status: 0, stdout: "bookgen 0.1.0 (\(BookgenCLI.commit))\n", stderr: ""))
  }

  /// The commit comes from the build (the BuildInfo plugin): git's abbreviated hash, or
  /// `unknown` outside a checkout. That it is this checkout's commit is tested on the release
  /// binary (Tests/Dist/run.sh), where the build and the check see the same HEAD.
  @Test func versionNamesTheCommitOfTheBuild() {
    let commit = BookgenCLI.commit
    let isHash = commit.count >= 7 && commit.allSatisfy { "0123456789abcdef".contains($0) }
    #expect(isHash || commit == "unknown", "commit: \(commit)")
  }

  /// What the build fingerprint records besides the version: the executable itself, so a
  /// rebuilt bookgen never takes an output made by the previous one as up to date.
  @Test func buildIdentityNamesTheExecutable() throws {
    let fields = BookgenCLI.buildIdentity.split(separator: " ")
    #expect(fields.first == "0.1.0")
    #expect(fields.count == 2)
    let digest = try #require(fields.count > 1 ? UInt64(fields[1], radix: 16) : nil)
    #expect(digest != 0)
  }

  @Test func helpLinesFitEightyColumns() async {
    for command in CommandName.allCases {
      let result = await runCLI(["help", command.rawValue])
      for line in result.stdout.split(separator: "\n") {
        #expect(line.count <= 80, "\(command.rawValue): \(line)")
      }
    }
  }
}
