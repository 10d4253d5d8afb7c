import Foundation
import Testing

@testable import BookgenBench

/// The bookgen executable the end-to-end tests drive: `$BOOKGEN`, else the project's release
/// build, else its debug build; nil (and the test fails) when there is none.
func projectBookgen() -> String? {
  if let path = ProcessInfo.processInfo.environment["BOOKGEN"] { return path }
  // Benchmarks/Tests/BookgenBenchTests/DatasetTests.swift is four levels below the project.
  var root = URL(fileURLWithPath: #filePath)
  for _ in 0..<4 { root.deleteLastPathComponent() }
  let candidates = ["release", "debug"].map { root.path + "/.build/\($0)/bookgen" }
  guard let found = candidates.first(where: FileManager.default.isExecutableFile) else {
    Issue.record("no bookgen executable: run `make release` (or set BOOKGEN) first")
    return nil
  }
  return found
}

@Suite struct DatasetTests {
  @Test(arguments: [40, 1_000, 1_234, 10_000, 100_000])
  func thePlanCoversEveryVolumeOnceInPagesOf40(count: Int) {
    let plan = DatasetPlan(count: count)
    let pages = plan.queries.flatMap(\.pages)
    #expect(pages.map(\.volumes.count).reduce(0, +) == count)
    #expect(pages.enumerated().allSatisfy { $0.element.volumes.lowerBound == $0.offset * 40 })
    #expect(pages.dropLast().allSatisfy { $0.volumes.count == 40 })
    #expect(plan.queries.allSatisfy { (1...1_000).contains($0.maxResults) })
    #expect(plan.collections.count == min((count + 39) / 40, max(10, count / 1_000)))
  }

  /// The collections' slugs are the ones bookgen's own rule makes of the category paths, and the
  /// same as before: datasets already made still match.
  @Test func collectionSlugsFollowTheSitesRule() {
    let slugs = DatasetPlan(count: 20_000).collections.map(\.slug)
    #expect(slugs.first == "c001-fiction-science-fiction-general")
    #expect(slugs.contains("c006-fiction-mystery-detective-general"))
    #expect(slugs.contains("c008-computers-software-development-engineering-general"))
    #expect(slugs.contains("c011-biography-autobiography-literary-figures"))
    #expect(DatasetPlan.slug("  O'Reilly & Sons / Ｘ ") == "oreilly-sons")
  }

  /// A whole small dataset made through `bookgen fetch` and the mock server, then checked by
  /// --verify (which builds it); a second preparation finds the cache complete and asks nothing.
  @Test func aPreparedDatasetVerifies() throws {
    guard let bookgen = projectBookgen() else { return }
    let directory = NSTemporaryDirectory() + "bookgen-bench-test-\(getpid())"
    try? FileManager.default.removeItem(atPath: directory)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let dataset = Dataset(directory: directory, plan: DatasetPlan(count: 1_000))
    #expect(try dataset.prepare(bookgen: bookgen).requests == 25)
    #expect(try dataset.prepare(bookgen: bookgen).requests == 0)
    let report = try DatasetVerifier(dataset: dataset, bookgen: bookgen).verify()
    #expect(report.problems == [])
    #expect(report.lines.last == "bookgen build --offline: 1000 book pages")
    // The reference site has no index pages; the second catalog the default ones, same queries.
    let reference = try String(contentsOfFile: dataset.catalogPath, encoding: .utf8)
    let rich = try String(contentsOfFile: dataset.indexPagesCatalogPath, encoding: .utf8)
    #expect(reference.contains("  index_pages: []\n"))
    #expect(rich == reference.replacingOccurrences(of: "  index_pages: []\n", with: ""))
  }

  /// A dataset of another seed is made again from nothing, not mixed with the old cache.
  @Test func anotherSeedStartsAgain() throws {
    guard let bookgen = projectBookgen() else { return }
    let directory = NSTemporaryDirectory() + "bookgen-bench-seed-\(getpid())"
    try? FileManager.default.removeItem(atPath: directory)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    // 400 volumes: ten pages of 40.
    let first = Dataset(directory: directory, plan: DatasetPlan(count: 400), seed: 1)
    #expect(try first.prepare(bookgen: bookgen).requests == 10)
    #expect(try first.prepare(bookgen: bookgen).requests == 0)
    let second = Dataset(directory: directory, plan: DatasetPlan(count: 400), seed: 2)
    #expect(try second.prepare(bookgen: bookgen).requests == 10)
    let catalog = try String(contentsOfFile: second.catalogPath, encoding: .utf8)
    #expect(catalog.contains(SyntheticBook(index: 0, seed: 2).id))
  }

  @Test func timingLinesAreReadWhateverTheStages() {
    let stderr =
      "warning: x\ntiming: load-catalog 0.012\ntiming: decode 1.5\ntiming: bad\nBuilt 10 books\ntiming: total 2\n"
    let stages = TimingLines.parse(stderr)
    #expect(stages.map(\.stage) == ["load-catalog", "decode", "total"])
    #expect(stages.map(\.seconds) == [0.012, 1.5, 2])
  }
}

@Suite struct FetchLatencyTests {
  /// Every planned page is requested once, and the server never sees more than `--jobs` at once.
  @Test func theFetchRequestsEveryPageWithinTheCap() throws {
    guard let bookgen = projectBookgen() else { return }
    let results = try FetchLatencyBench(bookgen: bookgen, latency: 0.02, queries: 8).run(jobs: [1, 4])
    #expect(results.map(\.requests) == [8, 8])
    #expect(results[0].maxInFlight == 1)
    #expect((2...4).contains(results[1].maxInFlight))
  }
}

@Suite struct ImportBenchTests {
  /// The export has Goodreads' header and one record per row, whatever its quoted line breaks.
  @Test func theExportHasARecordPerRow() {
    let export = GoodreadsCSV(count: 300)
    let records = Self.records(export.text)
    #expect(records.first?.joined(separator: ",") == GoodreadsCSV.header)
    #expect(records.count == 301)
    #expect(records.allSatisfy { $0.count == 24 })
    let isbns = records.dropFirst().map { $0[6] }
    #expect(isbns.contains { $0.hasPrefix("=\"978") })
    #expect(isbns.contains("=\"\""))
    #expect(isbns.contains { $0.contains("E+12") })
    #expect(records.dropFirst().contains { $0[19].contains("<br/>") })
  }

  /// bookgen imports every row offline.
  @Test func bookgenImportsTheExport() throws {
    guard let bookgen = projectBookgen() else { return }
    let result = try ImportBench(bookgen: bookgen, rows: 200, runs: 1).run()
    #expect(result.rows == 200)
    #expect(result.seconds > 0)
  }

  /// A minimal RFC 4180 reader: the fields of each record.
  static func records(_ text: String) -> [[String]] {
    var records: [[String]] = []
    var record: [String] = []
    var field = ""
    var quoted = false
    var characters = Array(text.unicodeScalars)[...]
    while let character = characters.popFirst() {
      if quoted {
        if character == "\"" {
          if characters.first == "\"" {
            field.unicodeScalars.append(characters.removeFirst())
          } else {
            quoted = false
          }
        } else {
          field.unicodeScalars.append(character)
        }
      } else if character == "\"" {
        quoted = true
      } else if character == "," {
        record.append(field)
        field = ""
      } else if character == "\r" {
        continue
      } else if character == "\n" {
        record.append(field)
        records.append(record)
        record = []
        field = ""
      } else {
        field.unicodeScalars.append(character)
      }
    }
    return records
  }
}
