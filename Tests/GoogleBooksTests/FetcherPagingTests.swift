import Foundation
import GoogleBooks
import TestSupport
import Testing

@testable import Catalog

@Suite struct FetcherPagingTests {
  @Test func pagingStopsOnAPageWithoutItems() async throws {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    harness.fake.setSearch("dune", results: FetchHarness.volumes("d", 45))
    let catalog = harness.catalog([
      Collection(title: "SF", slug: "sf", queries: [Query(q: "dune", maxResults: 200)])
    ])
    let result = try await harness.fetcher(catalog, harness.options()).run()
    #expect(result.ids("sf") == (0..<45).map { "d\($0)" })
    #expect(
      harness.fake.requests == [
        "/books/v1/volumes?maxResults=40&q=dune&startIndex=0",
        "/books/v1/volumes?maxResults=40&q=dune&startIndex=40",
        "/books/v1/volumes?maxResults=40&q=dune&startIndex=80",
      ])
    #expect(result.statistics.requests == 3)
  }

  @Test func pagingStopsAtMaxResultsAskingForTheRemainderLast() async throws {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    harness.fake.setSearch("intitle:rust", results: FetchHarness.volumes("r", 100))
    let catalog = harness.catalog([
      Collection(title: "Rust", slug: "rust", queries: [Query(q: "intitle:rust", maxResults: 50)])
    ])
    let result = try await harness.fetcher(catalog, harness.options()).run()
    #expect(result.ids("rust") == (0..<50).map { "r\($0)" })
    #expect(
      harness.fake.requests == [
        "/books/v1/volumes?maxResults=40&q=intitle%3Arust&startIndex=0",
        "/books/v1/volumes?maxResults=10&q=intitle%3Arust&startIndex=40",
      ])
  }

  @Test func volumesAreDedupedWithinAndAcrossQueriesInFirstSeenOrder() async throws {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    let a = FakeGoogleBooksFixtures.volume("A")
    let b = FakeGoogleBooksFixtures.volume("B")
    let c = FakeGoogleBooksFixtures.volume("C")
    harness.fake.setSearch("first", results: [a, b, a])
    harness.fake.setSearch("second", results: [c, b])
    harness.fake.setVolume("B", json: b)
    let catalog = harness.catalog([
      Collection(
        title: "Mixed", slug: "mixed", queries: [Query(q: "first"), Query(q: "second")], volumes: ["B"]),
      Collection(title: "Other", slug: "other", queries: [Query(q: "second")]),
    ])
    let result = try await harness.fetcher(catalog, harness.options()).run()
    #expect(result.ids("mixed") == ["A", "B", "C"])
    #expect(result.ids("other") == ["C", "B"])
    // The shared query is requested once for both collections.
    #expect(harness.fake.requestCount == 3)
  }

  @Test func parametersComeFromSettingsAndQueryOverrides() async throws {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    var settings = GoogleBooksSettings(
      country: "TW", langRestrict: "zh", printType: "books", filter: "ebooks", orderBy: "relevance",
      projection: "full", retries: 0)
    settings.timeout = 15
    let catalog = harness.catalog(
      [
        Collection(
          title: "T", slug: "t", queries: [Query(q: "三體 inauthor:劉慈欣", maxResults: 5, orderBy: "newest")])
      ],
      settings: settings)
    _ = try await harness.fetcher(catalog, harness.options()).run()
    #expect(
      harness.fake.requests == [
        "/books/v1/volumes?country=TW&filter=ebooks&langRestrict=zh&maxResults=5&orderBy=newest&printType=books"
          + "&projection=full&q=%E4%B8%89%E9%AB%94%20inauthor%3A%E5%8A%89%E6%85%88%E6%AC%A3&startIndex=0"
      ])
  }

  @Test func detailsFullReplacesSearchRecordsWithSingleVolumeRecords() async throws {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    harness.fake.setSearch(
      "dune", results: [FakeGoogleBooksFixtures.volume("D1"), FakeGoogleBooksFixtures.volume("D2")])
    harness.fake.setVolume(
      "D1",
      json: FakeGoogleBooks.volumeJSON(id: "D1", title: "D1", description: "<b>Full</b>", pageCount: 412))
    let catalog = harness.catalog([
      Collection(title: "SF", slug: "sf", queries: [Query(q: "dune", maxResults: 2)], details: .full)
    ])
    let result = try await harness.fetcher(catalog, harness.options()).run()
    let volumes = result.collections[0].volumes
    #expect(volumes.map(\.id) == ["D1", "D2"])
    #expect(volumes[0].volumeInfo.description == "<b>Full</b>")
    #expect(volumes[0].volumeInfo.pageCount == 412)
    // D2's full record is missing (404): the search record stays, with a warning.
    #expect(volumes[1].volumeInfo.description == "A book.")
    #expect(
      result.warningTexts == [
        "warning: full record of volume 'D2': HTTP 404 (notFound: The volume ID could not be found.); "
          + "keeping the search record"
      ])
  }
}

/// Small volume objects for the fake server.
enum FakeGoogleBooksFixtures {
  static func volume(_ id: String, isbn13: String? = nil, isbn10: String? = nil, other: String? = nil)
    -> String
  {
    FakeGoogleBooks.volumeJSON(id: id, title: "Title \(id)", isbn13: isbn13, isbn10: isbn10, other: other)
  }
}
