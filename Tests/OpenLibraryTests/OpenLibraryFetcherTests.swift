import BookRecord
import Catalog
import Fetching
import Foundation
import OpenLibrary
import TestSupport
import Testing

/// The Open Library fetch against a fake Open Library over real HTTP: what it asks, in how
/// many requests, and what it makes of the answers.
@Suite struct OpenLibraryFetcherTests {
  static var shelfPlan: OpenLibraryPlan {
    var plan = OpenLibraryPlan()
    plan.add(.isbn("9780441478125"))
    plan.add(.isbn("9780441013593"))
    plan.add(.isbn("9780000000002"))
    return plan
  }

  @Test func isbnsAreLookedUpInOneRequestThenEachBooksEditionAndWork() async throws {
    let harness = try OpenLibraryHarness()
    defer { harness.cleanUp() }
    harness.storeShelf()
    let result = try await harness.fetcher().run(Self.shelfPlan)
    #expect(result.title("ISBN:9780441478125") == "The Left Hand of Darkness")
    #expect(result.title("ISBN:9780441013593") == "Dune")
    #expect(result.lookups["ISBN:9780000000002"] == nil)
    let record = try #require(result.lookups["ISBN:9780441478125"]?.record)
    #expect(record.authors == ["Ursula K. Le Guin"])
    #expect(record.description == "A lone envoy visits **Gethen**.")
    #expect(record.firstPublished == BookDate(year: 1969))
    #expect(record.categories == ["Science fiction"])
    #expect(record.series == SeriesPosition(name: "Hainish cycle", number: 4, numberText: "4"))
    // The books API named the authors: no author record is fetched.
    #expect(
      harness.library.requests.sorted() == [
        "/api/books?bibkeys=ISBN%3A9780000000002%2CISBN%3A9780441013593%2CISBN%3A9780441478125&format=json&jscmd=data",
        "/books/OL24382006M.json", "/books/OL7582342M.json", "/works/OL59863W.json", "/works/OL893415W.json",
      ])
    #expect(harness.library.userAgents.allSatisfy { $0 == "bookgen/9.9.9 (+mailto:shelf@example.org)" })
    #expect(result.warnings.isEmpty)
    #expect(result.statistics.requests == 5)
  }

  @Test func aSecondRunAsksNothingAndAnOfflineRunBuildsTheSame() async throws {
    let harness = try OpenLibraryHarness()
    defer { harness.cleanUp() }
    harness.storeShelf()
    let first = try await harness.fetcher().run(Self.shelfPlan)
    let second = try await harness.fetcher().run(Self.shelfPlan)
    let offline = try await harness.fetcher(nil, harness.options(offline: true)).run(Self.shelfPlan)
    #expect(harness.library.requestCount == 5)
    #expect(second.lookups == first.lookups)
    #expect(offline.lookups == first.lookups)
    #expect(second.statistics.cacheHits == 5)
  }

  @Test func aListedWorkTakesAnEditionFromItsListAndItsAuthorsOnce() async throws {
    let harness = try OpenLibraryHarness()
    defer { harness.cleanUp() }
    harness.storeShelf()
    harness.library.setRecord(
      FakeOpenLibrary.work(
        id: "OL59864W", title: "The Dispossessed", authors: ["OL31353A"], firstPublishDate: "1974"))
    harness.library.setRecord(
      FakeOpenLibrary.edition(id: "OL1111111M", title: "The Dispossessed", work: "OL59864W"))
    harness.library.setRecord(
      FakeOpenLibrary.edition(
        id: "OL2222222M", title: "The Dispossessed", work: "OL59864W", isbn13: ["9780061054884"], covers: [77]
      ))
    var plan = OpenLibraryPlan()
    plan.works = [
      .init(id: Fixture.id("OL59863W"), subject: "work OL59863W in collection 'sf'"),
      .init(id: Fixture.id("OL59864W"), subject: "work OL59864W in collection 'sf'"),
    ]
    let result = try await harness.fetcher().run(plan)
    let books = result.works.compactMap { $0 }
    #expect(books.map(\.id.description) == ["OL7582342M", "OL2222222M"])
    #expect(books.map(\.record.authors) == [["Ursula K. Le Guin"], ["Ursula K. Le Guin"]])
    #expect(books[1].record.firstPublished == BookDate(year: 1974))
    // One author, asked once for both works.
    #expect(harness.library.requests.filter { $0.hasPrefix("/authors/") } == ["/authors/OL31353A.json"])
    #expect(harness.library.requestCount == 5)
  }

  @Test func aSearchIsPagedAndEachResultGetsItsEditionAndWork() async throws {
    let harness = try OpenLibraryHarness()
    defer { harness.cleanUp() }
    var docs: [String] = []
    for index in 0..<130 {
      docs.append(
        FakeOpenLibrary.doc(work: "OL\(900 + index)W", title: "Book \(index)", authors: ["A. Writer"]))
    }
    docs[0] = FakeOpenLibrary.doc(
      work: "OL893415W", title: "Dune", authors: ["Frank Herbert"], coverEdition: "OL24382006M",
      coverID: 11481354,
      firstPublishYear: 1965, languages: ["eng"])
    harness.storeShelf()
    harness.library.setSearch(["title": "dune"], docs: docs)
    var plan = OpenLibraryPlan()
    plan.searches = [
      .init(fields: [.init("title", "dune")], maxResults: 120, subject: "query 'title=dune' in 'sf'")
    ]
    let result = try await harness.fetcher().run(plan)
    let books = try #require(result.searches.first)
    #expect(books.count == 120)
    #expect(books[0].id == Fixture.id("OL24382006M"))
    #expect(books[0].record.firstPublished == BookDate(year: 1965))
    #expect(books[0].record.published == BookDate(year: 2005, month: 8, day: 2))
    let searches = harness.library.requests.filter { $0.hasPrefix("/search.json") }
    #expect(searches.count == 2)
    #expect(searches.allSatisfy { $0.contains("title=dune") })
    #expect(searches.contains { $0.contains("limit=20") && $0.contains("offset=100") })
    // Books without their records (the fake has none) are still books, with a warning each.
    #expect(books[5].record.title == "Book 5")
    #expect(result.warnings.count == 119)
  }

  @Test func aMergedRecordIsFollowedOnceAndNoFurther() async throws {
    let harness = try OpenLibraryHarness()
    defer { harness.cleanUp() }
    harness.storeShelf()
    harness.library.setRecord(FakeOpenLibrary.redirect("/works/OL100W", to: "/works/OL59863W"))
    harness.library.setRecord(FakeOpenLibrary.redirect("/works/OL200W", to: "/works/OL100W"))
    var plan = OpenLibraryPlan()
    plan.works = [
      .init(id: Fixture.id("OL100W"), subject: "work OL100W in collection 'sf'"),
      .init(id: Fixture.id("OL200W"), subject: "work OL200W in collection 'sf'"),
    ]
    let result = try await harness.fetcher().run(plan)
    #expect(result.works[0]?.record.title == "The Left Hand of Darkness")
    #expect(result.works[0]?.record.authors == ["Ursula K. Le Guin"])
    #expect(result.works[1] == nil)
    #expect(
      result.warningTexts.contains(
        "warning: work OL200W in collection 'sf': the work it redirects to, OL100W, could not be read"))
  }

  @Test func withoutAContactTheAnonymousRateIsKeptAndSaidOnce() async throws {
    let harness = try OpenLibraryHarness()
    defer { harness.cleanUp() }
    harness.storeShelf()
    let settings = harness.settings(contact: nil, requestsPerSecond: nil)
    let result = try await harness.fetcher(settings).run(Self.shelfPlan)
    #expect(harness.library.userAgents.allSatisfy { $0 == "bookgen/9.9.9" })
    #expect(
      result.warningTexts == [
        "note: open_library.contact is not set: Open Library was asked at its anonymous rate (one request a second); "
          + "set it to your e-mail address or site URL to be identified (three a second)"
      ])
    // Five requests one second apart: the clock stands still, so each waits a second longer.
    #expect(harness.recorder.sleeps.sorted() == [1, 2, 3, 4])
    let cached = try await harness.fetcher(settings).run(Self.shelfPlan)
    #expect(cached.warnings.isEmpty)
  }

  @Test func withAContactTheIdentifiedRateIsKept() async throws {
    let harness = try OpenLibraryHarness()
    defer { harness.cleanUp() }
    harness.storeShelf()
    _ = try await harness.fetcher(harness.settings(contact: "https://shelf.example/", requestsPerSecond: nil))
      .run(Self.shelfPlan)
    #expect(harness.library.userAgents.allSatisfy { $0 == "bookgen/9.9.9 (+https://shelf.example/)" })
    #expect(harness.recorder.sleeps.count == 4)
    #expect(harness.recorder.sleeps.max()! < 1.34)
  }
}
