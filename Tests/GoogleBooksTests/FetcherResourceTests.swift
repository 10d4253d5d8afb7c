import Catalog
import Fetching
import Foundation
import GoogleBooks
import TestSupport
import Testing

/// Running out of descriptors, or failing to store what was fetched, is never a quiet partial
/// success: the fetch runs fewer jobs to fit, or fails naming what is missing.
@Suite struct FetcherResourceTests {
  private func volumes(_ harness: FetchHarness, _ count: Int) -> Catalog {
    let ids = (0..<count).map { "V\($0)" }
    for id in ids { harness.fake.setVolume(id, json: FakeGoogleBooksFixtures.volume(id)) }
    return harness.catalog([Collection(title: "Vol", slug: "vol", volumes: ids)])
  }

  @Test func tooFewDescriptorsForTheJobsLowersTheConcurrency() async throws {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    harness.fake.latency = 0.05
    let catalog = volumes(harness, 12)
    // 24 stay free for the runtime, 2 a job: 30 leave room for 3.
    let result = try await harness.fetcher(catalog, harness.options(jobs: 8, descriptors: 30)).run()
    #expect(harness.fake.maxInFlight == 3)
    #expect(result.ids("vol").count == 12)
    #expect(
      result.warningTexts == [
        "warning: only 30 more files may be open at once (ulimit -n): fetching 3 at a time instead of 8"
      ])
  }

  @Test func enoughDescriptorsChangeNothing() async throws {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    let result = try await harness.fetcher(volumes(harness, 2), harness.options(jobs: 8, descriptors: 40))
      .run()
    #expect(result.warningTexts == [])
  }

  @Test func tooFewForEvenOneJobIsAnError() async throws {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    let error = await #expect(throws: FetchError.self) {
      try await harness.fetcher(volumes(harness, 2), harness.options(descriptors: 25)).run()
    }
    #expect(
      error?.description
        == "error: only 25 more files may be open at once (ulimit -n), and fetching needs at least 26: "
        + "raise the limit, e.g. 'ulimit -n 1024'")
    #expect(harness.fake.requestCount == 0)
  }

  @Test func aResponseThatCannotBeStoredFailsTheFetch() async throws {
    let harness = try FetchHarness()
    defer { harness.cleanUp() }
    let catalog = volumes(harness, 2)
    let cache = ResponseCache(directory: harness.cacheDirectory)
    // A file where V1's entry folder should be: the entry cannot be written.
    let folder = (cache.path(for: APIRequest.volume("V1")) as NSString).deletingLastPathComponent
    try FileManager.default.createDirectory(atPath: harness.cacheDirectory, withIntermediateDirectories: true)
    try Data("in the way".utf8).write(to: URL(fileURLWithPath: folder))
    let error = await #expect(throws: FetchError.self) {
      try await harness.fetcher(catalog, harness.options()).run()
    }
    #expect(
      error?.description == """
        error: 1 response could not be stored in the cache:
          volume 'V1' in collection 'vol': cannot write cache entry \(cache.path(for: APIRequest.volume("V1"))): cannot create \(folder)
        """)
    #expect(try cache.load(APIRequest.volume("V0")) != nil)
  }
}
