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
      #expect(
        gitignore
          == "public/\n.bookgen-cache/\n.public.bookgen-*\n"
      )
      #expect(!FileManager.default.fileExists(atPath: root + "/shelf/templates"))
    }
  }

  /// After a build, git ignores everything bookgen wrote (the output, the cache and each file
  /// and folder beside the output) and nothing the owner wrote: a state file added beside the
  /// output one day must not end up in the owner's commits.
  @Test func gitIgnoresWhatABuildWritesAndNothingElse() async throws {
    let git = "/usr/bin/git"
    try #require(FileManager.default.isExecutableFile(atPath: git), "git is needed to check .gitignore")
    let fixture = try BuildFixture.start()
    try await withTemporaryDirectory { root in
      #expect(await runCLI(["init", "-q"], in: root).status == 0)
      try fixture.writeCatalog(into: root)
      #expect(await runCLI(["build", "-q"], in: root, variables: fixture.variables).status == 0)
      // Again with another title: a build that changes files.
      let catalog = try String(contentsOfFile: root + "/catalog.yml", encoding: .utf8)
      let retitled = catalog.replacingOccurrences(of: "Test Shelf", with: "Test Shelf 2")
      try write(retitled, to: root + "/catalog.yml")
      #expect(await runCLI(["build", "-q"], in: root, variables: fixture.variables).status == 0)
      let built = try FileManager.default.contentsOfDirectory(atPath: root).sorted()
      let beside = built.filter { $0.hasPrefix(".public.bookgen-") }
      #expect(beside == [".public.bookgen-lock", ".public.bookgen-manifest"], "\(built)")
      // What a build killed mid-way leaves, ignored too.
      try write("<html>", to: root + "/.public.bookgen-staging/index.html")
      let entries = try FileManager.default.contentsOfDirectory(atPath: root).sorted()
      let process = Process()
      process.executableURL = URL(fileURLWithPath: git)
      process.currentDirectoryURL = URL(fileURLWithPath: root)
      process.arguments = ["-c", "core.excludesFile=/dev/null", "init", "-q"]
      try process.run()
      process.waitUntilExit()
      for entry in entries where entry != ".git" {
        let check = Process()
        check.executableURL = URL(fileURLWithPath: git)
        check.currentDirectoryURL = URL(fileURLWithPath: root)
        check.arguments = ["-c", "core.excludesFile=/dev/null", "check-ignore", "-q", entry]
        try check.run()
        check.waitUntilExit()
        // 0: ignored, 1: not ignored.
        let owned = entry == "catalog.yml" || entry == ".gitignore"
        #expect(check.terminationStatus == (owned ? 1 : 0), "\(entry)")
      }
    }
    await fixture.server.stop()
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
      #expect(
        gitignore
          == "*.swp\n/public/\n.bookgen-cache/\n.public.bookgen-*\n"
      )
    }
  }

  /// Every combination of `--templates` and `--example`, with `--force`, in a site the owner
  /// wrote: nothing of theirs changes, the rest is added, and the report lists what was kept.
  @Test(arguments: [[], ["--templates"], ["--example"], ["--templates", "--example"]])
  func forceNeverReplacesTheOwnersFiles(flags: [String]) async throws {
    try await withTemporaryDirectory { root in
      let owned = [
        "catalog.yml": "site: {title: Mine}\n",
        ".gitignore":
          "public/\n.bookgen-cache/\n.public.bookgen-*\n",
        "templates/book.mustache": "my book page\n",
        "templates/assets/style.css": "/* mine */\n",
      ]
      for (path, text) in owned { try write(text, to: root + "/" + path) }
      let example = flags.contains("--example")
      let templates = flags.contains("--templates")
      let entry = try #require(ExampleSite.cacheFiles.first)
      if example { try write("my cache entry\n", to: root + "/" + entry.path) }

      let result = await runCLI(["init", "--force"] + flags, in: root)
      #expect(result.status == 0)
      #expect(result.stderr == "")
      // The example's .gitignore adds the lines of a committed cache; the owner's stay.
      let added = example ? ExampleSite.gitignoreLines.filter { !owned[".gitignore"]!.contains($0) } : []
      for (path, text) in owned {
        let expected = path == ".gitignore" ? text + added.map { $0 + "\n" }.joined() : text
        #expect(
          try String(contentsOfFile: root + "/" + path, encoding: .utf8) == expected, "\(path) was replaced")
      }
      var kept = ["  catalog.yml"] + (example ? [] : ["  .gitignore"])
      if example {
        #expect(try String(contentsOfFile: root + "/" + entry.path, encoding: .utf8) == "my cache entry\n")
        #expect(regularFiles(under: root + "/.bookgen-cache").count == ExampleSite.cacheFiles.count)
        kept.append("  .bookgen-cache/ (1 entry already there)")
      }
      if templates {
        #expect(FileManager.default.fileExists(atPath: root + "/templates/partials/cover.mustache"))
        kept += ["  templates/assets/style.css", "  templates/book.mustache"]
      } else {
        #expect(!FileManager.default.fileExists(atPath: root + "/templates/partials"))
      }
      if example {
        // The owner's .gitignore ignores the cache the example means to commit: said, not changed.
        kept += [
          "Your .gitignore keeps .bookgen-cache/ out of git: a clone (and CI) will not",
          "  have the example's recorded answers; remove that line to commit them.",
        ]
      }
      let listed = result.stdout.components(
        separatedBy: "Kept as they are (bookgen init never replaces a file):\n")
      #expect(listed.count == 2)
      #expect(listed.last?.components(separatedBy: "\n\nNext steps:").first == kept.joined(separator: "\n"))
    }
  }

  @Test func aSecondInitHasNothingToAdd() async throws {
    try await withTemporaryDirectory { root in
      #expect(await runCLI(["init", "-q"], in: root).status == 0)
      let again = await runCLI(["init", "--force"], in: root)
      #expect(again.status == 0)
      #expect(
        again.stdout.hasPrefix(
          """
          Nothing to add to '.': it has every file of a new site.
          Kept as they are (bookgen init never replaces a file):
            catalog.yml
            .gitignore

          Next steps:
          """))
    }
  }

  /// A name that is taken, even by a symlink to nowhere, is kept and never followed.
  @Test func aDanglingSymlinkIsNeverWrittenThrough() async throws {
    try await withTemporaryDirectory { root in
      try FileManager.default.createSymbolicLink(
        atPath: root + "/catalog.yml", withDestinationPath: root + "/elsewhere.yml")
      #expect(await runCLI(["init", "--force", "-q"], in: root).status == 0)
      #expect(!FileManager.default.fileExists(atPath: root + "/elsewhere.yml"))
      #expect(
        try FileManager.default.destinationOfSymbolicLink(atPath: root + "/catalog.yml") == root
          + "/elsewhere.yml")
    }
  }

  /// A link to a folder is a folder to create the site in (what the link leads to is checked).
  @Test func aLinkToAnEmptyFolderIsWrittenThrough() async throws {
    try await withTemporaryDirectory { root in
      try FileManager.default.createDirectory(atPath: root + "/real", withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(atPath: root + "/shelf", withDestinationPath: "real")
      let result = await runCLI(["init", "shelf", "-q"], in: root)
      #expect(result == CLIResult(status: 0, stdout: "", stderr: ""))
      #expect(FileManager.default.fileExists(atPath: root + "/real/catalog.yml"))
      try write("x", to: root + "/real/notes.txt")
      let again = await runCLI(["init", "shelf"], in: root)
      #expect(again.status == 1)
      #expect(again.stderr == "error: 'shelf' is not empty; use --force to add a new site to it anyway\n")
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
