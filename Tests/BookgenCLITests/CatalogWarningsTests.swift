import Foundation
import Testing

@testable import BookgenCLI

/// Mistakes in the catalog that do not stop a build, reported where they are written.
@Suite struct CatalogWarningsTests {
  /// `books:` entries whose ISBN or id no book of any collection has, or whose book takes its
  /// entry from another key, are reported at their key with a hint, never silently dropped.
  @Test func unusedBookEntriesAreReportedAtTheirKeys() async throws {
    let fixture = try BuildFixture.start()
    try await withTemporaryDirectory { root in
      let books = """
        books:
          dune0001:
            tags: [used]
          "9780441013593":
            note: Shadowed by the entry under the book's id.
          dune0003:
            note: A typo for dune0002?

        """
      try write(BuildFixture.catalog + books, to: root + "/catalog.yml")
      let result = await runCLI(["build"], in: root, variables: fixture.variables)
      #expect(result.status == 0)
      expectGolden(result.stderr, named: "build-unused-book-entries.txt")
      // Not an error for check, which cannot know what the queries will find.
      #expect(await runCLI(["check"], in: root).stderr == "")
    }
    await fixture.server.stop()
  }

  @Test(arguments: [
    ("https://example.com/books/", true), ("https://me.example.github.io/", false),
    ("https://example.github.io/books/", true), ("https://shop.example.org/", true),
    ("https://ada.github.io/books/", false),
  ])
  func aPlaceholderBaseURLIsWarnedAboutByBuild(url: String, warned: Bool) async throws {
    let fixture = try BuildFixture.start()
    try await withTemporaryDirectory { root in
      try write(
        BuildFixture.catalog.replacingOccurrences(of: "https://shelf.test/books/", with: url),
        to: root + "/catalog.yml")
      let result = await runCLI(["build"], in: root, variables: fixture.variables)
      #expect(result.status == 0)
      let host = String(url.dropFirst("https://".count).prefix { $0 != "/" })
      let warning = """
        catalog.yml:3:13: warning: 'site.base_url' is '\(url)', a placeholder (\(host)): set it to the \
        address the site will be published at; canonical links, the sitemap and feeds point there
          base_url: "\(url)"
                    ^\(String(repeating: "~", count: url.count + 1))

        """
      #expect(result.stderr.hasPrefix(warning) == warned, "\(result.stderr)")
      // --base-url names the address this build is for.
      let preview = await runCLI(
        ["build", "--base-url", "https://preview.shelf.test/"], in: root, variables: fixture.variables)
      #expect(!preview.stderr.contains("warning: 'site.base_url'"))
    }
    await fixture.server.stop()
  }

  @Test func aMissingBaseURLIsWarnedAbout() async throws {
    let fixture = try BuildFixture.start()
    try await withTemporaryDirectory { root in
      try write(
        BuildFixture.catalog.replacingOccurrences(
          of: "  base_url: \"https://shelf.test/books/\"\n", with: ""),
        to: root + "/catalog.yml")
      let result = await runCLI(["build"], in: root, variables: fixture.variables)
      #expect(result.status == 0)
      #expect(
        result.stderr.hasPrefix(
          "warning: 'site.base_url' is not set, so canonical links, the sitemap and feeds point at "
            + "http://localhost:8000/: set it in catalog.yml to the address the site will be published at\n"))
    }
    await fixture.server.stop()
  }

  /// The preview is served locally: no warning about the address.
  @Test func servesPreviewBuildsWithoutTheWarning() async throws {
    let fixture = try BuildFixture.start()
    try await withTemporaryDirectory { root in
      try write(
        BuildFixture.catalog.replacingOccurrences(
          of: "https://shelf.test/books/", with: "https://example.com/"),
        to: root + "/catalog.yml")
      #expect(await runCLI(["fetch", "-q"], in: root, variables: fixture.variables).status == 0)
      let stderr = CapturedText()
      let environment = Environment(
        variables: [:], workingDirectory: root, standardOutput: TextOutput { _ in },
        standardError: stderr.output, clock: { 0 })
      let context = try ServeCommand(environment: environment)
      let result = await context.previewBuild(into: root + "/preview", baseURL: "http://127.0.0.1:8123/")
      guard case .success = result else {
        Issue.record("expected a successful build, got \(result)")
        return
      }
      #expect(stderr.text == "")
    }
    await fixture.server.stop()
  }
}
