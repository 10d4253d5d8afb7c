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

  @Test func siteCheckIsNotFaked() async throws {
    try await withTemporaryDirectory { root in
      #expect(await runCLI(["init", "-q"], in: root).status == 0)
      let result = await runCLI(["check", "--site"], in: root)
      #expect(
        result
          == CLIResult(
            status: 1, stdout: "",
            stderr: "error: 'bookgen check --site' is not yet available in this build\n"))
    }
  }
}
