import Foundation
import Testing

@testable import Catalog

/// Every `Fixtures/broken/NAME.yml` must fail with exactly the text in `NAME.expected`.
///
/// A missing `.expected` file is written from the actual output and the test fails, so each
/// recording is reviewed before it is committed.
@Suite struct BrokenCatalogTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/broken")

  static let names: [String] = {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return files.filter { $0.hasSuffix(".yml") }.map { String($0.dropLast(4)) }.sorted()
  }()

  @Test func fixturesExist() {
    #expect(Self.names.count >= 15)
  }

  @Test(arguments: names)
  func reportsExactly(name: String) throws {
    let text = try String(contentsOf: Self.folder.appendingPathComponent("\(name).yml"), encoding: .utf8)
    let error = #expect(throws: CatalogError.self) {
      try CatalogLoader.parse(text, file: "catalog.yml", directory: ".")
    }
    let actual = (error?.description ?? "") + "\n"
    let expectedURL = Self.folder.appendingPathComponent("\(name).expected")
    guard let expected = try? String(contentsOf: expectedURL, encoding: .utf8) else {
      try actual.write(to: expectedURL, atomically: true, encoding: .utf8)
      Issue.record("recorded \(name).expected; review it and run the tests again")
      return
    }
    #expect(actual == expected)
  }
}
