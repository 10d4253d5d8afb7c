import Diagnostics
import Testing

@testable import Site

/// The build's warning when its output would not deploy to the common static hosts: GitHub
/// Pages (1 GB a site) and Cloudflare Pages (25 MiB a file). Sizes only: no file is written.
@Suite struct DeployLimitsTests {
  static func warnings(_ files: [(path: String, size: Int)]) -> [Diagnostic] {
    SiteWarnings.deployLimits(files: files, total: files.reduce(0) { $0 + $1.size })
  }

  /// `count` files under `folder` of `megabytes` in all.
  static func part(_ folder: String, megabytes: Double, count: Int = 100) -> [(path: String, size: Int)] {
    (0..<count).map { (path: "\(folder)\($0)/index.html", size: Int(megabytes * 1e6) / count) }
  }

  @Test func aSiteWithinBothLimitsGetsNoWarning() {
    // 1 GB and a file of 25 MiB exactly are within them.
    let files =
      Self.part("books/", megabytes: 973.7856) + [(path: "opds/index.xml", size: 25 << 20)]
    #expect(files.reduce(0) { $0 + $1.size } == 1_000_000_000)
    #expect(Self.warnings(files).isEmpty)
  }

  @Test func aSiteOverOneGigabyteNamesGitHubPagesItsSizeAndLargestParts() throws {
    var files =
      Self.part("books/", megabytes: 635.2) + Self.part("opds/collections/", megabytes: 122.8)
      + Self.part("authors/", megabytes: 84.2) + Self.part("search/d/", megabytes: 69.8)
      + [(path: "sitemap.xml", size: 13_700_000)]
    // 200 collections' folders, each smaller than every part named.
    files += (0..<200).map { (path: "c\($0)/index.html", size: 700_000) }
    let warnings = Self.warnings(files)
    let warning = try #require(warnings.first)
    #expect(warnings.count == 1)
    #expect(warning.severity == .warning)
    #expect(
      warning.message
        == "the site is 1,065.7 MB, more than GitHub Pages publishes (1 GB a site); its largest parts: "
        + "books/ 635.2 MB, opds/ 122.8 MB, authors/ 84.2 MB, search/ 69.8 MB")
    #expect(warning.notes.first?.message.contains("'site.index_pages'") == true)
  }

  @Test func aFileOverTwentyFiveMebibytesNamesCloudflarePagesAndTheFile() throws {
    let files = [
      (path: "sitemap-1.xml", size: (25 << 20) + 1), (path: "search/big.json", size: 30 << 20),
      (path: "index.html", size: 5_000),
    ]
    let warning = try #require(Self.warnings(files).first)
    #expect(Self.warnings(files).count == 1)
    #expect(
      warning.message
        == "2 files over 25 MiB, more than Cloudflare Pages takes: 'search/big.json' 30 MiB, 'sitemap-1.xml' 25.0 MiB"
    )
  }

  @Test func bothLimitsGiveBothWarnings() {
    let files = [(path: "search/huge.json", size: 1_100_000_000)]
    let messages = Self.warnings(files).map(\.message)
    #expect(messages.count == 2)
    #expect(messages.first?.hasPrefix("the site is 1,100.0 MB, more than GitHub Pages publishes") == true)
    #expect(
      messages.last?.hasPrefix("1 file over 25 MiB, more than Cloudflare Pages takes: 'search/huge.json'")
        == true)
  }
}
