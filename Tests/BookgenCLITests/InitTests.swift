import Foundation
import Testing

@testable import BookgenCLI

@Suite struct InitTests {
  @Test func scaffoldsANewSiteAndPrintsNextSteps() async throws {
    try await withTemporaryDirectory { root in
      let result = await runCLI(["init", "shelf"], in: root)
      #expect(result.status == 0)
      #expect(result.stderr == "")
      expectGolden(result.stdout, named: "init-next-steps.txt")
      let catalog = try String(contentsOfFile: root + "/shelf/catalog.yml", encoding: .utf8)
      #expect(catalog == Scaffold.catalog)
      let gitignore = try String(contentsOfFile: root + "/shelf/.gitignore", encoding: .utf8)
      #expect(gitignore == "public/\n.bookgen-cache/\n")
      #expect(!FileManager.default.fileExists(atPath: root + "/shelf/templates"))
    }
  }

  @Test func initInTheWorkingDirectorySkipsTheCdStep() async throws {
    try await withTemporaryDirectory { root in
      let result = await runCLI(["init", "--quiet"], in: root)
      #expect(result == CLIResult(status: 0, stdout: "", stderr: ""))
      #expect(FileManager.default.fileExists(atPath: root + "/catalog.yml"))
      let steps = await runCLI(["init", "--force"], in: root)
      #expect(!steps.stdout.contains("cd "))
    }
  }

  @Test func refusesANonEmptyFolder() async throws {
    try await withTemporaryDirectory { root in
      try write("mine\n", to: root + "/shelf/catalog.yml")
      let result = await runCLI(["init", "shelf"], in: root)
      #expect(
        result
          == CLIResult(
            status: 1, stdout: "",
            stderr: "error: 'shelf' is not empty; use --force to add a new site to it anyway\n"))
      #expect(try String(contentsOfFile: root + "/shelf/catalog.yml", encoding: .utf8) == "mine\n")
    }
  }

  @Test func aFolderHoldingOnlyGitIsFine() async throws {
    try await withTemporaryDirectory { root in
      try FileManager.default.createDirectory(atPath: root + "/.git", withIntermediateDirectories: true)
      #expect(await runCLI(["init", "--quiet"], in: root).status == 0)
    }
  }

  @Test func forceKeepsTheUsersGitignoreLines() async throws {
    try await withTemporaryDirectory { root in
      try write("*.swp\n/public/", to: root + "/.gitignore")
      let result = await runCLI(["init", "--force", "-q"], in: root)
      #expect(result.status == 0)
      let gitignore = try String(contentsOfFile: root + "/.gitignore", encoding: .utf8)
      #expect(gitignore == "*.swp\n/public/\n.bookgen-cache/\n")
    }
  }

  @Test func aFileInTheWayIsAnError() async throws {
    try await withTemporaryDirectory { root in
      try write("x", to: root + "/shelf")
      let result = await runCLI(["init", "shelf"], in: root)
      #expect(result.status == 1)
      #expect(result.stdout == "")
      #expect(result.stderr.hasPrefix("error: could not create the site in 'shelf'\ncaused by: "))
    }
  }
}
