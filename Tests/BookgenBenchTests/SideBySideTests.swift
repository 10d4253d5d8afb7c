import Catalog
import Foundation
import Testing

@testable import BookgenBench

/// The issue 17 scenarios' inputs: the note edit and the Hugo site of the same books.
@Suite struct SideBySideTests {
  @Test func editingTheNoteChangesOneLineOfTheCatalogAndOneEntry() throws {
    let plan = DatasetPlan(count: 1_000)
    let before = CatalogText(plan: plan, seed: DatasetWriter.defaultSeed).text
    let after = CatalogText(plan: plan, seed: DatasetWriter.defaultSeed, noteEdited: true).text
    let changed = zip(before.split(separator: "\n"), after.split(separator: "\n")).filter { $0 != $1 }
    #expect(changed.count == 1)
    #expect(changed.first?.1.contains("Read in 2000, and again.") == true)
  }

  @Test func theHugoSiteHasAPagePerBookAndCollection() throws {
    let directory = NSTemporaryDirectory() + "bookgen-bench-hugo-\(getpid())"
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let plan = DatasetPlan(count: 400)
    try HugoSite(plan: plan, seed: DatasetWriter.defaultSeed, directory: directory).write()
    let books = try FileManager.default.contentsOfDirectory(atPath: directory + "/content/books")
    let collections = try FileManager.default.contentsOfDirectory(atPath: directory + "/content/collections")
    #expect(books.count == 400)
    #expect(collections.sorted() == plan.collections.map(\.slug).sorted())
    let first = SyntheticBook(index: 0, seed: DatasetWriter.defaultSeed)
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
