import BookRecord
import Catalog
import Foundation
import Support
import Testing

@testable import Site

/// Covers bookgen processed, as the site shows and writes them: a `<picture>` with WebP at 1×
/// and 2× and the JPEG fallback, never wider than the image; files written content-addressed,
/// and on a rebuild kept without their bytes being read.
@Suite struct LocalCoverSiteTests {
  /// Counts the covers whose bytes the build asked for.
  final class Reads: @unchecked Sendable {
    private let lock = NSLock()
    private var names: [String] = []
    func add(_ name: String) {
      lock.lock()
      names.append(name)
      lock.unlock()
    }
    var all: [String] {
      lock.lock()
      defer { lock.unlock() }
      return names
    }
  }

  /// A cover of `width` × `height` made at the default theme's widths (none wider than itself).
  static func cover(name: String, width: Int, height: Int) -> LocalCover {
    let widths = Set(SiteBuilder.coverWidths.map { min($0, width) }).sorted()
    return LocalCover(
      name: name, size: LocalCover.Size(width: width, height: height), color: "#a0b1c2",
      variants: widths.map { LocalCover.Size(width: $0, height: $0 * height / width) })
  }

  private func build(_ root: String, covers: LocalCovers) async throws -> BuildReport {
    var builder = SiteBuilder(
      catalog: GoldenSite.catalog(), collections: GoldenSite.collections,
      options: BuildOptions(outputDirectory: root + "/public", workingDirectory: NSTemporaryDirectory()))
    builder.localCovers = covers
    return try await builder.build()
  }

  @Test func aProcessedCoverIsAPictureAndItsFilesAreKeptWithoutBeingRead() async throws {
    let root = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let record = GoldenSite.collections[0].records[0]
    let url = try #require(LocalCovers.sourceURL(of: record))
    let large = Self.cover(name: "00112233aabbccdd", width: 600, height: 900)
    let reads = Reads()
    // The cache's files, named as the site serves them: each variant's WebP and JPEG, holding
    // their format and width.
    let kept = root + "/kept"
    var keptFiles: [LocalCover.File] = []
    try FileManager.default.createDirectory(atPath: kept, withIntermediateDirectories: true)
    for variant in large.variants {
      for format in LocalCover.Format.allCases {
        let bytes = Array("\(format) \(variant.width)".utf8)
        let path = kept + "/" + large.fileName(width: variant.width, format: format)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        keptFiles.append(
          LocalCover.File(
            width: variant.width, format: format, size: bytes.count,
            hash: bytes.withUnsafeBufferPointer { XXH64.hash($0) }))
      }
    }
    let covers = LocalCovers(
      covers: [LocalCovers.key(url: url): large], servesSourceCovers: true,
      files: { [keptFiles] cover in
        reads.add(cover.name)
        return (kept, keptFiles)
      })
    _ = try await build(root, covers: covers)
    #expect(reads.all == [large.name])
    let output = root + "/public"
    let files = try FileManager.default.contentsOfDirectory(atPath: output + "/covers").sorted()
    // The WebP at both widths, the smallest JPEG.
    #expect(files == ["00112233aabbccdd-160.jpg", "00112233aabbccdd-160.webp", "00112233aabbccdd-320.webp"])
    #expect(
      try String(contentsOfFile: output + "/covers/00112233aabbccdd-320.webp", encoding: .utf8) == "webp 320")
    // Linked from the cache, not copied: one file.
    let linked = try FileManager.default.attributesOfItem(
      atPath: output + "/covers/00112233aabbccdd-320.webp")
    let keptFile = try FileManager.default.attributesOfItem(atPath: kept + "/00112233aabbccdd-320.webp")
    #expect(linked[.systemFileNumber] as? Int == keptFile[.systemFileNumber] as? Int)

    let pages = Fixtures.files(in: output).filter { $0.hasPrefix("books/") && $0.hasSuffix("/index.html") }
    let page = try #require(
      try pages.map { try String(contentsOfFile: output + "/" + $0, encoding: .utf8) }.first {
        $0.contains("<h1") && $0.contains("00112233aabbccdd-320.webp\"><img")
      })
    #expect(
      page.contains(
        "<picture><source type=\"image/webp\" srcset=\"/shelf/covers/00112233aabbccdd-320.webp\">"
          + "<img class=\"cover tone"))
    #expect(
      page.contains(
        "src=\"/shelf/covers/00112233aabbccdd-160.jpg\" alt=\"\" width=\"320\" height=\"480\" decoding=\"async\" "
          + "style=\"background:#a0b1c2\" data-title="))
    // Served from the site: no source's image is linked, and the other books show title cards.
    let home = try String(contentsOfFile: output + "/index.html", encoding: .utf8)
    #expect(!home.contains("books.google.com/books/content"))
    #expect(
      home.contains(
        "srcset=\"/shelf/covers/00112233aabbccdd-160.webp, /shelf/covers/00112233aabbccdd-320.webp 2x\""))

    // Built again: every cover file is the output's already, linked without its bytes read.
    let before = Fixtures.files(in: output).map {
      (try? Data(contentsOf: URL(fileURLWithPath: output + "/" + $0)))
    }
    _ = try await build(root, covers: covers)
    #expect(reads.all == [large.name])
    #expect(
      Fixtures.files(in: output).map { (try? Data(contentsOf: URL(fileURLWithPath: output + "/" + $0))) }
        == before)
  }

  @Test func aStaticFileInAProcessedCoversPlaceIsAnError() async throws {
    let root = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let url = try #require(LocalCovers.sourceURL(of: GoldenSite.collections[0].records[0]))
    try FileManager.default.createDirectory(
      atPath: root + "/static/covers", withIntermediateDirectories: true)
    try Data("mine".utf8).write(to: URL(fileURLWithPath: root + "/static/covers/00112233aabbccdd-160.jpg"))
    var options = BuildOptions(outputDirectory: root + "/public", workingDirectory: NSTemporaryDirectory())
    options.staticDirectory = root + "/static"
    var builder = SiteBuilder(
      catalog: GoldenSite.catalog(), collections: GoldenSite.collections, options: options)
    builder.localCovers = LocalCovers(
      covers: [LocalCovers.key(url: url): Self.cover(name: "00112233aabbccdd", width: 600, height: 900)],
      servesSourceCovers: true)
    let error = await #expect(throws: SiteError.self) { try await builder.build() }
    #expect(
      error?.description
        == "error: 'static/covers/00112233aabbccdd-160.jpg' collides with the generated "
        + "'covers/00112233aabbccdd-160.jpg'; rename or remove it (robots.txt is the one generated file static/ "
        + "may replace)")
    #expect(!FileManager.default.fileExists(atPath: root + "/public"))
  }

  @Test func aSmallImageIsNeverShownWiderThanItsPixels() {
    let small = Self.cover(name: "0011223344556677", width: 200, height: 300)
    #expect(small.variants.map(\.width) == [160, 200])
    let card = CoverImage(local: small, slot: .card, prefix: "/")
    #expect(card.width == 160)
    #expect(card.webpSrcset == "/covers/0011223344556677-160.webp, /covers/0011223344556677-200.webp 2x")
    let page = CoverImage(local: small, slot: .page, prefix: "/")
    #expect((page.width, page.height) == (200, 300))
    #expect(page.webpSrcset == "/covers/0011223344556677-200.webp")
    #expect(page.url == "/covers/0011223344556677-160.jpg")
    // Narrower than every width: its own, once.
    let tiny = Self.cover(name: "8899aabbccddeeff", width: 60, height: 90)
    #expect(CoverSlot.files(of: tiny).map { "\($0.width).\($0.format.rawValue)" } == ["60.jpg", "60.webp"])
  }

  @Test func onlyAColourGoesIntoTheStyleAttribute() {
    #expect(CoverImage.isColor("#a0B1c2"))
    for text in ["#a0b1c", "a0b1c2f", "#a0b1cg", "red;x:y", "#a0b1c2\""] {
      #expect(!CoverImage.isColor(text), "\(text)")
    }
  }
}
