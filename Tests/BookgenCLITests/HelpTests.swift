import Foundation
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
    let id = try #require(fields.count > 1 ? String(fields[1]) : nil)
    #expect(id.count >= 16 && id.allSatisfy { "0123456789abcdef".contains($0) }, "\(id)")
  }

  /// The id read from memory is the one the executable's file carries in its GNU build-id
  /// note (SwiftPM links with one): a `GNU` name, then the id's bytes.
  @Test func theBuildIDIsTheExecutablesNote() throws {
    let id = try #require(ExecutableBuildID.current())
    #expect(id.count == 20)
    let file = try Data(contentsOf: URL(fileURLWithPath: "/proc/self/exe"))
    #expect(file.range(of: Data(Array("GNU\0".utf8) + id)) != nil)
  }

  @Test func notesWithoutABuildIDGiveNone() {
    // One note of type 1 (NT_GNU_ABI_TAG): name "GNU", a 16-byte descriptor.
    let abiTag: [UInt8] =
      [4, 0, 0, 0, 16, 0, 0, 0, 1, 0, 0, 0] + Array("GNU\0".utf8) + Array(repeating: 0, count: 16)
    #expect(abiTag.withUnsafeBytes { ExecutableBuildID.buildID(inNotes: $0) } == nil)
    let buildID: [UInt8] =
      abiTag + [4, 0, 0, 0, 3, 0, 0, 0, 3, 0, 0, 0] + Array("GNU\0".utf8) + [0xAB, 0xCD, 0xEF, 0]
    #expect(buildID.withUnsafeBytes { ExecutableBuildID.buildID(inNotes: $0) } == [0xAB, 0xCD, 0xEF])
    // A descriptor running past the notes is none, not a read past the end.
    #expect(Array(buildID.dropLast(2)).withUnsafeBytes { ExecutableBuildID.buildID(inNotes: $0) } == nil)
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
