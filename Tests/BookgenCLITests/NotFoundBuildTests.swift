import Foundation
import TestSupport
import Testing

@testable import BookgenCLI

/// A source's "not found" is remembered: a build that met Open Library's 404s for two edition
/// records and an ISBN no source knows asks for none of them again, warns once, and an offline
/// build after a catalog edit still builds; `--refresh` asks again.
@Suite struct NotFoundBuildTests {
  static let catalog =
    OpenLibraryBuildTests.catalog.replacingOccurrences(
      of: "      - 0-06-027322-4\n", with: "      - 0-06-027322-4\n      - 978-0-00-000000-2\n")

  static let missing = ["/books/OL7582342M.json", "/books/OL22951843M.json"]

  @Test func aSecondBuildAsksNothingForWhatWasNotFound() async throws {
    let (google, library) = try OpenLibraryBuildTests.servers()
    for path in Self.missing {
      library.library.script(
        path, [.error(status: 404, body: #"{"error": "notfound", "key": "\#(path.dropLast(5))"}"#)])
    }
    let variables = OpenLibraryBuildTests.variables(google, library)
    try await withTemporaryDirectory { root in
      try write(Self.catalog, to: root + "/catalog.yml")
      let first = await runCLI(["build", "-v"], in: root, variables: variables)
      #expect(first.status == 0, "\(first.stderr)")
      let warnings = first.stderr.split(separator: "\n").filter { $0.hasPrefix("warning:") }
      #expect(warnings.filter { $0.contains("HTTP 404") }.count == 2, "\(first.stderr)")
      #expect(first.stderr.contains(" not found, cached"), "\(first.stderr)")
      let asked = (google.google.requestCount, library.library.requestCount)

      // The second build: no request at all, the 404s not warned about again, and counted with the
      // other answers that found nothing (Google's searches for the ISBNs it lacks, and the like).
      let second = await runCLI(["build", "-v"], in: root, variables: variables)
      #expect(second.status == 0)
      #expect((google.google.requestCount, library.library.requestCount) == asked)
      #expect(!second.stderr.contains("HTTP 404"), "\(second.stderr)")
      #expect(
        second.stderr.contains(
          "Fetched 5 volumes: 0 requests, 14 cache hits, 0 retries, 5 not found, cached, 1 warning"),
        "\(second.stderr)")

      // A catalog edit, offline: every answer, the not-found ones too, is in the cache.
      try write(
        Self.catalog.replacingOccurrences(of: "Found only in", with: "Found, only, in"),
        to: root + "/catalog.yml")
      let offline = await runCLI(["build", "--offline", "-q"], in: root, variables: variables)
      #expect(offline == CLIResult(status: 0, stdout: "", stderr: ""))

      // --refresh asks again, and the records Open Library has now are used.
      let refreshed = await runCLI(["build", "--refresh", "-q"], in: root, variables: variables)
      #expect(refreshed.status == 0)
      for path in Self.missing {
        #expect(library.library.requests.filter { $0 == path }.count == 2, "\(path)")
      }
    }
    await google.stop()
    await library.stop()
  }
}
