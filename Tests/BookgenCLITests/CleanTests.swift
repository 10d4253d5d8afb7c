import Foundation
import Testing

@testable import BookgenCLI

@Suite struct CleanTests {
  /// Older bookgens kept the manifest inside the output (`.bookgen-output`); it still proves it.
  @Test func removesAnOutputFolderAnOlderBookgenMade() async throws {
    try await withTemporaryDirectory { root in
      try write("bookgen-output 2 incomplete\n", to: root + "/public/.bookgen-output")
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
              "error: refusing to remove 'public': bookgen did not create it; remove it yourself\n"
          ))
      #expect(FileManager.default.fileExists(atPath: root + "/public/notes.txt"))
    }
  }

  @Test(arguments: [".", "..", "/", "project", "~"])
  func refusesProtectedFolders(output: String) async throws {
    try await withTemporaryDirectory { root in
      let home = root + "/home"
      let project = home + "/project"
      try write("", to: project + "/.bookgen-output")
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
      #expect(FileManager.default.fileExists(atPath: project + "/.bookgen-output"))
    }
  }

  @Test func refusesTheCatalogsFolder() async throws {
    try await withTemporaryDirectory { root in
      try write("", to: root + "/books/.bookgen-output")
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

/// `bookgen clean` removes everything a build leaves next to the output.
@Suite struct CleanBesideTests {
  /// Clean removes everything bookgen keeps beside the output — the manifest, the lock, an
  /// interrupted build's staging folder, what older bookgens kept there — and never the files
  /// `build --force` moved aside.
  @Test func removesWhatBookgenKeepsBesideButKeepsTheReplacedFiles() async throws {
    let fixture = try BuildFixture.start()
    try await withTemporaryDirectory { root in
      try fixture.writeCatalog(into: root)
      for url in ["https://one.example/", "https://two.example/"] {
        let build = await runCLI(["build", "-q", "--base-url", url], in: root, variables: fixture.variables)
        #expect(build.status == 0)
      }
      try write("old", to: root + "/.public.bookgen-replaced/notes.txt")
      try write("<html>", to: root + "/.public.bookgen-staging/index.html")
      try write("<html>", to: root + "/.public.bookgen-next/index.html")
      // State files an older bookgen kept beside the output, which clean removes with the rest.
      for state in ["state", "books", "volumes", "cache-index"] {
        try write("old", to: root + "/.public.bookgen-" + state)
      }
      let result = await runCLI(["clean"], in: root)
      #expect(
        result
          == CLIResult(
            status: 0, stdout: "",
            stderr: """
              Removed 'public'
              Removed '.public.bookgen-staging'
              Removed '.public.bookgen-next'
              Kept '.public.bookgen-replaced': your files moved aside by 'build --force'

              """))
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: root).sorted() == [
          ".bookgen-cache", ".public.bookgen-replaced", "catalog.yml",
        ])
    }
    await fixture.server.stop()
  }

  /// An interrupted first build can leave its staging folder alone, without the output.
  @Test func removesAStagingFolderLeftWithoutItsOutput() async throws {
    try await withTemporaryDirectory { root in
      try write("<html>", to: root + "/site/.out.bookgen-staging/index.html")
      let result = await runCLI(["clean", "-o", "site/out"], in: root)
      #expect(result == CLIResult(status: 0, stdout: "", stderr: "Removed 'site/.out.bookgen-staging'\n"))
      #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/site") == [])
    }
  }
}

@Suite struct CleanOutsideTests {
  /// An output outside the catalog's folder is removed only when asked explicitly.
  @Test func anOutputOutsideTheProjectNeedsTheFlag() async throws {
    let fixture = try BuildFixture.start()
    try await withTemporaryDirectory { root in
      let project = root + "/project"
      try fixture.writeCatalog(into: project)
      let output = root + "/www/books"
      #expect(
        await runCLI(["build", "-q", "-o", output], in: project, variables: fixture.variables).status == 0)
      let refused = await runCLI(["clean", "-o", output], in: project)
      #expect(
        refused
          == CLIResult(
            status: 1, stdout: "",
            stderr: "error: refusing to remove '\(output)': it is outside the project folder '\(project)' "
              + "(pass --outside-project to remove it anyway)\n"))
      #expect(FileManager.default.fileExists(atPath: output + "/index.html"))
      let removed = await runCLI(["clean", "-o", output, "--outside-project"], in: project)
      #expect(removed == CLIResult(status: 0, stdout: "", stderr: "Removed '\(output)'\n"))
      #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/www") == [])
    }
    await fixture.server.stop()
  }
}
