import Foundation
import Testing

@testable import BookgenCLI

/// The render stage reads the world through the command's injected environment alone: an
/// in-process run's `SOURCE_DATE_EPOCH` is the one its build uses, never the test process's.
@Suite struct EnvironmentTests {
  @Test func theSourceDateComesFromTheInjectedEnvironmentAndCountsAsAnInput() async throws {
    let fixture = try BuildFixture.start()
    try await withTemporaryDirectory { root in
      try fixture.writeCatalog(into: root)
      var variables = fixture.variables
      variables["SOURCE_DATE_EPOCH"] = "1700000000"
      #expect(await runCLI(["build", "-q"], in: root, variables: variables).status == 0)
      let sitemap = try String(contentsOfFile: root + "/public/sitemap.xml", encoding: .utf8)
      #expect(sitemap.contains("<lastmod>2023-11-14</lastmod>"))
      let same = await runCLI(
        ["build", "--offline"], in: root, variables: ["SOURCE_DATE_EPOCH": "1700000000"])
      #expect(same.stderr.hasPrefix("Site in \(root)/public is up to date"), "\(same.stderr)")
      // Another date changes the sitemap and the feeds: the output is not up to date.
      let later = await runCLI(
        ["build", "--offline"], in: root, variables: ["SOURCE_DATE_EPOCH": "1800000000"])
      #expect(later.status == 0)
      #expect(!later.stderr.contains("up to date"), "\(later.stderr)")
      let changed = try String(contentsOfFile: root + "/public/sitemap.xml", encoding: .utf8)
      #expect(changed.contains("<lastmod>2027-01-15</lastmod>"))
      #expect(!changed.contains("2023-11-14"))
    }
    await fixture.server.stop()
  }
}
