import Catalog
import Foundation
import Testing

/// `.github/workflows/release.yml`: a version tag builds, checks and publishes the archive.
@Suite struct ReleaseWorkflowTests {
  static let file = ".github/workflows/release.yml"

  @Test func runsOnVersionTagsOnly() throws {
    let on = try #require(try Workflow(Self.file).root["on"])
    #expect(on.pairs.map { $0.key.text } == ["push"])
    #expect(on["push"]?.pairs.map { $0.key.text } == ["tags"])
    #expect(on["push"]?["tags"]?.items.map(\.text) == ["v*"])
  }

  /// The archive is made and checked by the same make targets `make test` runs, on Debian 12
  /// (the oldest glibc the README promises), and published by a job that builds nothing.
  @Test func buildsWithMakeDistChecksAndPublishes() throws {
    let workflow = try Workflow(Self.file)
    let build = try #require(workflow.jobs.first { $0.name == "build" }?.job)
    #expect(build["container"]?.text?.hasSuffix("-bookworm") == true)
    let runs = workflow.steps.filter { $0.job == "build" }.compactMap { $0.step["run"]?.text }
    #expect(runs.contains("make dist"))
    #expect(runs.contains("make dist-check"))
    let dist = workflow.steps.first { $0.step["run"]?.text == "make dist" }?.step
    #expect(dist?["env"]?["BOOKGEN_RELEASE_REPO"]?.text == "${{ github.repository }}")
    let publish = workflow.steps.filter { $0.job == "publish" }.compactMap { $0.step["run"]?.text }
    #expect(publish.count == 1)
    #expect(publish.first?.contains("sha256sum --check --strict ./*.sha256") == true)
    #expect(publish.first?.contains("gh release create \"$TAG\" ./*") == true)
    #expect(!publish.joined().contains("make"))
  }
}
