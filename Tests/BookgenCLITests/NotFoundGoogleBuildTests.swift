import Foundation
import TestSupport
import Testing

@testable import BookgenCLI

/// Google Books' "not found" over HTTP, from the command line: 40 ISBNs it does not know (an
/// empty answer) and a full record it answers 404 for are asked for once; the next builds, an
/// offline one too, ask nothing for them; `--refresh` asks again and takes the record Google has
/// now; `cache.not_found_max_age` expires them sooner than the answers that found something.
@Suite struct NotFoundGoogleBuildTests {
  /// 40 valid ISBN-13s no source has.
  static let unknownISBNs: [String] = (0..<40).map { index in
    let body = "97810000" + String(format: "%04d", index)
    let sum = body.enumerated().reduce(0) { $0 + Int(String($1.element))! * ($1.offset % 2 == 0 ? 1 : 3) }
    return body + String((10 - sum % 10) % 10)
  }

  static func catalog(notFoundMaxAge: String? = nil) -> String {
    """
    site:
      title: "Shelf"
      base_url: "https://shelf.test/"
    \(notFoundMaxAge.map { "cache:\n  not_found_max_age: \($0)\n" } ?? "")collections:
      - title: "Dune"
        slug: dune
        details: full
        queries:
          - q: "dune"
            max_results: 2
      - title: "Wanted"
        slug: wanted
        isbns:
    \(unknownISBNs.map { "      - \"\($0)\"" }.joined(separator: "\n"))

    """
  }

  static func server() throws -> FakeGoogleBooksServer {
    let google = FakeGoogleBooks()
    google.setSearch(
      "dune",
      results: [
        FakeGoogleBooks.volumeJSON(id: "duneFull001", title: "Dune"),
        FakeGoogleBooks.volumeJSON(id: "duneGone002", title: "Dune Messiah"),
      ])
    google.setVolume(
      "duneFull001", json: FakeGoogleBooks.volumeJSON(id: "duneFull001", title: "Dune", pageCount: 412))
    let server = FakeGoogleBooksServer(google: google)
    try server.start()
    return server
  }

  /// The requests for the 40 ISBNs and for the missing full record, among `requests`.
  static func notFoundRequests(_ requests: [String]) -> [String] {
    requests.filter { request in
      request.contains("/volumes/duneGone002") || unknownISBNs.contains { request.contains("isbn%3A\($0)") }
    }
  }

  @Test func fortyNotFoundAnswersAreAskedForOnce() async throws {
    let server = try Self.server()
    let google = server.google
    let variables = ["BOOKGEN_API_URL": server.apiURL]
    try await withTemporaryDirectory { root in
      try write(Self.catalog(), to: root + "/catalog.yml")
      let first = await runCLI(["build", "-v"], in: root, variables: variables)
      #expect(first.status == 0, "\(first.stderr)")
      #expect(Self.notFoundRequests(google.requests).count == 41)
      // With them, the empty answers of the (empty) Open Library asked for the 40 ISBNs next.
      #expect(
        first.stderr.contains(
          "Fetched 2 volumes: 45 requests, 0 cache hits, 0 retries, 43 not found, cached, 42 warnings\n"),
        "\(first.stderr)")
      let asked = google.requestCount

      // The second build online asks for none of them, nor for anything else.
      let second = await runCLI(["build", "-v"], in: root, variables: variables)
      #expect(second.status == 0, "\(second.stderr)")
      #expect(google.requestCount == asked)
      // The ISBNs no source has are still said; the 404's warning is not given again.
      #expect(
        second.stderr.contains(
          "Fetched 2 volumes: 0 requests, 45 cache hits, 0 retries, 43 not found, cached, 40 warnings\n"),
        "\(second.stderr)")

      // Offline, after a catalog edit: the not-found answers are in the cache like the others.
      try write(
        Self.catalog().replacingOccurrences(of: "\"Wanted\"", with: "\"Still wanted\""),
        to: root + "/catalog.yml")
      let offline = await runCLI(["build", "--offline", "-q"], in: root)
      #expect(offline == CLIResult(status: 0, stdout: "", stderr: ""))

      // Google has the record now: --refresh asks again and the page shows it.
      google.setVolume(
        "duneGone002",
        json: FakeGoogleBooks.volumeJSON(id: "duneGone002", title: "Dune Messiah", pageCount: 256))
      let refreshed = await runCLI(["build", "--refresh", "-q"], in: root, variables: variables)
      #expect(refreshed.status == 0, "\(refreshed.stderr)")
      #expect(Self.notFoundRequests(google.requests).count == 82)
      let messiah = try ImportBuildTests.page(titled: "Dune Messiah", in: root)
      #expect(messiah.contains("256"), "\(messiah)")
    }
    await server.stop()
  }

  @Test func notFoundAnswersExpireSoonerThanTheOthers() async throws {
    let server = try Self.server()
    let google = server.google
    let variables = ["BOOKGEN_API_URL": server.apiURL]
    try await withTemporaryDirectory { root in
      try write(Self.catalog(notFoundMaxAge: "1s"), to: root + "/catalog.yml")
      #expect(await runCLI(["build", "-q"], in: root, variables: variables).status == 0)
      let before = google.requests
      try await Task.sleep(for: .milliseconds(1_500))
      let later = await runCLI(["build", "-q"], in: root, variables: variables)
      #expect(later.status == 0, "\(later.stderr)")
      // Only the not-found answers were asked again: the search and the full record that were
      // found keep their week.
      let again = Array(google.requests.dropFirst(before.count))
      #expect(again.sorted() == Self.notFoundRequests(before).sorted())
    }
    await server.stop()
  }
}
