import Foundation
import Testing

@testable import BookgenCLI

/// The site's `static/` folder next to `catalog.yml`, through the commands.
@Suite struct StaticTests {
  @Test func aChangedStaticFileRebuildsAnOtherwiseUpToDateOfflineBuild() async throws {
    let fixture = try BuildFixture.start()
    try await withTemporaryDirectory { root in
      try fixture.writeCatalog(into: root)
      try write("books.example.com\n", to: root + "/static/CNAME")
      #expect(await runCLI(["build", "-q"], in: root, variables: fixture.variables).status == 0)
      let same = await runCLI(["build", "--offline"], in: root)
      #expect(same.stderr.hasPrefix("Site in \(root)/public is up to date"), "\(same.stderr)")
      try write("shelf.example.com\n", to: root + "/static/CNAME")
      let changed = await runCLI(["build", "--offline"], in: root)
      #expect(changed.status == 0)
      #expect(!changed.stderr.contains("up to date"), "\(changed.stderr)")
      #expect(changed.stderr.contains("\nBuilt 2 books, "), "\(changed.stderr)")
      #expect(try String(contentsOfFile: root + "/public/CNAME", encoding: .utf8) == "shelf.example.com\n")
    }
    await fixture.server.stop()
  }

  @Test func siteCheckLeavesTheOwnersVerbatimPagesAlone() async throws {
    let fixture = try BuildFixture.start()
    try await withTemporaryDirectory { root in
      try fixture.writeCatalog(into: root)
      // What Google's site verification asks for: no title, no lang, not a page of the site.
      try write("google-site-verification: google1234.html", to: root + "/static/google1234.html")
      #expect(await runCLI(["build", "-q"], in: root, variables: fixture.variables).status == 0)
      #expect(FileManager.default.fileExists(atPath: root + "/public/google1234.html"))
      let checked = await runCLI(["check", "--site", "-q"], in: root)
      #expect(checked.status == 0, "\(checked.stderr)")
    }
    await fixture.server.stop()
  }

  @Test func aStaticFileInAPagesPlaceFailsTheBuildAndKeepsTheSite() async throws {
    let fixture = try BuildFixture.start()
    try await withTemporaryDirectory { root in
      try fixture.writeCatalog(into: root)
      #expect(await runCLI(["build", "-q"], in: root, variables: fixture.variables).status == 0)
      let home = try String(contentsOfFile: root + "/public/index.html", encoding: .utf8)
      let kept = try FileManager.default.contentsOfDirectory(atPath: root).filter { $0.hasPrefix(".public.") }
      let keptBytes = kept.map { FileManager.default.contents(atPath: root + "/" + $0) }
      try write("<p>mine</p>", to: root + "/static/index.html")
      let result = await runCLI(["build", "--offline", "-q"], in: root)
      #expect(
        result
          == CLIResult(
            status: 1, stdout: "",
            stderr: """
              error: 'bookgen build' failed while rendering the site
              caused by: 'static/index.html' collides with the generated 'index.html'; rename or remove it \
              (robots.txt is the one generated file static/ may replace)

              """))
      #expect(try String(contentsOfFile: root + "/public/index.html", encoding: .utf8) == home)
      // What the failed build had staged for the next (its cache index, written beside the
      // render) is gone; what the last build kept is as it was.
      let after = try FileManager.default.contentsOfDirectory(atPath: root).filter {
        $0.hasPrefix(".public.")
      }
      #expect(after.sorted() == kept.sorted())
      #expect(after.allSatisfy { !$0.hasSuffix(".tmp") }, "\(after)")
      #expect(kept.map { FileManager.default.contents(atPath: root + "/" + $0) } == keptBytes)
    }
    await fixture.server.stop()
  }
}
