import Catalog
import Foundation
import Testing

/// `.ci/github-pages.yml`, the workflow users copy (and `bookgen init` may write): it installs
/// the release archive, builds for the address Pages gives, and keeps the fetch cache.
@Suite struct PagesRecipeTests {
  static let file = ".ci/github-pages.yml"

  /// The runs of the build job's `run:` steps, in order.
  private func runs(_ workflow: Workflow) -> [(index: Int, script: String)] {
    let steps = workflow.steps.filter { $0.job == "build" }.map(\.step)
    return steps.indices.compactMap { index in steps[index]["run"]?.text.map { (index, $0) } }
  }

  private func index(of step: YAMLNode, in workflow: Workflow) -> Int? {
    workflow.steps.filter { $0.job == "build" }.map(\.step).firstIndex(of: step)
  }

  /// No Swift toolchain in the user's CI: the prebuilt binary, at a pinned version and checksum.
  @Test func installsThePinnedReleaseArchiveAndNeverCompilesSwift() throws {
    let workflow = try Workflow(Self.file)
    let env = try #require(workflow.root["env"]?.stringDictionary)
    #expect(env["BOOKGEN_VERSION"]?.wholeMatch(of: /[0-9]+\.[0-9]+\.[0-9]+/) != nil)
    #expect(env["BOOKGEN_SHA256"] != nil && env["BOOKGEN_REPO"] != nil)
    let scripts = runs(workflow).map(\.script)
    let install = try #require(scripts.first { $0.contains("releases/download/") })
    #expect(install.contains(#"echo "$BOOKGEN_SHA256  $RUNNER_TEMP/$archive" | sha256sum --check --strict"#))
    #expect(install.contains("v$BOOKGEN_VERSION/$archive"))
    for step in workflow.steps.map(\.step) {
      let text = (step["run"]?.text ?? "") + (step["uses"]?.text ?? "")
      #expect(!text.localizedCaseInsensitiveContains("swift"), "\(Self.file):\(step.location.line)")
    }
  }

  /// The site is built for the address GitHub serves it at (a project site's sub-path, or a
  /// custom domain), not the catalog's base_url.
  @Test func theBaseURLComesFromConfigurePages() throws {
    let workflow = try Workflow(Self.file)
    let configure = try #require(workflow.steps(using: "actions/configure-pages").first)
    let id = try #require(configure["id"]?.text)
    let build = try #require(runs(workflow).first { $0.script.contains("bookgen build") })
    let option = #"--base-url "${{ steps.\#(id).outputs.base_url }}/""#
    let buildLine = build.script.split(separator: "\n").first { $0.contains("bookgen build") } ?? ""
    #expect(buildLine.contains(option), "\(buildLine)")
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
    #expect(save["with"]?["path"]?.text == restore["with"]?["path"]?.text)
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

  /// A user reads the file, not the README: the secret, the schedule and GitHub's pause of
  /// idle schedules are explained where they are set.
  @Test func commentsExplainTheSecretAndTheSchedule() throws {
    let workflow = try Workflow(Self.file)
    let comments = workflow.lines.filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("#") }
      .joined(separator: "\n")
    #expect(comments.contains("repository secret GOOGLE_BOOKS_API_KEY"))
    #expect(comments.contains("Daily at 04:17 UTC"))
    #expect(comments.contains("after 60 days without activity"))
    let cron = workflow.root["on"]?["schedule"]?.items.first?["cron"]?.text
    #expect(cron == "17 4 * * *")
  }

  /// `.ci/pin-recipe.sh` (run by the release workflow) sets the three values and nothing else.
  @Test func pinRecipeSetsRepositoryVersionAndChecksum() throws {
    let original = try String(
      contentsOf: Workflow.packageRoot.appendingPathComponent(Self.file), encoding: .utf8)
    let checksum = String(repeating: "0123456789abcdef", count: 4)
    let pinned = try runScript(".ci/pin-recipe.sh", ["someone/bookgen", "1.2.3", checksum], input: original)
    #expect(pinned.status == 0, "\(pinned.stderr)")
    let env = try #require(try Workflow(Self.file, text: pinned.stdout).root["env"]?.stringDictionary)
    #expect(
      env == ["BOOKGEN_REPO": "someone/bookgen", "BOOKGEN_VERSION": "1.2.3", "BOOKGEN_SHA256": checksum])
    let changed = zip(original.split(separator: "\n"), pinned.stdout.split(separator: "\n")).filter {
      $0 != $1
    }
    #expect(changed.count == 3)
    #expect(pinned.stdout.split(separator: "\n").count == original.split(separator: "\n").count)

    let refused = try runScript(".ci/pin-recipe.sh", ["someone/bookgen", "1.2.3", "abc"], input: original)
    #expect(refused == ScriptResult(status: 1, stdout: "", stderr: "error: 'abc' is not a sha256 checksum\n"))
  }
}
