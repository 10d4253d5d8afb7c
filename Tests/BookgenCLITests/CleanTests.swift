import Foundation
import Testing

@testable import BookgenCLI

@Suite struct CleanTests {
  @Test func removesAnOutputFolderBookgenMade() async throws {
    try await withTemporaryDirectory { root in
      try write("", to: root + "/public/\(OutputFolder.markerName)")
      try write("<html>", to: root + "/public/index.html")
      let result = await runCLI(["clean"], in: root)
      #expect(result == CLIResult(status: 0, stdout: "", stderr: "Removed 'public'\n"))
      #expect(!FileManager.default.fileExists(atPath: root + "/public"))
    }
  }

  @Test func removesAnEmptyOutputFolderQuietly() async throws {
    try await withTemporaryDirectory { root in
      try FileManager.default.createDirectory(atPath: root + "/site", withIntermediateDirectories: true)
      let result = await runCLI(["clean", "-o", "site", "--quiet"], in: root)
      #expect(result == CLIResult(status: 0, stdout: "", stderr: ""))
      #expect(!FileManager.default.fileExists(atPath: root + "/site"))
    }
  }

  @Test func aMissingOutputFolderIsNotAnError() async throws {
    try await withTemporaryDirectory { root in
      let result = await runCLI(["clean"], in: root)
      #expect(
        result == CLIResult(status: 0, stdout: "", stderr: "Nothing to remove: 'public' does not exist\n"))
    }
  }

  @Test func refusesAFolderWithoutTheMarker() async throws {
    try await withTemporaryDirectory { root in
      try write("precious", to: root + "/public/notes.txt")
      let result = await runCLI(["clean"], in: root)
      #expect(
        result
          == CLIResult(
            status: 1, stdout: "",
            stderr:
              "error: refusing to remove 'public': bookgen did not create it (no .bookgen-output marker); remove it yourself\n"
          ))
      #expect(FileManager.default.fileExists(atPath: root + "/public/notes.txt"))
    }
  }

  @Test(arguments: [".", "..", "/", "project", "~"])
  func refusesProtectedFolders(output: String) async throws {
    try await withTemporaryDirectory { root in
      let home = root + "/home"
      let project = home + "/project"
      try write("", to: project + "/\(OutputFolder.markerName)")
      let result = await runCLI(["clean", "--output", output], in: project, variables: ["HOME": home])
      let shown = output == "project" ? "project" : output
      if output == "project" {
        // `project/project` does not exist: nothing to do, and nothing removed.
        #expect(result.status == 0)
      } else {
        #expect(
          result
            == CLIResult(
              status: 1, stdout: "",
              stderr: "error: refusing to remove '\(shown)': it is the root, home or project folder\n"))
      }
      #expect(FileManager.default.fileExists(atPath: project + "/\(OutputFolder.markerName)"))
    }
  }

  @Test func refusesTheCatalogsFolder() async throws {
    try await withTemporaryDirectory { root in
      try write("", to: root + "/books/\(OutputFolder.markerName)")
      let result = await runCLI(["clean", "--catalog", "books/catalog.yml", "-o", "books"], in: root)
      #expect(result.status == 1)
      #expect(result.stderr == "error: refusing to remove 'books': it is the root, home or project folder\n")
    }
  }

  @Test func refusesAFile() async throws {
    try await withTemporaryDirectory { root in
      try write("x", to: root + "/public")
      let result = await runCLI(["clean"], in: root)
      #expect(
        result
          == CLIResult(
            status: 1, stdout: "", stderr: "error: refusing to remove 'public': it is not a folder\n"))
    }
  }
}
