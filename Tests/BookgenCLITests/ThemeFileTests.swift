import Foundation
import TestSupport
import Testing

@testable import BookgenCLI

/// A site's `templates/` may hold only regular files inside it: links out of it, FIFOs and
/// devices are refused with a located error, by `build` and `check` alike, before anything is
/// published or read for long.
@Suite struct ThemeFileTests {
  /// A fetched site in `root`, so the builds below run offline.
  private func site(_ body: (String) async throws -> Void) async throws {
    let fixture = try BuildFixture.start()
    try await withTemporaryDirectory { root in
      try fixture.writeCatalog(into: root)
      #expect(await runCLI(["fetch", "-q"], in: root, variables: fixture.variables).status == 0)
      try FileManager.default.createDirectory(atPath: root + "/templates", withIntermediateDirectories: true)
      try await body(root)
    }
    await fixture.server.stop()
  }

  private func expectRefused(_ file: String, reason: String, in root: String) async {
    let headline = "\(file): error: cannot read the file: \(reason)\n"
    let build = await runCLI(["build", "--offline", "-q"], in: root)
    #expect(
      build
        == CLIResult(
          status: 1, stdout: "", stderr: headline + "error: 'bookgen build' failed while rendering the site\n"
        ))
    #expect(!FileManager.default.fileExists(atPath: root + "/public"))
    let check = await runCLI(["check"], in: root)
    #expect(check == CLIResult(status: 1, stdout: "", stderr: headline))
  }

  @Test(arguments: ["/proc/self/environ", "/etc/passwd", "/dev/zero", "../catalog.yml"])
  func aTemplateLinkedOutOfTheFolderIsRefused(target: String) async throws {
    try await site { root in
      try FileManager.default.createSymbolicLink(
        atPath: root + "/templates/404.mustache", withDestinationPath: target)
      await expectRefused(
        "templates/404.mustache", reason: "it is a symbolic link to a file outside templates/", in: root)
    }
  }

  @Test func anAssetLinkedOutOfTheFolderIsRefused() async throws {
    try await site { root in
      try FileManager.default.createDirectory(
        atPath: root + "/templates/assets", withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(
        atPath: root + "/templates/assets/logo.svg", withDestinationPath: "/etc/passwd")
      await expectRefused(
        "templates/assets/logo.svg", reason: "it is a symbolic link to a file outside templates/", in: root)
    }
  }

  /// A linked `templates/partials` was skipped without a word, and the default theme's
  /// partials used instead of the owner's: now it is a located error, as in `static/`.
  @Test func aLinkedFolderIsRefusedNotSkipped() async throws {
    try await site { root in
      try write("<p>{{site.title}}</p>\n", to: root + "/shared/partials/cover.mustache")
      try FileManager.default.createSymbolicLink(
        atPath: root + "/templates/partials", withDestinationPath: "../shared/partials")
      await expectRefused(
        "templates/partials",
        reason:
          "it is a symbolic link to a folder, and linked folders are not read (copy the folder in, or link each file)",
        in: root)
    }
  }

  @Test func aLinkToAnotherTemplateInsideTheFolderIsFine() async throws {
    try await site { root in
      try write("<p>Lost: {{site.title}}</p>\n", to: root + "/templates/partials/missing.mustache")
      try FileManager.default.createSymbolicLink(
        atPath: root + "/templates/404.mustache", withDestinationPath: "partials/missing.mustache")
      #expect(
        await runCLI(["build", "--offline", "-q"], in: root) == CLIResult(status: 0, stdout: "", stderr: ""))
      #expect(
        try String(contentsOfFile: root + "/public/404.html", encoding: .utf8) == "<p>Lost: Test Shelf</p>\n")
      #expect(await runCLI(["check", "-q"], in: root).status == 0)
    }
  }

  @Test func aFIFOTemplateIsRefusedWithoutWaiting() async throws {
    try await site { root in
      let fifo = root + "/templates/404.mustache"
      try TestSupport.makeFIFO(fifo)
      let (_, unblocked) = await FIFOGuard.run(fifos: [fifo]) {
        await expectRefused(
          "templates/404.mustache", reason: "it is a FIFO (named pipe), not a regular file", in: root)
      }
      #expect(!unblocked, "bookgen blocked on the FIFO")
    }
  }

  @Test func anOversizedTemplateIsRefusedWithoutReadingIt() async throws {
    try await site { root in
      try TestSupport.makeSparseFile(root + "/templates/404.mustache", size: 64 << 30)
      await expectRefused(
        "templates/404.mustache", reason: "it is larger than 4 MiB, the most bookgen reads for a template",
        in: root)
    }
  }
}

/// The real binary, with a key in its environment: a template linked to `/proc/self/environ`
/// must not publish it.
@Suite struct ThemeFileProcessTests {
  @Test func theEnvironmentIsNeverPublished() async throws {
    let fixture = try BuildFixture.start()
    try await withTemporaryDirectory { root in
      try fixture.writeCatalog(into: root)
      try FileManager.default.createDirectory(atPath: root + "/templates", withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(
        atPath: root + "/templates/404.mustache", withDestinationPath: "/proc/self/environ")
      let result = try await runBookgen(
        ["build", "-q"], in: root,
        variables: fixture.variables.merging(["GOOGLE_BOOKS_API_KEY": "sEcReT-kEy-42"]) { $1 })
      #expect(result.status == 1)
      #expect(!result.stderr.contains("sEcReT"))
      #expect(!FileManager.default.fileExists(atPath: root + "/public/404.html"))
      #expect(
        result.stderr.hasPrefix(
          "templates/404.mustache: error: cannot read the file: it is a symbolic link to a file outside templates/\n"
        ), "\(result.stderr)")
    }
    await fixture.server.stop()
  }
}
