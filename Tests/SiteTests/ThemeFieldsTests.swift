import Foundation
import Mustache
import Testing

@testable import Site

/// The README's theme section names every field a template can use: each field of each page
/// type's context (what the template lint accepts) appears in it in backticks.
@Suite struct ThemeFieldsTests {
  static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")

  /// Every identifier inside backticks in the README's `### Theme` section.
  static func documentedNames() throws -> Set<String> {
    let text = try String(contentsOf: readme, encoding: .utf8)
    let start = try #require(text.range(of: "### Theme"))
    let end = try #require(text.range(of: "<!-- section: catalog-reference -->"))
    let section = text[start.upperBound..<end.lowerBound]
    var names: Set<String> = []
    for (index, span) in section.split(separator: "`", omittingEmptySubsequences: false).enumerated()
    where index % 2 == 1 {
      for word in span.split(whereSeparator: { !($0.isLetter || $0.isNumber) }) { names.insert(String(word)) }
    }
    return names
  }

  /// `book.hasAuthors`, `site.assetsHref`, `t.buy`…: every path the lint's schemas offer.
  static func fieldPaths(_ schema: FieldSchema, prefix: String = "") -> [String] {
    switch schema {
    case .object(let fields):
      return fields.sorted { $0.key < $1.key }.flatMap { key, value in
        [prefix + key] + fieldPaths(value, prefix: prefix + key + ".")
      }
    case .list(let element): return fieldPaths(element, prefix: prefix)
    case .any, .scalar: return []
    }
  }

  @Test func everyFieldIsInTheReadme() throws {
    let documented = try Self.documentedNames()
    var missing: Set<String> = []
    for (_, samples) in SampleSite.contexts() {
      for path in Self.fieldPaths(FieldSchema(samples: samples)) {
        let name = String(path.split(separator: ".").last ?? "")
        if !documented.contains(name) { missing.insert(path) }
      }
    }
    #expect(missing.sorted() == [], "fields missing from the README's theme section")
  }
}
