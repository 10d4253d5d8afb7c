import Foundation
import Testing

/// Output compared byte for byte with a file under `Tests/SiteTests/Golden/`.
///
/// A missing golden file is written and the test fails saying so, so that every recording is
/// reviewed; `BOOKGEN_RECORD_GOLDEN=1` rewrites them all (and fails the same way).
enum GoldenFile {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Golden")

  static func check(_ actual: Data, golden: String, what: String? = nil) throws {
    let url = directory.appendingPathComponent(golden)
    let record = ProcessInfo.processInfo.environment["BOOKGEN_RECORD_GOLDEN"] == "1"
    guard !record, let expected = FileManager.default.contents(atPath: url.path) else {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try actual.write(to: url)
      Issue.record("recorded golden file Golden/\(golden); review it and run the tests again")
      return
    }
    #expect(
      actual == expected,
      "\(what ?? golden) differs from Golden/\(golden); if the change is intended, rerun with BOOKGEN_RECORD_GOLDEN=1"
    )
  }

  static func check(_ actual: String, golden: String, what: String? = nil) throws {
    try check(Data(actual.utf8), golden: golden, what: what)
  }
}
