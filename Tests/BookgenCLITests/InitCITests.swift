import Catalog
import Foundation
import TestSupport
import Testing

@testable import BookgenCLI

/// `bookgen init --ci github|gitlab`: the workflow, what it pins, and what its build step does
/// without an API key (against a Google that answers 429 to everything), as its comment says.
/// The GitHub workflow's shape and supply chain: ReleaseTests (GitHubWorkflowTests).
@Suite struct InitCITests {
  /// Stands in for bookgen's executable, so the pinned digest is known.
  static let executableBytes = "not really bookgen\n"
  static let executableDigest = "eb5ad61cff16c1eb60f9d6a45250b8fbdc292db7aac1267432f176c11e05f4e4"

  private func initialize(_ arguments: [String], in root: String) async throws -> CLIResult {
    let executable = root + ".exe"
    try write(Self.executableBytes, to: executable)
    defer { try? FileManager.default.removeItem(atPath: executable) }
    return await runCLI(["init"] + arguments, in: root, executable: executable)
  }

  @Test func theDigestIsTheExecutablesSHA256() async throws {
    try await withTemporaryDirectory { root in
      try write(Self.executableBytes, to: root + "/bookgen")
      let digest = try await runProcess("/usr/bin/sha256sum", [root + "/bookgen"]).stdout.prefix(64)
      #expect(String(digest) == Self.executableDigest)
      #expect(try ReleasePin.digest(of: root + "/bookgen") == Self.executableDigest)
    }
  }

  @Test(arguments: CIHost.allCases)
  func writesTheHostsWorkflowPinnedToThisBookgen(host: CIHost) async throws {
    try await withTemporaryDirectory { root in
      let result = try await initialize(["--ci", host.rawValue], in: root)
      #expect(result.status == 0, "\(result.stderr)")
      let text = try String(contentsOfFile: root + "/" + host.path, encoding: .utf8)
      let pins = try #require(try Self.pins(in: text, host: host))
      #expect(pins["BOOKGEN_VERSION"] == BookgenCLI.version)
      #expect(pins["BOOKGEN_SHA256"] == Self.executableDigest)
      #expect(pins["BOOKGEN_REPO"] == (BuildInfo.repository.isEmpty ? "OWNER/bookgen" : BuildInfo.repository))
      #expect(text.contains(CIWorkflow.comment(CIWorkflow.withoutKey, indent: "      ")))
      let row = result.stdout.split(separator: "\n").first { $0.hasPrefix("  \(host.path) ") }
      #expect(row?.contains(" builds weekly and deploys to ") == true, "\(result.stdout)")
      #expect(!result.stdout.contains("bookgen init --ci"))
    }
  }

  /// `init` without `--ci` says it exists in its closing lines.
  @Test func initWithoutCIMentionsIt() async throws {
    try await withTemporaryDirectory { root in
      let result = try await initialize([], in: root)
      #expect(
        result.stdout.hasSuffix(
          "  bookgen init --ci github          build and deploy it from CI (or --ci gitlab)\n"))
    }
  }

  /// In a site, `--ci` adds the workflow alone, without --force, and caches the folder the
  /// catalog names.
  @Test func anExistingSiteGetsItsWorkflowForItsCacheFolder() async throws {
    try await withTemporaryDirectory { root in
      #expect(try await initialize(["-q"], in: root).status == 0)
      let catalog = try String(contentsOfFile: root + "/catalog.yml", encoding: .utf8)
        .replacingOccurrences(of: "dir: .bookgen-cache", with: "dir: data/fetched")
      try write(catalog, to: root + "/catalog.yml")
      let result = try await initialize(["--ci", "gitlab"], in: root)
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stdout.hasPrefix("Added to the site in '.':\n  .gitlab-ci.yml   builds weekly"))
      #expect(try String(contentsOfFile: root + "/catalog.yml", encoding: .utf8) == catalog)
      let text = try String(contentsOfFile: root + "/.gitlab-ci.yml", encoding: .utf8)
      #expect(text.contains("    paths:\n      - \"data/fetched\"\n"))
    }
  }

  /// A catalog that does not load is reported as `check` would, and nothing is written.
  @Test func aBrokenCatalogWritesNothing() async throws {
    try await withTemporaryDirectory { root in
      try write("site:\n  title: [\n", to: root + "/catalog.yml")
      let result = try await initialize(["--ci", "github"], in: root)
      #expect(result.status == 1)
      #expect(result.stderr.hasPrefix("catalog.yml:"), "\(result.stderr)")
      #expect(!FileManager.default.fileExists(atPath: root + "/.github"))
    }
  }

  @Test func anUnknownHostIsAUsageError() async {
    #expect(
      await runCLI(["init", "--ci", "gitub"])
        == CLIResult(
          status: 64, stdout: "",
          stderr:
            "error: invalid value 'gitub' for '--ci <host>': expected 'github' or 'gitlab' (did you mean 'github'?)\n"
            + "See 'bookgen init --help'.\n"))
  }

  /// The build step as the host runs it (bash -e), with bookgen on PATH and no key, against a
  /// Google that answers 429 to every request: the starter catalog (ISBNs and an Open Library
  /// search) builds from Open Library; a Google Books search fails the build, naming the key.
  @Test(arguments: CIHost.allCases)
  func withoutAKeyTheBuildStepDoesWhatTheCommentSays(host: CIHost) async throws {
    let google = FakeGoogleBooks()
    google.script(
      "volumes",
      Array(
        repeating: .error(status: 429, reason: "rateLimitExceeded", message: FirstBuildTests.quotaMessage),
        count: 100))
    let server = FakeGoogleBooksServer(google: google)
    try server.start()
    let library = try FakeOpenLibraryServer.startedForStarterCatalog()
    try await withTemporaryDirectory { root in
      #expect(try await initialize(["--ci", host.rawValue, "-q"], in: root).status == 0)
      let text = try String(contentsOfFile: root + "/" + host.path, encoding: .utf8)
      let script = try #require(try Self.buildStep(in: text, host: host))
      let variables = [
        "PATH": bookgenBinary.deletingLastPathComponent().path + ":/usr/bin:/bin",
        "BOOKGEN_API_URL": server.apiURL, "BOOKGEN_OPENLIBRARY_URL": library.apiURL,
        "BASE_URL": "https://someone.github.io/books/",
      ]
      let built = try await runProcess("/bin/bash", ["-e", "-c", script], in: root, variables: variables)
      #expect(built.status == 0, "\(built.stderr)")
      #expect(built.stderr.contains("Google Books refused 3 ISBN lookups with HTTP 429"), "\(built.stderr)")
      let dune = try String(
        contentsOfFile: root + "/public/books/dune-OL24382006M/index.html", encoding: .utf8)
      #expect(dune.contains("https://someone.github.io/books/"))

      let catalog = try String(contentsOfFile: root + "/catalog.yml", encoding: .utf8)
      try write(
        catalog.replacingOccurrences(
          of: "    queries:\n",
          with: "    queries:\n      - q: \"subject:science fiction inauthor:asimov\"\n"),
        to: root + "/catalog.yml")
      let failed = try await runProcess("/bin/bash", ["-e", "-c", script], in: root, variables: variables)
      #expect(failed.status == 1)
      #expect(failed.stderr.contains("HTTP 429"), "\(failed.stderr)")
      #expect(failed.stderr.contains("GOOGLE_BOOKS_API_KEY"), "\(failed.stderr)")
    }
    await server.stop()
    await library.stop()
  }

  /// The build step's script: GitHub's `Build the site` step's `run`, GitLab's `script` lines.
  static func buildStep(in text: String, host: CIHost) throws -> String? {
    let root = try YAMLReader.parse(text, file: host.path)
    switch host {
    case .github:
      let steps = root?.value("jobs")?.value("build")?.value("steps")?.items ?? []
      return steps.first { $0.value("name")?.scalar?.value == "Build the site" }?.value("run")?.scalar?.value
    case .gitlab:
      let lines = root?.value("pages")?.value("script")?.items.compactMap { $0.scalar?.value }
      return lines?.joined(separator: "\n")
    }
  }

  /// `env:` (GitHub) or `variables:` (GitLab) at the top of the workflow.
  static func pins(in text: String, host: CIHost) throws -> [String: String]? {
    let root = try YAMLReader.parse(text, file: host.path)
    let pairs = root?.value(host == .github ? "env" : "variables")?.mappingPairs ?? []
    return Dictionary(
      uniqueKeysWithValues: pairs.compactMap { pair in
        pair.key.scalar.flatMap { key in pair.value.scalar.map { (key.value, $0.value) } }
      })
  }
}

extension YAMLNode {
  fileprivate func value(_ key: String) -> YAMLNode? {
    mappingPairs.first { $0.key.scalar?.value == key }?.value
  }

  fileprivate var mappingPairs: [YAMLPair] {
    if case .mapping(let pairs) = kind { return pairs }
    return []
  }

  fileprivate var items: [YAMLNode] {
    if case .sequence(let items) = kind { return items }
    return []
  }
}
