import Foundation
import Testing

/// `Sources/BuildInfoPlugin/build-info.sh`, which the BuildInfo plugin runs on every build to
/// name the commit in `bookgen --version` and the repository releases come from. That the release binary names this checkout's
/// commit is tested on the archive (Tests/Dist/run.sh).
@Suite struct BuildInfoScriptTests {
  static let script = "Sources/BuildInfoPlugin/build-info.sh"

  private func generated(commit: String, repository: String = "") -> String {
    """
    // Generated at build time by the BuildInfo plugin (build-info.sh). Do not edit.

    /// What the build recorded: the commit (`bookgen --version`), the repository (`init --ci`).
    enum BuildInfo {
      /// The abbreviated git commit the binary was built from, or "unknown".
      static let commit = "\(commit)"
      /// The GitHub owner/name releases are published from, or "" when this build does not know.
      static let repository = "\(repository)"
    }

    """
  }

  /// Runs git in `directory` with no user configuration.
  @discardableResult
  private func git(_ arguments: [String], in directory: URL) throws -> String {
    let result = try runProgram(
      "/usr/bin/env",
      ["git", "-c", "user.name=bookgen", "-c", "user.email=bookgen@example.org", "-C", directory.path]
        + arguments)
    try #require(result.status == 0, "git \(arguments): \(result.stderr)")
    return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  private func buildInfo(
    for package: URL, in folder: URL, repository: String? = nil
  ) throws -> (ScriptResult, String?) {
    let output = folder.appendingPathComponent("out/BuildInfo.swift")
    let result = try runProgram(
      "/bin/sh",
      [Workflow.packageRoot.appendingPathComponent(Self.script).path, package.path, output.path]
        + (repository.map { [$0] } ?? []))
    return (result, try? String(contentsOf: output, encoding: .utf8))
  }

  @Test func namesTheCommitOfTheCheckout() throws {
    try withFolder { folder in
      let package = folder.appendingPathComponent("bookgen")
      try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
      try git(["init", "-q"], in: package)
      try git(["commit", "-q", "--allow-empty", "-m", "first"], in: package)
      let commit = try git(["rev-parse", "--short=7", "HEAD"], in: package)
      let (result, text) = try buildInfo(for: package, in: folder)
      #expect(result == ScriptResult(status: 0, stdout: "", stderr: ""))
      #expect(text == generated(commit: commit))
    }
  }

  /// A source tarball has no .git; one unpacked inside another repository must not take that
  /// repository's commit.
  @Test(arguments: [false, true])
  func saysUnknownOutsideItsOwnCheckout(insideAnotherRepository: Bool) throws {
    try withFolder { folder in
      if insideAnotherRepository {
        try git(["init", "-q"], in: folder)
        try git(["commit", "-q", "--allow-empty", "-m", "someone else's"], in: folder)
      }
      let package = folder.appendingPathComponent("bookgen-0.1.0")
      try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
      let (result, text) = try buildInfo(for: package, in: folder)
      #expect(result == ScriptResult(status: 0, stdout: "", stderr: ""))
      #expect(text == generated(commit: "unknown"))
    }
  }

  /// The release build names its repository; anything but `owner/name` is left out, since it
  /// becomes a Swift string and a URL path.
  @Test(arguments: [
    ("someone/bookgen", "someone/bookgen"), ("", ""), ("someone", ""), ("a/b/c", ""),
    (#"x/y"; exit"#, ""), ("x/y\nz/w", ""),
  ])
  func recordsTheReleaseRepository(given: String, recorded: String) throws {
    try withFolder { folder in
      let package = folder.appendingPathComponent("bookgen")
      try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
      let (result, text) = try buildInfo(for: package, in: folder, repository: given)
      #expect(result == ScriptResult(status: 0, stdout: "", stderr: ""))
      #expect(text == generated(commit: "unknown", repository: recorded))
    }
  }

  /// An unchanged commit leaves the file (and so the compiled module) alone.
  @Test func rewritesTheFileOnlyWhenItsTextChanges() throws {
    try withFolder { folder in
      let package = folder.appendingPathComponent("bookgen")
      try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
      let output = folder.appendingPathComponent("out/BuildInfo.swift")
      _ = try buildInfo(for: package, in: folder)
      let old = Date(timeIntervalSince1970: 1_000_000_000)
      try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: output.path)
      _ = try buildInfo(for: package, in: folder)
      let modified = try FileManager.default.attributesOfItem(atPath: output.path)[.modificationDate] as? Date
      #expect(modified == old)
      try git(["init", "-q"], in: package)
      try git(["commit", "-q", "--allow-empty", "-m", "first"], in: package)
      let (_, text) = try buildInfo(for: package, in: folder)
      #expect(text == generated(commit: try git(["rev-parse", "--short=7", "HEAD"], in: package)))
    }
  }
}

/// A fresh empty folder, removed when `body` returns.
func withFolder(_ body: (URL) throws -> Void) throws {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "bookgen-release-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  try body(folder)
}
