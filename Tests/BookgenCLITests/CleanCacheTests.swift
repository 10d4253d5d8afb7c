import Foundation
import Testing

@testable import BookgenCLI

/// `bookgen clean --cache`: removes only a cache bookgen made, and only inside the project unless
/// told otherwise (`cache: {dir: ../sibling}` must never delete a sibling project).
@Suite struct CleanCacheTests {
  /// `root/project/catalog.yml` with `cache.dir` set to `dir`.
  private func project(in root: String, cacheDir dir: String) throws -> String {
    let project = root + "/project"
    try write(BuildFixture.catalog + "cache:\n  dir: \(dir)\n", to: project + "/catalog.yml")
    return project
  }

  @Test func aSiblingProjectNamedAsTheCacheIsKept() async throws {
    try await withTemporaryDirectory { root in
      let project = try project(in: root, cacheDir: "../sibling")
      try write("mine", to: root + "/sibling/notes.txt")
      let result = await runCLI(["clean", "--cache"], in: project)
      #expect(
        result
          == CLIResult(
            status: 1, stdout: "",
            stderr: """
              Nothing to remove: 'public' does not exist
              error: refusing to remove '\(root)/sibling': it is outside the project folder '\(project)' \
              (pass --outside-project to remove it anyway)

              """))
      #expect(FileManager.default.fileExists(atPath: root + "/sibling/notes.txt"))
    }
  }

  @Test func anAbsoluteFolderNamedAsTheCacheIsKept() async throws {
    try await withTemporaryDirectory { root in
      let project = try project(in: root, cacheDir: root + "/etc")
      try write("root:x:0:0", to: root + "/etc/passwd")
      let result = await runCLI(["clean", "--cache", "-q"], in: project)
      #expect(result.status == 1)
      #expect(
        result.stderr
          == "error: refusing to remove '\(root)/etc': it is outside the project folder '\(project)' "
          + "(pass --outside-project to remove it anyway)\n")
      #expect(FileManager.default.fileExists(atPath: root + "/etc/passwd"))
    }
  }

  /// Even outside the project, with the flag, a folder that is not a bookgen cache stays.
  @Test func aFolderThatIsNotACacheIsKeptEvenWithTheFlag() async throws {
    try await withTemporaryDirectory { root in
      let project = try project(in: root, cacheDir: "../sibling")
      try write("mine", to: root + "/sibling/notes.txt")
      let result = await runCLI(["clean", "--cache", "--outside-project", "-q"], in: project)
      #expect(
        result.stderr
          == "error: refusing to remove '\(root)/sibling': bookgen did not create it; remove it yourself\n")
      #expect(FileManager.default.fileExists(atPath: root + "/sibling/notes.txt"))
    }
  }

  @Test func aFolderInsideTheProjectThatIsNotACacheIsKept() async throws {
    try await withTemporaryDirectory { root in
      let project = try project(in: root, cacheDir: "docs")
      try write("# notes", to: project + "/docs/readme.md")
      let result = await runCLI(["clean", "--cache", "-q"], in: project)
      #expect(
        result.stderr == "error: refusing to remove 'docs': bookgen did not create it; remove it yourself\n")
      #expect(FileManager.default.fileExists(atPath: project + "/docs/readme.md"))
    }
  }

  @Test func theCacheAFetchMadeIsRemoved() async throws {
    let fixture = try BuildFixture.start()
    try await withTemporaryDirectory { root in
      try fixture.writeCatalog(into: root)
      #expect(await runCLI(["fetch", "-q"], in: root, variables: fixture.variables).status == 0)
      #expect(FileManager.default.fileExists(atPath: root + "/.bookgen-cache/.bookgen-cache-marker"))
      let result = await runCLI(["clean", "--cache"], in: root)
      #expect(
        result
          == CLIResult(
            status: 0, stdout: "",
            stderr: "Nothing to remove: 'public' does not exist\nRemoved '.bookgen-cache'\n"))
      #expect(!FileManager.default.fileExists(atPath: root + "/.bookgen-cache"))
    }
    await fixture.server.stop()
  }

  /// A cache an older bookgen wrote has no marker: a folder holding nothing but cache entries
  /// (`<aa>/<sha256>.entry`, and the temporary files of an interrupted write) is recognised.
  @Test func anOlderCacheWithoutTheMarkerIsRecognised() async throws {
    try await withTemporaryDirectory { root in
      let project = try project(in: root, cacheDir: ".bookgen-cache")
      let key = String(repeating: "ab", count: 32)
      try write("{}\n", to: project + "/.bookgen-cache/ab/\(key).entry")
      try write("", to: project + "/.bookgen-cache/ab/.tmp-x1Y2z3")
      let result = await runCLI(["clean", "--cache", "-q"], in: project)
      #expect(result == CLIResult(status: 0, stdout: "", stderr: ""))
      #expect(!FileManager.default.fileExists(atPath: project + "/.bookgen-cache"))
    }
  }

  @Test(arguments: [
    "ab/notes.txt", "ab/\(String(repeating: "cd", count: 32)).entry",
    "ab/\(String(repeating: "ab", count: 31)).entry",
    "readme.md",
  ])
  func anUnmarkedFolderHoldingAnythingElseIsKept(file: String) async throws {
    try await withTemporaryDirectory { root in
      let project = try project(in: root, cacheDir: "cache")
      try write("{}\n", to: project + "/cache/ab/\(String(repeating: "ab", count: 32)).entry")
      try write("x", to: project + "/cache/" + file)
      let result = await runCLI(["clean", "--cache", "-q"], in: project)
      #expect(
        result.stderr == "error: refusing to remove 'cache': bookgen did not create it; remove it yourself\n")
      #expect(FileManager.default.fileExists(atPath: project + "/cache/" + file))
    }
  }

  @Test func aCacheOutsideTheProjectNeedsTheFlag() async throws {
    let fixture = try BuildFixture.start()
    try await withTemporaryDirectory { root in
      let project = try project(in: root, cacheDir: "../shared-cache")
      #expect(await runCLI(["fetch", "-q"], in: project, variables: fixture.variables).status == 0)
      #expect(await runCLI(["clean", "--cache", "-q"], in: project).status == 1)
      #expect(FileManager.default.fileExists(atPath: root + "/shared-cache"))
      let result = await runCLI(["clean", "--cache", "--outside-project"], in: project)
      #expect(
        result.stderr == "Nothing to remove: 'public' does not exist\nRemoved '\(root)/shared-cache'\n")
      #expect(!FileManager.default.fileExists(atPath: root + "/shared-cache"))
    }
    await fixture.server.stop()
  }

  @Test(arguments: [".", "..", "/"])
  func neverTheProjectHomeOrAParent(dir: String) async throws {
    try await withTemporaryDirectory { root in
      let project = try project(in: root + "/home", cacheDir: dir)
      let result = await runCLI(
        ["clean", "--cache", "--outside-project", "-q"], in: project, variables: ["HOME": root + "/home"])
      #expect(result.status == 1)
      #expect(result.stderr.hasSuffix("it is the root, home or project folder\n"), "\(result.stderr)")
      #expect(FileManager.default.fileExists(atPath: project + "/catalog.yml"))
    }
  }
}
