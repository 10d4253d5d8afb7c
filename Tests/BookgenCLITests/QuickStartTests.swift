import Foundation
import Testing

@testable import BookgenCLI

/// Getting started says what `init` writes; these hold it to that.
@Suite struct QuickStartTests {
  static func quickStart() throws -> String {
    let text = try String(
      contentsOf: Fixtures.packageRoot.appendingPathComponent("docs/getting-started.md"), encoding: .utf8)
    let start = try #require(text.range(of: "## Try the example"))
    let end = try #require(text.range(of: "## What a build writes"))
    return String(text[start.upperBound..<end.lowerBound])
  }

  /// The line of the quick start's shell block that runs `command`.
  static func line(running command: String, in section: String) throws -> String {
    try #require(section.split(separator: "\n").first { $0.hasPrefix(command + " ") }.map(String.init))
  }

  static func topLevel(_ folder: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
  }

  @Test func initWritesWhatTheQuickStartSays() async throws {
    let section = try Self.quickStart()
    try await withTemporaryDirectory { root in
      #expect(await runCLI(["init", "my-books", "-q"], in: root).status == 0)
      #expect(try Self.topLevel(root + "/my-books") == [".gitignore", "catalog.yml"])
      let line = try Self.line(running: "bookgen init my-books", in: section)
      #expect(line.contains("catalog.yml") && line.contains(".gitignore") && !line.contains("templates"))
      for entry in Scaffold.gitignoreLines { #expect(section.contains("`\(entry)`"), "\(entry)") }
      #expect(section.contains("the new site has no\n`templates/`"))
    }
  }

  @Test func initExampleWritesWhatTheQuickStartSays() async throws {
    let section = try Self.quickStart()
    try await withTemporaryDirectory { root in
      #expect(await runCLI(["init", "--example", "books", "-q"], in: root).status == 0)
      #expect(try Self.topLevel(root + "/books") == [".bookgen-cache", ".gitignore", "catalog.yml"])
      let line = try Self.line(running: "bookgen init --example books", in: section)
      #expect(line.contains("catalog.yml") && line.contains("cache") && line.contains(".gitignore"))
      #expect(section.contains("writes to `.bookgen-cache/`"))
      // "four collections of real books": the example's own count.
      #expect(ExampleSite.catalog.components(separatedBy: "\n  - title: ").count - 1 == 4)
      #expect(section.contains("four collections"))
    }
  }
}
