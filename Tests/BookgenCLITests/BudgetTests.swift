import Foundation
import Testing

@testable import BookgenCLI

/// A catalog needing more requests than `--max-requests` allows converges over several runs.
@Suite struct BudgetTests {
  @Test func eachRunFetchesWhatItsBudgetAllowsBuildsAndExitsZero() async throws {
    let fixture = try BuildFixture.start()
    try await withTemporaryDirectory { root in
      try fixture.writeCatalog(into: root)
      let first = await runCLI(["build", "--max-requests", "1"], in: root, variables: fixture.variables)
      #expect(first.status == 0)
      #expect(
        fixture.google.requests == [
          "/books/v1/volumes?country=US&maxResults=10&q=intitle%3Adune&startIndex=0"
        ])
      let lines = first.stderr.split(separator: "\n").map(String.init)
      #expect(
        Array(lines.dropLast()) == [
          "fetch: dune: 2 volumes", "fetch: picked: 0 volumes",
          "Fetched 2 volumes: 2 requests, 0 cache hits, 0 retries, 1 not found, cached, 1 warning",
          "warning: the request budget of 1 is spent with 1 book still to fetch (1 request); this run builds "
            + "with what is cached and the next one fetches more (or raise --max-requests / "
            + "google_books.max_requests)",
          "warning: collection 'picked' has no books",
        ])
      #expect(lines.last?.hasPrefix("Built 2 books, ") == true)
      let picked = try String(contentsOfFile: root + "/public/picked/index.html", encoding: .utf8)
      #expect(!picked.contains("books/dune-dune0001/"))

      let second = await runCLI(
        ["build", "--max-requests", "1", "-q"], in: root, variables: fixture.variables)
      #expect(second == CLIResult(status: 0, stdout: "", stderr: ""))
      #expect(fixture.google.requestCount == 2)
      let complete = try String(contentsOfFile: root + "/public/picked/index.html", encoding: .utf8)
      #expect(complete.contains("books/dune-dune0001/"))

      let third = await runCLI(
        ["build", "--max-requests", "1", "-q"], in: root, variables: fixture.variables)
      #expect(third.status == 0)
      #expect(fixture.google.requestCount == 2, "a complete, fresh cache needs no request")
    }
    await fixture.server.stop()
  }

  @Test func verboseListsWhatIsStillToFetch() async throws {
    let fixture = try BuildFixture.start()
    try await withTemporaryDirectory { root in
      try fixture.writeCatalog(into: root)
      let result = await runCLI(
        ["fetch", "--max-requests", "1", "-v"], in: root, variables: fixture.variables)
      #expect(result.status == 0)
      #expect(
        result.stderr.contains(
          "\n  still to fetch: ISBN 9780441013593 in collection 'picked': "
            + "volumes?country=US&maxResults=10&q=isbn%3A9780441013593&startIndex=0\n"))
    }
    await fixture.server.stop()
  }
}
