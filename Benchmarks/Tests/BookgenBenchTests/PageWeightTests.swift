import Testing

@testable import BookgenBench

@Suite struct PageWeightTests {
  /// An output of the given files (path → bytes).
  static func stats(_ sizes: [String: Int]) -> OutputStats {
    var stats = OutputStats()
    for (number, (path, size)) in sizes.sorted(by: { $0.key < $1.key }).enumerated() {
      stats.files[path] = .init(inode: UInt64(number), modified: 0, size: size)
    }
    return stats
  }

  static func measurement(_ size: Int, _ scenario: Scenario, _ sizes: [String: Int]) -> Measurement {
    let stats = stats(sizes)
    return Measurement(
      size: size, scenario: scenario, seconds: 1, peakRSS: 1, files: stats.count, bytes: stats.bytes,
      writtenFiles: stats.count, writtenBytes: stats.bytes, stages: [], weight: PageWeight(stats))
  }

  @Test func theMedianCountsBookPagesOnly() {
    let weight = PageWeight(
      PageWeightTests.stats([
        "books/a-1/index.html": 6_000, "books/b-2/index.html": 7_000, "books/c-3/index.html": 9_000,
        "books/d-4/index.html": 10_000, "books/index.html": 90_000, "books/page/2/index.html": 80_000,
        "index.html": 50_000, "opds/books/index.xml": 120_000,
      ]))
    #expect(weight.medianBookPage == 8_000)
    #expect(weight.totalBytes == 372_000)
    #expect(weight.files == 8)
    #expect(weight.largestFile?.path == "opds/books/index.xml")
    #expect(PageWeight(PageWeightTests.stats(["index.html": 10])).medianBookPage == nil)
  }

  @Test func theReportMarksEachDeployTarget() {
    let options = try! BenchOptions(arguments: ["--sizes", "10000,100000"])
    let measurements = [
      PageWeightTests.measurement(
        10_000, .fromNothing, ["books/a-1/index.html": 7_999, "opds/books/index.xml": 99_000_000]),
      PageWeightTests.measurement(
        100_000, .fromNothingIndexPages,
        ["books/a-1/index.html": 8_001, "search/d/0.json": 26_214_401, "index.html": 980_000_000]),
    ]
    let targets = Targets(measurements: measurements).lines
    #expect(
      Array(targets[5..<9]) == [
        "✓ 10k site ≤ 100 MB: 99.0 MB",
        "✓ 10k median book page ≤ 8 KB: 8.00 KB",
        "✗ 100k site with the default page types ≤ 1 GB: 1006.2 MB",
        "✗ no file over 25 MiB: the largest is index.html, 980.0 MB, at 100000 books",
      ])
    let report = BenchReport(measurements: measurements, options: options).markdown
    #expect(
      report.contains(
        "| 10000 | full build from nothing | 99.0 | 2 | 8.00 | opds/books/index.xml (99.0 MB) |"))
  }

  /// Each file counts in one part, and a book page's head, JSON-LD and chrome are measured.
  @Test func theBreakdownSortsEveryFileIntoItsPart() throws {
    let parts = [
      "index.html": "home", "books/dune-x/index.html": "book pages",
      "books/page/2/index.html": "all-books list",
      "books/index.html": "all-books list", "sf/page/2/index.html": "collection pages",
      "sf/feed.xml": "Atom feeds",
      "feed.xml": "Atom feeds", "authors/a/index.html": "authors",
      "categories/c/page/3/index.html": "categories",
      "opds/index.xml": "OPDS navigation", "opds/books/page-2.xml": "OPDS all books",
      "opds/collections/sf/index.xml": "OPDS collections", "sitemap-2.xml": "sitemap",
      "search/index.html": "search page",
      "search/d/0.json": "search index", "assets/style.css": "assets", "robots.txt": "other",
      "collections/index.html": "collections page",
    ]
    for (path, part) in parts { #expect(OutputBreakdown.part(of: path) == part, "\(path)") }
    let page = BookPageShares(
      Array(
        "<!doctype html><head><title>T</title><script type=\"application/ld+json\">{}</script></head><body><header>h</header><main>m</main></body>"
          .utf8))
    #expect(page.jsonLD == "<script type=\"application/ld+json\">{}</script>".utf8.count)
    #expect(
      page.head == "<head><title>T</title><script type=\"application/ld+json\">{}</script></head>".utf8.count)
    #expect(page.chrome == "<!doctype html><body><header>h</header></body>".utf8.count)
  }
}
