import Foundation
import TestSupport
import Testing

@testable import BookgenCLI

/// A new site's first build, when Google cannot be reached or refuses anonymous requests:
/// one message says what to do next (get a key, and how; or try the example site).
@Suite struct FirstBuildTests {
  static let quotaMessage =
    "Quota exceeded for quota metric 'Queries' and limit 'Queries per day' of service 'books.googleapis.com'"

  /// Google's anonymous quota is spent (every answer a 429): the ISBNs come from Open Library,
  /// with one warning, and the new site builds without a key.
  @Test func aNewSiteBuildsWithoutAKeyFromOpenLibrary() async throws {
    let server = try Self.spentQuota()
    let library = try Self.starterLibrary()
    try await withTemporaryDirectory { root in
      #expect(await runCLI(["init", "-q"], in: root).status == 0)
      let result = await runCLI(
        ["build"], in: root,
        variables: ["BOOKGEN_API_URL": server.apiURL, "BOOKGEN_OPENLIBRARY_URL": library.apiURL])
      #expect(result.status == 0)
      #expect(result.stdout == "")
      // The two ISBNs, sent at once; not Foundation's (found by the Open Library search, to
      // enrich it): by then Google has said its daily quota is spent.
      #expect(server.google.requestCount == 2)
      expectGolden(
        Self.progressRemoved(result.stderr).replacingOccurrences(of: server.apiURL, with: "API"),
        named: "build-first-run-quota.txt")
      let dune = try String(
        contentsOfFile: root + "/public/books/dune-OL24382006M/index.html", encoding: .utf8)
      #expect(dune.contains("View on Open Library"))
    }
    await server.stop()
    await library.stop()
  }

  /// What the starter catalog asks Open Library for.
  static func starterLibrary() throws -> FakeOpenLibraryServer {
    try FakeOpenLibraryServer.startedForStarterCatalog()
  }

  @Test func noNetworkSaysWhatToDoAtOnce() async throws {
    let unreachable = try await TestSupport.unreachableAPIURL()
    try await withTemporaryDirectory { root in
      #expect(await runCLI(["init", "-q"], in: root).status == 0)
      let result = await runCLI(["build", "-q"], in: root, variables: ["BOOKGEN_API_URL": unreachable])
      #expect(result.status == 1)
      expectGolden(
        result.stderr.replacingOccurrences(of: unreachable, with: "API"),
        named: "build-first-run-no-network.txt")
    }
  }

  /// With a key, a 429 is the key's own quota: no advice to get one, and Open Library answers.
  @Test func withAKeyThereIsNoKeyAdvice() async throws {
    let server = try Self.spentQuota()
    let library = try Self.starterLibrary()
    try await withTemporaryDirectory { root in
      #expect(await runCLI(["init", "-q"], in: root).status == 0)
      let result = await runCLI(
        ["build"], in: root,
        variables: [
          "BOOKGEN_API_URL": server.apiURL, "BOOKGEN_OPENLIBRARY_URL": library.apiURL,
          "GOOGLE_BOOKS_API_KEY": "test-key-123",
        ])
      #expect(result.status == 0)
      #expect(!result.stderr.contains("Google Cloud console"))
      #expect(!result.stderr.contains("init --example"))
      #expect(result.stderr.contains("the API key's quota is spent or Google is rate-limiting"))
      #expect(!result.stderr.contains("test-key-123") && !result.stdout.contains("test-key-123"))
    }
    await server.stop()
    await library.stop()
  }

  /// A Google whose daily quota is spent: a 429 for each of a new site's first requests.
  static func spentQuota() throws -> FakeGoogleBooksServer {
    let google = FakeGoogleBooks()
    google.script(
      "volumes",
      Array(repeating: .error(status: 429, reason: "rateLimitExceeded", message: quotaMessage), count: 3))
    // Google's answers take a moment, as over a network: the ISBN lookups sent at once are
    // both in flight before the first says the quota is spent. Without it, on a loaded
    // machine the first answer could arrive before the second lookup left, which then is
    // never sent (the spent quota stops it): a different, also correct, request count.
    google.latency = 0.3
    let server = FakeGoogleBooksServer(google: google)
    try server.start()
    return server
  }

  /// `fetch: <collection>: …` progress lines, which depend on nothing here.
  static func progressRemoved(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("fetch: ") }
      .joined(separator: "\n")
  }
}
