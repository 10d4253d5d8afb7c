import Foundation
import Testing

@testable import BookgenBench

/// The Hugo site of the same books that `--hugo` builds beside bookgen.
@Suite struct SideBySideTests {
  @Test func theHugoSiteHasAPagePerBookAndCollection() throws {
    let directory = NSTemporaryDirectory() + "bookgen-bench-hugo-\(getpid())"
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let plan = DatasetPlan(count: 400)
    try HugoSite(plan: plan, seed: Dataset.defaultSeed, directory: directory).write()
    let books = try FileManager.default.contentsOfDirectory(atPath: directory + "/content/books")
    let collections = try FileManager.default.contentsOfDirectory(atPath: directory + "/content/collections")
    #expect(books.count == 400)
    #expect(collections.sorted() == plan.collections.map(\.slug).sorted())
    let first = SyntheticBook(index: 0, seed: Dataset.defaultSeed)
    let page = try String(contentsOfFile: directory + "/content/books/\(first.id).md", encoding: .utf8)
    #expect(page.hasPrefix("{\n \"title\": "))
    #expect(page.contains("\"collections\": [\"\(plan.collections[0].slug)\"]"))
  }

  @Test func hugoSortsByTheDatesGoogleSendsWhole() {
    #expect(HugoSite.sortDate("1965") == "1965-01-01")
    #expect(HugoSite.sortDate("1965-07") == "1965-07-01")
    #expect(HugoSite.sortDate("1965-07-20") == "1965-07-20")
    #expect(HugoSite.sortDate("1965-07-20T00:00:00+01:00") == nil)
  }
}
