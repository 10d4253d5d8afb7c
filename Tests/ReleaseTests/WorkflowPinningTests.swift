import Catalog
import Foundation
import Testing

/// What both workflows (the one `bookgen init --ci github` writes for users and the release
/// workflow) promise about supply chain and tokens. actionlint and zizmor check the rest
/// (`make lint-workflows`).
@Suite struct WorkflowPinningTests {
  static let files = [Workflow.written, ".github/workflows/release.yml"]

  /// A tag can be moved to other code; a full commit SHA cannot. The comment names the release.
  @Test(arguments: files)
  func everyActionIsPinnedToACommitWithItsTagInAComment(file: String) throws {
    let workflow = try Workflow(file)
    let uses = workflow.steps.compactMap { $0.step["uses"] }
    #expect(!uses.isEmpty)
    for node in uses {
      let reference = node.text ?? ""
      #expect(
        reference.wholeMatch(of: /[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.\/-]+)?@[0-9a-f]{40}/)
          != nil,
        "\(file):\(node.location.line): '\(reference)' is not pinned to a full commit SHA")
      let line = workflow.line(node.location.line)
      #expect(
        line.contains(/@[0-9a-f]{40} # v[0-9]+(\.[0-9]+)*$/),
        "\(file):\(node.location.line): no '# vX.Y.Z' comment after the SHA: \(line)")
    }
  }

  /// The checkout's token would otherwise stay in .git/config for every later step.
  @Test(arguments: files)
  func checkoutKeepsNoCredentials(file: String) throws {
    let checkouts = try Workflow(file).steps(using: "actions/checkout")
    #expect(!checkouts.isEmpty)
    for step in checkouts {
      #expect(step["with"]?["persist-credentials"]?.text == "false", "\(file):\(step.location.line)")
    }
  }

  /// Nothing is granted at the top, and every job is in the table below.
  @Test(arguments: files)
  func nothingIsGrantedAtTheTop(file: String) throws {
    let workflow = try Workflow(file)
    #expect(workflow.root["permissions"]?.stringDictionary == [:], "\(file): top-level permissions")
    let listed = Self.jobPermissions.filter { $0.file == file }.map(\.job)
    #expect(workflow.jobs.map(\.name) == listed, "\(file): every job needs a row in jobPermissions")
  }

  static let jobPermissions: [(file: String, job: String, permissions: [String: String])] = [
    (Workflow.written, "build", ["contents": "read", "pages": "read"]),
    (Workflow.written, "deploy", ["pages": "write", "id-token": "write"]),
    (".github/workflows/release.yml", "build", ["contents": "read"]),
    (".github/workflows/release.yml", "publish", ["contents": "write"]),
  ]

  /// Each job names exactly what it needs: the build jobs read, only publishing writes.
  @Test(arguments: jobPermissions)
  func eachJobHasLeastPrivilege(file: String, job name: String, permissions: [String: String]) throws {
    let job = try #require(try Workflow(file).jobs.first { $0.name == name }?.job)
    #expect(job["permissions"]?.stringDictionary == permissions, "\(file): jobs.\(name).permissions")
  }
}
