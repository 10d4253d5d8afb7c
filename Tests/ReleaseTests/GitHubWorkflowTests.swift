import Catalog
import Foundation
import Testing

/// The workflow `bookgen init --ci github` writes for a site: it installs the release binary
/// it was written by (checked by digest), builds for the address Pages gives, keeps the fetch
/// cache, and runs weekly and by hand. What it does without an API key: InitCITests.
@Suite struct GitHubWorkflowTests {
  static let file = Workflow.written

  /// The runs of the build job's `run:` steps, in order.
  private func runs(_ workflow: Workflow) -> [(index: Int, script: String)] {
    let steps = workflow.steps.filter { $0.job == "build" }.map(\.step)
    return steps.indices.compactMap { index in steps[index]["run"]?.text.map { (index, $0) } }
  }

  private func index(of step: YAMLNode, in workflow: Workflow) -> Int? {
    workflow.steps.filter { $0.job == "build" }.map(\.step).firstIndex(of: step)
  }

  /// No Swift toolchain in the user's CI: the release binary of this version, run only when its
  /// digest is the one of the bookgen that wrote the file.
  @Test func installsThePinnedReleaseBinaryAndNeverCompilesSwift() throws {
    let workflow = try Workflow(Self.file)
    let env = try #require(workflow.root["env"]?.stringDictionary)
    #expect(env["BOOKGEN_VERSION"] == "0.1.0")
    let repository = try #require(env["BOOKGEN_REPO"])
    #expect(repository.wholeMatch(of: /[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+/) != nil, "\(repository)")
    let bookgen = Workflow.packageRoot.appendingPathComponent(".build/debug/bookgen").path
    let digest = try runProgram("/usr/bin/sha256sum", [bookgen]).stdout.prefix(64)
    #expect(env["BOOKGEN_SHA256"] == String(digest))
    let scripts = runs(workflow).map(\.script)
    let install = try #require(scripts.first { $0.contains("releases/download/") })
    let check = #"echo "$BOOKGEN_SHA256  $TOOLS/bookgen" | sha256sum --check --strict --quiet"#
    #expect(install.contains(check))
    #expect(install.contains("v$BOOKGEN_VERSION/$package.tar.gz"))
    // Nothing of the download is made executable or put on PATH before the check.
    let checked = try #require(install.range(of: check)).upperBound
    #expect(install.range(of: "chmod")?.lowerBound ?? install.startIndex > checked)
    #expect(install.range(of: "GITHUB_PATH")?.lowerBound ?? install.startIndex > checked)
    for step in workflow.steps.map(\.step) {
      let text = (step["run"]?.text ?? "") + (step["uses"]?.text ?? "")
      #expect(!text.localizedCaseInsensitiveContains("swift"), "\(Self.file):\(step.location.line)")
    }
  }

  /// An expression expanded inside a script could inject code: values reach scripts through
  /// `env:` only.
  @Test func noExpressionIsExpandedInAScript() throws {
    for (index, script) in runs(try Workflow(Self.file)) {
      #expect(!script.contains("${{"), "step \(index): \(script)")
    }
  }

  /// The site is built for the address GitHub serves it at (a project site's sub-path, or a
  /// custom domain), not the catalog's base_url.
  @Test func theBaseURLComesFromConfigurePages() throws {
    let workflow = try Workflow(Self.file)
    let configure = try #require(workflow.steps(using: "actions/configure-pages").first)
    let id = try #require(configure["id"]?.text)
    let buildStep = try #require(workflow.steps.map(\.step).first { $0["name"]?.text == "Build the site" })
    #expect(buildStep["env"]?["BASE_URL"]?.text == "${{ steps.\(id).outputs.base_url }}/")
    let build = try #require(runs(workflow).first { $0.script.contains("bookgen build") })
    let buildLine = build.script.split(separator: "\n").first { $0.contains("bookgen build") } ?? ""
    #expect(buildLine.contains(#"--base-url "$BASE_URL""#), "\(buildLine)")
    #expect(try #require(index(of: configure, in: workflow)) < build.index)
  }

  /// Restore and save are separate steps so that the save runs even after a failed build
  /// (`if: always()`): a run stopped by the request budget keeps what it fetched.
  @Test func theFetchCacheIsSavedEvenWhenAStepFails() throws {
    let workflow = try Workflow(Self.file)
    #expect(workflow.steps(using: "actions/cache").isEmpty, "the combined action saves only on success")
    let restore = try #require(workflow.steps(using: "actions/cache/restore").first)
    let save = try #require(workflow.steps(using: "actions/cache/save").first)
    let id = try #require(restore["id"]?.text)
    #expect(save["if"]?.text == "always()")
    #expect(save["with"]?["key"]?.text == "${{ steps.\(id).outputs.cache-primary-key }}")
    #expect(save["with"]?["path"]?.text == ".bookgen-cache")
    #expect(restore["with"]?["path"]?.text == ".bookgen-cache")
    #expect(
      restore["with"]?["restore-keys"]?.text.map { restore["with"]?["key"]?.text?.hasPrefix($0) } == true)
    let build = try #require(runs(workflow).first { $0.script.contains("bookgen build") })
    let restoreIndex = try #require(index(of: restore, in: workflow))
    let saveIndex = try #require(index(of: save, in: workflow))
    #expect(restoreIndex < build.index && build.index < saveIndex)
  }

  /// The API key reaches only the step that fetches.
  @Test func theSecretReachesOnlyTheBuildStep() throws {
    let workflow = try Workflow(Self.file)
    let users = workflow.steps.map(\.step).filter { step in
      step["env"]?.pairs.contains { $0.value.text?.contains("secrets.") == true } == true
    }
    #expect(users.count == 1)
    #expect(users.first?["env"]?["GOOGLE_BOOKS_API_KEY"]?.text == "${{ secrets.GOOGLE_BOOKS_API_KEY }}")
    #expect(users.first?["run"]?.text?.contains("bookgen build") == true)
    #expect(workflow.root["env"]?.pairs.contains { $0.value.text?.contains("secrets.") == true } == false)
  }

  /// A user reads the file, not the README: the secret, what happens without it, the schedule
  /// and GitHub's pause of idle schedules are explained where they are set.
  @Test func commentsExplainTheSecretAndTheSchedule() throws {
    let workflow = try Workflow(Self.file)
    let comments = workflow.lines.filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("#") }
      .map { $0.drop { $0 == " " || $0 == "#" } }.joined(separator: " ")
    #expect(comments.contains("repository secret GOOGLE_BOOKS_API_KEY"))
    #expect(comments.contains("Without it Google refuses most requests (HTTP 429)"))
    #expect(comments.contains("Mondays at 04:17 UTC"))
    #expect(comments.contains("after 60 days without activity"))
    let cron = workflow.root["on"]?["schedule"]?.items.first?["cron"]?.text
    #expect(cron == "17 4 * * 1")
    #expect(workflow.root["on"]?["workflow_dispatch"] != nil)
  }
}
