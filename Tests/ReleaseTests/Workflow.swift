import Catalog
import Foundation
import Testing

/// A GitHub Actions workflow of this repository, parsed with the catalog's YAML reader; the raw
/// lines are kept for what YAML drops (the `# v1.2.3` comment after a pinned `uses:`).
struct Workflow {
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  let path: String
  let root: YAMLNode
  let lines: [String]

  /// What `bookgen init --ci github` writes, as the name the tests give it.
  static let written = "bookgen init --ci github"

  /// A file of this repository, or `written`.
  init(_ path: String) throws {
    let text =
      path == Self.written
      ? try Self.writtenByInit(host: "github", file: ".github/workflows/bookgen.yml")
      : try String(contentsOf: Self.packageRoot.appendingPathComponent(path), encoding: .utf8)
    try self.init(path, text: text)
  }

  /// The workflow the built `bookgen init --ci HOST` writes into an empty folder.
  static func writtenByInit(host: String, file: String) throws -> String {
    let bookgen = packageRoot.appendingPathComponent(".build/debug/bookgen").path
    try #require(FileManager.default.isExecutableFile(atPath: bookgen), "build it first: swift build")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "bookgen-ci-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try runProgram(bookgen, ["init", "--ci", host, "-q", folder.path])
    try #require(result.status == 0, "bookgen init --ci \(host): \(result.stderr)")
    return try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
  }

  init(_ path: String, text: String) throws {
    self.path = path
    root = try #require(try YAMLReader.parse(text, file: path))
    lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  /// `jobs.<name>`, in file order.
  var jobs: [(name: String, job: YAMLNode)] {
    (root["jobs"]?.pairs ?? []).map { ($0.key.text ?? "", $0.value) }
  }

  /// Every step of every job, with its job's name.
  var steps: [(job: String, step: YAMLNode)] {
    jobs.flatMap { job in (job.job["steps"]?.items ?? []).map { (job.name, $0) } }
  }

  /// The steps whose `uses:` names `action` (`actions/checkout`), any version.
  func steps(using action: String) -> [YAMLNode] {
    steps.map(\.step).filter { $0["uses"]?.text?.hasPrefix(action + "@") == true }
  }

  /// The text of line `number` (1-based).
  func line(_ number: Int) -> String { lines.indices.contains(number - 1) ? lines[number - 1] : "" }
}

extension YAMLNode {
  /// The value of `key` in a mapping, or nil.
  subscript(key: String) -> YAMLNode? { pairs.first { $0.key.text == key }?.value }

  /// A scalar's text, or nil for a sequence or mapping.
  var text: String? { scalar?.value }

  /// A sequence's items; empty for anything else.
  var items: [YAMLNode] {
    if case .sequence(let items) = kind { return items }
    return []
  }

  /// A mapping's entries; empty for anything else.
  var pairs: [YAMLPair] {
    if case .mapping(let pairs) = kind { return pairs }
    return []
  }

  /// A mapping of scalars as a dictionary (`permissions:`), or nil if it is not one.
  var stringDictionary: [String: String]? {
    guard case .mapping(let pairs) = kind else { return nil }
    var result: [String: String] = [:]
    for pair in pairs {
      guard let key = pair.key.text, let value = pair.value.text else { return nil }
      result[key] = value
    }
    return result
  }
}
