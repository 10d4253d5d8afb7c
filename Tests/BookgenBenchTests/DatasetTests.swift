import Catalog
import Fetching
import Foundation
import GoogleBooks
import Testing

@testable import BookgenBench

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

  /// The collections' slugs are made by the site's own rule (`Support.Slug`, ASCII), and are
  /// the same as the bench's own copy of it made before: datasets already written still match.
  @Test func collectionSlugsFollowTheSitesRule() {
    let slugs = DatasetPlan(count: 20_000).collections.map(\.slug)
    #expect(slugs.first == "c001-fiction-science-fiction-general")
    #expect(slugs.contains("c006-fiction-mystery-detective-general"))
    #expect(slugs.contains("c008-computers-software-development-engineering-general"))
    #expect(slugs.contains("c011-biography-autobiography-literary-figures"))
  }

  /// A whole small dataset: written through ResponseCache, read back and checked by --verify.
  @Test func aWrittenDatasetVerifies() async throws {
    let directory = NSTemporaryDirectory() + "bookgen-bench-test-\(getpid())"
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let writer = DatasetWriter(directory: directory, plan: DatasetPlan(count: 1_000))
    #expect(!writer.isCurrent)
    #expect(try await writer.write(jobs: 2) == 25)
    #expect(writer.isCurrent)
    let report = try DatasetVerifier(writer: writer).verify()
    #expect(report.problems == [])
    // The reference site has no index pages; the second catalog the default ones, over the same
    // books.
    let reference = try CatalogLoader.load(path: writer.catalogPath)
    let rich = try CatalogLoader.load(path: writer.indexPagesCatalogPath)
    #expect(reference.site.indexPages.isEmpty)
    #expect(rich.site.indexPages == IndexPage.defaults)
    #expect(reference.collections.map(\.queries) == rich.collections.map(\.queries))
  }

  @Test func rewritingOneBookChangesOnlyItsTitle() throws {
    let directory = NSTemporaryDirectory() + "bookgen-bench-rewrite-\(getpid())"
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let writer = DatasetWriter(directory: directory, plan: DatasetPlan(count: 400))
    try writer.rewritePage(holding: 123, changed: true)
    let page = try #require(writer.plan.page(holding: 123))
    let entry = try #require(
      try writer.cache.load(DatasetWriter.request(page.query, startIndex: page.startIndex)))
    let volumes = try VolumeDecoder.decode(entry.body).volumes
    let original = SyntheticBook(index: 123, seed: writer.seed)
    #expect(volumes.map(\.id) == page.volumes.map { SyntheticBook(index: $0, seed: writer.seed).id })
    #expect(volumes[123 - page.volumes.lowerBound].volumeInfo.title == original.title + " (revised edition)")
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
  /// Every planned page is requested once, and the transport never sees more than `jobs` at once.
  @Test func theFetcherRequestsEveryPageWithinTheCap() async throws {
    let bench = FetchLatencyBench(latency: 0.01, queries: 8)
    let result = try await bench.run(jobs: 4)
    #expect(result.requests == 8)
    #expect((1...4).contains(result.maxInFlight))
  }
}

@Suite struct TimingFallbackTests {
  @Test func verboseRenderStagesAreReadWhenThereAreNoTimingLines() {
    let stderr =
      "[3/3] Rendering site\nRender stages: templates 1 ms, model 1,577 ms, render+write 4,496 ms\nBuilt 3 books\n"
    let stages = TimingLines.parse(stderr)
    #expect(stages.map(\.stage) == ["templates", "model", "render+write"])
    #expect(stages.map(\.seconds) == [0.001, 1.577, 4.496])
  }
}
