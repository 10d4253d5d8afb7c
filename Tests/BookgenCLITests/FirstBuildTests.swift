import Foundation
import TestSupport
import Testing

@testable import BookgenCLI

/// A new site's first build, when Google cannot be reached or refuses anonymous requests:
/// one message says what to do next (get a key, and how; or try the example site).
@Suite struct FirstBuildTests {
  static let quotaMessage =
    "Quota exceeded for quota metric 'Queries' and limit 'Queries per day' of service 'books.googleapis.com'"

  @Test func theAnonymousQuotaSaysHowToGetAKey() async throws {
    let server = try Self.spentQuota()
    let google = server.google
    try await withTemporaryDirectory { root in
      #expect(await runCLI(["init", "-q"], in: root).status == 0)
      let result = await runCLI(["build"], in: root, variables: ["BOOKGEN_API_URL": server.apiURL])
      #expect(result.status == 1)
      #expect(result.stdout == "")
      #expect(google.requestCount == 3)
      expectGolden(
        Self.progressRemoved(result.stderr).replacingOccurrences(of: server.apiURL, with: "API"),
        named: "build-first-run-quota.txt")
    }
    await server.stop()
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

  /// With a key, a 429 is the key's own quota: no advice to get one.
  @Test func withAKeyThereIsNoKeyAdvice() async throws {
    let server = try Self.spentQuota()
    let google = server.google
    try await withTemporaryDirectory { root in
      #expect(await runCLI(["init", "-q"], in: root).status == 0)
      let result = await runCLI(
        ["build", "-q"], in: root,
        variables: ["BOOKGEN_API_URL": server.apiURL, "GOOGLE_BOOKS_API_KEY": "test-key-123"])
      #expect(result.status == 1)
      #expect(!result.stderr.contains("Google Cloud console"))
      #expect(!result.stderr.contains("init --example"))
      #expect(result.stderr.contains("the API key's daily quota is spent"))
      #expect(google.requestCount == 3)
      #expect(!result.stderr.contains("test-key-123") && !result.stdout.contains("test-key-123"))
    }
    await server.stop()
  }

  /// A Google whose daily quota is spent: three 429s, as many as a new site's first build sends.
  static func spentQuota() throws -> FakeGoogleBooksServer {
    let google = FakeGoogleBooks()
    google.script(
      "volumes",
      Array(repeating: .error(status: 429, reason: "rateLimitExceeded", message: quotaMessage), count: 3))
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
