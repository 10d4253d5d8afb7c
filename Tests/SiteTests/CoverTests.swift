import BookRecord
import Foundation
import Testing

@testable import Catalog
@testable import GoogleBooks
@testable import Site

/// Which image each slot shows, at what size, and the title card beneath it.
@Suite struct CoverTests {
  static let google = "https://books.google.com/books/content?id=ThUmBnAiL001&printsec=frontcover&img=1"

  /// Google with the two sizes most volumes have; Google with a larger one too; a cover the owner
  /// gave; no cover at all.
  static func build() async throws -> (root: String, output: String) {
    let root = try Fixtures.temporaryDirectory()
    let volumes =
      [
        Volume(
          id: "ThUmBnAiL001",
          volumeInfo: VolumeInfo(
            title: "Only thumbnails", authors: ["Ann Author"],
            imageLinks: CoverLinks(
              smallThumbnail:
                "http://books.google.com/books/content?id=ThUmBnAiL001&printsec=frontcover&img=1&zoom=5&edge=curl&source=gbs_api",
              thumbnail:
                "http://books.google.com/books/content?id=ThUmBnAiL001&printsec=frontcover&img=1&zoom=1&edge=curl&source=gbs_api"
            ))),
        Volume(
          id: "SmAlLsIzE001",
          volumeInfo: VolumeInfo(
            title: "With a small size",
            imageLinks: CoverLinks(
              thumbnail: "http://books.google.com/books/content?id=SmAlLsIzE001&img=1&zoom=1&edge=curl",
              small: "http://books.google.com/books/content?id=SmAlLsIzE001&img=1&zoom=2&edge=curl&imgtk=T"))),
        Volume(id: "OwNeRcOvEr01", volumeInfo: VolumeInfo(title: "The owner's cover")),
        Volume(id: "NoCoVeR00001", volumeInfo: VolumeInfo(title: "三體", authors: ["劉慈欣"], language: "zh-TW")),
      ]
      + (1...6).map { number in
        Volume(
          id: "FiLlEr00000\(number)",
          volumeInfo: VolumeInfo(
            title: "Filler \(number)",
            imageLinks: CoverLinks(
              thumbnail: "https://books.google.com/books/content?id=F\(number)&img=1&zoom=1")))
      }
    let catalog = Catalog(
      site: SiteSettings(title: "Covers", baseURL: "https://example.org/", language: "en"),
      collections: [Collection(title: "All", slug: "all")],
      books: ["OwNeRcOvEr01": BookEntry(overrides: BookOverrides(cover: "https://example.com/mine.jpg"))])
    _ = try await SiteBuilder(
      catalog: catalog, collections: [SiteInput.Collection(slug: "all", volumes: volumes)],
      options: BuildOptions(
        jobs: 2, outputDirectory: root + "/public", workingDirectory: NSTemporaryDirectory())
    ).build()
    return (root, root + "/public")
  }

  /// What the book page of the book with `id` holds in its cover slot.
  static func bookCover(_ output: String, _ id: String) throws -> String {
    let folder = try #require(
      try FileManager.default.contentsOfDirectory(atPath: output + "/books").first { $0.hasSuffix("-" + id) })
    let html = try String(contentsOfFile: output + "/books/\(folder)/index.html", encoding: .utf8)
    let start = try #require(html.range(of: "<div class=\"book-cover\""))
    let end = try #require(html[start.upperBound...].range(of: "</div>"))
    return String(html[start.upperBound..<end.lowerBound])
  }

  @Test func theBookPageShowsTheLargestSizeGoogleOffersAtItsOwnSize() async throws {
    let (root, output) = try await Self.build()
    defer { try? FileManager.default.removeItem(atPath: root) }
    // Only zoom=1: that image, 128 pixels wide, never a zoom Google did not offer.
    #expect(
      try Self.bookCover(output, "ThUmBnAiL001")
        == ">"
        + "<img class=\"cover tone\(CoverImage.tone(of: "ThUmBnAiL001"))\" src=\"https://books.google.com/books/content?id=ThUmBnAiL001&amp;printsec=frontcover&amp;img=1&amp;zoom=1\""
        + " alt=\"\" width=\"128\" height=\"192\" decoding=\"async\" referrerpolicy=\"no-referrer\""
        + " data-title=\"Only thumbnails\" data-by=\"Ann Author\">")
    let small = try Self.bookCover(output, "SmAlLsIzE001")
    #expect(
      small.contains(
        "src=\"https://books.google.com/books/content?id=SmAlLsIzE001&amp;img=1&amp;zoom=2&amp;imgtk=T\""))
    #expect(small.contains(" width=\"300\" height=\"450\" "))
    #expect(!small.contains("loading="))
    let owners = try Self.bookCover(output, "OwNeRcOvEr01")
    #expect(owners.contains("src=\"https://example.com/mine.jpg\" alt=\"\" width=\"500\" height=\"750\""))
  }

  @Test func aBookWithoutACoverShowsItsTitleCard() async throws {
    let (root, output) = try await Self.build()
    defer { try? FileManager.default.removeItem(atPath: root) }
    #expect(
      try Self.bookCover(output, "NoCoVeR00001")
        == "><span class=\"cover tone\(CoverImage.tone(of: "NoCoVeR00001"))\" data-title=\"三體\" data-by=\"劉慈欣\" lang=\"zh-TW\"></span>"
    )
  }

  @Test func cardsShowTheThumbnailWithItsTitleCard() async throws {
    let (root, output) = try await Self.build()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let list = try String(contentsOfFile: output + "/all/index.html", encoding: .utf8)
    #expect(
      list.contains(
        "<img class=\"cover tone\(CoverImage.tone(of: "SmAlLsIzE001"))\" src=\"https://books.google.com/books/content?id=SmAlLsIzE001&amp;img=1&amp;zoom=1\" alt=\"\" width=\"128\" height=\"192\" decoding=\"async\""
      ))
    #expect(
      list.contains("<span class=\"cover tone\(CoverImage.tone(of: "NoCoVeR00001"))\" data-title=\"三體\""))
    #expect(!list.contains("edge=curl"))
  }

  @Test(arguments: [
    ("https://covers.openlibrary.org/b/id/8739161-S.jpg?default=false", 40),
    ("https://covers.openlibrary.org/b/id/8739161-M.jpg?default=false", 180),
    ("https://covers.openlibrary.org/b/id/8739161-L.jpg?default=false", 332),
    ("https://books.google.com/books/content?id=x&printsec=frontcover&img=1&zoom=5", 80),
    ("https://books.google.com/books/content?id=x&printsec=frontcover&img=1&zoom=1", 128),
    ("https://books.google.com/books/content?id=x&img=1&zoom=2&imgtk=a", 300),
    ("https://books.google.com/books/content?id=x&img=1&zoom=6", 1280),
    ("https://books.google.com/books/content?id=x&img=1", 500),
    ("https://example.com/cover.jpg?zoom=1", 500),
  ])
  func anImageIsSizedAsItsSourceServesIt(url: String, width: Int) {
    let image = CoverImage(url: url)
    #expect(image.width == width)
    #expect(image.height == width * 3 / 2)
  }

  @Test(
    arguments: [
      ("https://x.org/c?zoom=2", "2"),
      ("https://x.org/c?id=a&zoom=3&img=1", "3"),
      ("https://x.org/c?id=a&&zoom=&img=1", ""),
      ("https://x.org/c?id=a#zoom=3", nil),
      ("https://x.org/c?id=a&zoom=4#frag", "4"),
      ("https://x.org/c?zoomed=1&xzoom=2&zoom", nil),
      ("https://x.org/c?zoom=a=b", "a=b"),
      ("https://x.org/zoom=1", nil),
    ] as [(String, String?)])
  func aQueryValueIsFoundByItsExactName(url: String, value: String?) {
    #expect(CoverImage.queryValue("zoom", in: url).map(String.init) == value)
  }

  /// A processed cover's URLs, written at their final size, are the paths `LocalCover` names.
  @Test(arguments: ["", "../../", "/sub päth/", "https://example.test/"])
  func aProcessedCoversURLsAreItsFilesPaths(prefix: String) {
    for (width, two) in [(0, nil), (7, 10), (128, nil), (160, 320), (12_345, 99_999)] as [(Int, Int?)] {
      let cover = LocalCover(
        name: "0123456789abcdef", size: LocalCover.Size(width: two ?? width, height: 300), color: "#102030",
        variants: [LocalCover.Size(width: width, height: 200)]
          + (two.map { [LocalCover.Size(width: $0, height: 300)] } ?? []))
      #expect(
        CoverImage.path(of: cover, prefix: prefix, width: width, format: .jpeg)
          == prefix + cover.path(width: width, format: .jpeg))
      let srcset =
        prefix + cover.path(width: width, format: .webp)
        + (two.map { ", " + prefix + cover.path(width: $0, format: .webp) + " 2x" } ?? "")
      #expect(CoverImage.path(of: cover, prefix: prefix, width: width, format: .webp, then: two) == srcset)
      #expect(
        CoverImage.url(of: cover, slot: .card, prefix: prefix) == prefix
          + cover.path(width: width, format: .jpeg))
    }
  }

  @Test func aBookKeepsItsToneAndTonesSpreadOverAllTwelve() {
    #expect(CoverImage.tone(of: "B1hSG45JCX4C") == CoverImage.tone(of: "B1hSG45JCX4C"))
    let tones = Set((0..<200).map { CoverImage.tone(of: "book\($0)") })
    #expect(tones == Set(0..<CoverImage.toneCount))
  }

  /// The first row of a list loads its covers at once; the rest wait until scrolled near.
  @Test func onlyTheFirstRowOfAListIsEager() async throws {
    let (root, output) = try await Self.build()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let page = try String(contentsOfFile: output + "/all/index.html", encoding: .utf8)
    let grid = try #require(page.range(of: "<ul class=\"book-grid\">"))
    let cards = String(page[grid.upperBound...]).components(separatedBy: "</ul>")[0]
      .components(separatedBy: "<li><a href=").dropFirst()
    #expect(cards.count == 10)
    for (position, card) in cards.enumerated() where card.contains("<img") {
      #expect(card.contains(" loading=\"lazy\"") == (position >= PageContexts.eagerCovers), "\(position)")
    }
    #expect(cards.dropFirst(PageContexts.eagerCovers).contains { $0.contains(" loading=\"lazy\"") })
  }
}
