import Foundation
import Testing

@testable import BookgenCLI

@Suite struct CheckTests {
  @Test func threeMistakesGiveThreeLocatedErrors() async throws {
    try await withTemporaryDirectory { root in
      let fixture = Fixtures.catalogs.appendingPathComponent("three-mistakes.yml")
      try FileManager.default.copyItem(atPath: fixture.path, toPath: root + "/catalog.yml")
      let result = await runCLI(["check"], in: root)
      #expect(result.status == 1)
      #expect(result.stdout == "")
      expectGolden(result.stderr, named: "check-three-mistakes.txt")
      #expect(result.stderr.components(separatedBy: ": error: ").count == 4)
    }
  }

  @Test func aNewSitePassesCheck() async throws {
    try await withTemporaryDirectory { root in
      #expect(await runCLI(["init", "shelf", "-q"], in: root).status == 0)
      let result = await runCLI(["check", "--catalog", "shelf/catalog.yml"], in: root)
      #expect(
        result
          == CLIResult(
            status: 0, stdout: "shelf/catalog.yml: OK (2 collections, 1 query, 2 ISBNs)\n", stderr: ""))
    }
  }

  @Test func templateProblemsAreReportedWithCatalogProblems() async throws {
    try await withTemporaryDirectory { root in
      let fixture = Fixtures.catalogs.appendingPathComponent("three-mistakes.yml")
      try FileManager.default.copyItem(atPath: fixture.path, toPath: root + "/catalog.yml")
      try write("<h1>{{#book}}{{titel}}{{/book}}</h1>\n", to: root + "/templates/book.mustache")
      let result = await runCLI(["check"], in: root)
      #expect(result.status == 1)
      #expect(result.stdout == "")
      expectGolden(result.stderr, named: "check-catalog-and-template.txt")
    }
  }

  @Test func aNewSiteWithCopiedTemplatesPassesCheck() async throws {
    try await withTemporaryDirectory { root in
      #expect(await runCLI(["init", "--templates", "-q"], in: root).status == 0)
      #expect(FileManager.default.fileExists(atPath: root + "/templates/book.mustache"))
      let result = await runCLI(["check"], in: root)
      #expect(
        result
          == CLIResult(status: 0, stdout: "catalog.yml: OK (2 collections, 1 query, 2 ISBNs)\n", stderr: ""))
    }
  }

  @Test func theExampleCatalogPassesCheck() async {
    let result = await runCLI(["check"], in: Fixtures.packageRoot.path)
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(result.stdout.hasPrefix("catalog.yml: OK ("))
  }

  @Test func aMissingCatalogIsNamed() async {
    let result = await runCLI(["check", "--catalog", "books.yml"])
    #expect(
      result
        == CLIResult(
          status: 1, stdout: "",
          stderr:
            "error: catalog file 'books.yml' not found (create one with 'bookgen init' or pass '--catalog PATH')\n"
        ))
  }

  @Test func aBadAPIURLVariableIsAnError() async throws {
    try await withTemporaryDirectory { root in
      #expect(await runCLI(["init", "-q"], in: root).status == 0)
      let result = await runCLI(["check"], in: root, variables: ["BOOKGEN_API_URL": "localhost:9"])
      #expect(
        result
          == CLIResult(
            status: 1, stdout: "",
            stderr: "error: BOOKGEN_API_URL must be an http(s) URL, got 'localhost:9'\n"))
    }
  }

  @Test func siteCheckWithoutABuiltSiteFails() async throws {
    try await withTemporaryDirectory { root in
      #expect(await runCLI(["init", "-q"], in: root).status == 0)
      let result = await runCLI(["check", "--site"], in: root)
      #expect(
        result
          == CLIResult(
            status: 1, stdout: "catalog.yml: OK (2 collections, 1 query, 2 ISBNs)\n",
            stderr: """
              error: 'bookgen check' failed while checking the site in 'public'
              caused by: '\(root)/public' is not a folder (build the site first)

              """))
    }
  }

  @Test func siteCheckUsesTheBaseURLTheSiteWasBuiltFor() async throws {
    let fixture = try BuildFixture.start()
    try await withTemporaryDirectory { root in
      try fixture.writeCatalog(into: root)
      let build = await runCLI(
        ["build", "-q", "--base-url", "https://preview.example.org/pr-7/"], in: root,
        variables: fixture.variables)
      #expect(build.status == 0)
      let checked = await runCLI(["check", "--site"], in: root)
      #expect(
        checked
          == CLIResult(
            status: 0, stdout: "catalog.yml: OK (2 collections, 1 query, 1 ISBN)\npublic: OK\n", stderr: ""))
      // Given explicitly, --base-url still wins: the links do not start with /books/.
      let other = await runCLI(
        ["check", "--site", "-q", "--base-url", "https://example.com/books/"], in: root)
      #expect(other.status == 1)
    }
    await fixture.server.stop()
  }

  @Test func siteCheckPassesOnABuiltSiteAndListsBrokenLinks() async throws {
    let fixture = try BuildFixture.start()
    try await withTemporaryDirectory { root in
      try fixture.writeCatalog(into: root)
      #expect(await runCLI(["build", "-q"], in: root, variables: fixture.variables).status == 0)
      let passed = await runCLI(["check", "--site"], in: root)
      #expect(
        passed
          == CLIResult(
            status: 0, stdout: "catalog.yml: OK (2 collections, 1 query, 1 ISBN)\npublic: OK\n", stderr: ""))

      try write(
        "<!doctype html><html lang=en><title>x</title><a href=\"missing/\">x</a><a href=\"#nope\">y</a></html>",
        to: root + "/public/extra.html")
      let failed = await runCLI(["check", "--site", "-q"], in: root)
      #expect(
        failed
          == CLIResult(
            status: 1, stdout: "catalog.yml: OK (2 collections, 1 query, 1 ISBN)\n",
            stderr: """
              error: public/extra.html: broken link 'missing/' (no such file)
              error: public/extra.html: broken link '#nope' (no id 'nope' in extra.html)
              error: the site in 'public' has 2 problems

              """))
    }
    await fixture.server.stop()
  }

}
