import Foundation
import Mustache
import Testing

@testable import Site

/// The template field reference names every field a template can use: each field of each page
/// type's context (what the template lint accepts) appears in it in backticks.
@Suite struct ThemeFieldsTests {
  static let reference = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/template-fields.md")

  /// Every identifier inside backticks in `docs/template-fields.md`.
  static func documentedNames() throws -> Set<String> {
    let section = try String(contentsOf: reference, encoding: .utf8)
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

  @Test func everyFieldIsInTheReference() throws {
    let documented = try Self.documentedNames()
    var missing: Set<String> = []
    for (_, samples) in SampleSite.contexts() {
      for path in Self.fieldPaths(FieldSchema(samples: samples)) {
        let name = String(path.split(separator: ".").last ?? "")
        if !documented.contains(name) { missing.insert(path) }
      }
    }
    #expect(missing.sorted() == [], "fields missing from docs/template-fields.md")
  }
}
