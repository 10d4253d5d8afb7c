import Catalog
import Synchronization
import Testing

@testable import Import

/// Rows without a usable ISBN are looked up by title and author; what a lookup found once is
/// kept on the next import without asking again.
@Suite struct TitleMatchTests {
  /// Answers from a table by title, counting what it was asked.
  final class FakeMatcher: BookMatcher {
    let answers: [String: String]
    let asked = Mutex<[String]>([])

    init(_ answers: [String: String]) {
      self.answers = answers
    }

    func match(_ queries: [MatchQuery]) async throws -> [BookMatch?] {
      asked.withLock { $0 += queries.map { "\($0.title) / \($0.authors.joined(separator: ", "))" } }
      return queries.map { answers[$0.title].map { BookMatch(key: $0, source: .googleBooks) } }
    }
  }

  @Test func rowsWithoutISBNAreMatchedByTitleAndMarked() async throws {
    let matcher = FakeMatcher(["The Eyre Affair": "Fe0yDQAAQBAJ", "The Martian": "MQeHAAAAQBAJ"])
    let plan = try await ExportImportTests.plan("goodreads_library_export.csv", matcher: matcher)
    #expect(
      matcher.asked.withLock { $0 } == [
        "The Eyre Affair / Jasper Fforde", "The Martian / Andy Weir", "Harry Potter Boxed Set / J.K. Rowling",
      ])
    #expect(plan.matchedByTitle.map(\.key) == ["Fe0yDQAAQBAJ", "MQeHAAAAQBAJ"])
    #expect(plan.unmatched.map(\.key) == ["goodreads:99999991"])
    let catalog = try ExportImportTests.load(plan.text)
    let eyre = try #require(catalog.books["Fe0yDQAAQBAJ"])
    #expect(eyre.imported?.matchedBy == .title)
    #expect(eyre.imported?.matchSource == .googleBooks)
    #expect(eyre.imported?.id == "40265832")
    #expect(catalog.collections[0].volumes == ["Fe0yDQAAQBAJ", "MQeHAAAAQBAJ"])
  }

  @Test func aPreviousMatchIsKeptWithoutALookup() async throws {
    let matcher = FakeMatcher([:])
    let previous = ["40265832": BookMatch(key: "Fe0yDQAAQBAJ", source: .googleBooks)]
    let plan = try await ExportImportTests.plan(
      "goodreads_library_export.csv", matcher: matcher, previous: previous)
    #expect(matcher.asked.withLock { $0.count } == 2)
    #expect(plan.entries[1].key == "Fe0yDQAAQBAJ")
    #expect(plan.entries[1].matchWasKept)
  }

  @Test func aMatchOnABookAnotherRowHasKeepsTheExportsID() async throws {
    // The lookup finds Dune, which row 1 is by its ISBN: the row stays one entry of its own.
    let matcher = FakeMatcher(["The Martian": "9780441172719"])
    let plan = try await ExportImportTests.plan("goodreads_library_export.csv", matcher: matcher)
    #expect(plan.entries.map(\.key).filter { $0 == "9780441172719" }.count == 1)
    #expect(plan.entries[2].key == "goodreads:18007564")
    #expect(plan.entries.count == 7)
  }
}
