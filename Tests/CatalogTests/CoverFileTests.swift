import Diagnostics
import Foundation
import TestSupport
import Testing

@testable import Catalog

/// `overrides.cover` naming an image file in the site's folder, and `site.covers`.
@Suite struct CoverFileTests {
  /// Loads a catalog whose only book's cover is `cover`, in a folder holding `files` (and a
  /// symbolic link `covers/out.jpg` to a file outside it); the catalog or its headlines.
  private func load(cover: String, site: String = "") throws -> Loaded {
    let root = TestSupport.makeTemporaryDirectory("bookgen-cover-file")
    let outside = TestSupport.makeTemporaryDirectory("bookgen-cover-outside")
    defer {
      TestSupport.removeTemporaryDirectory(root)
      TestSupport.removeTemporaryDirectory(outside)
    }
    let manager = FileManager.default
    try manager.createDirectory(atPath: root + "/covers/dune", withIntermediateDirectories: true)
    for name in ["covers/dune.jpg", "covers/Hobbit.PNG", "covers/notes.txt"] {
      try Data([0xFF, 0xD8, 0xFF]).write(to: URL(fileURLWithPath: root + "/" + name))
    }
    try Data([1]).write(to: URL(fileURLWithPath: outside + "/secret.jpg"))
    try manager.createSymbolicLink(
      atPath: root + "/covers/out.jpg", withDestinationPath: outside + "/secret.jpg")
    let yaml = """
      site:
        title: T
      \(site)collections: [{title: A}]
      books:
        "9780441013593":
          overrides:
            cover: \(cover)

      """
    try yaml.write(toFile: root + "/catalog.yml", atomically: true, encoding: .utf8)
    do {
      return Loaded(catalog: try CatalogLoader.load(path: root + "/catalog.yml", shownAs: "catalog.yml"))
    } catch {
      guard case .invalid(let diagnostics) = error else { return Loaded(headlines: ["\(error)"]) }
      return Loaded(headlines: diagnostics.map(\.headline))
    }
  }

  private struct Loaded {
    var catalog: Catalog?
    var headlines: [String] = []
  }

  private func overrides(_ loaded: Loaded) -> BookOverrides? {
    loaded.catalog?.books["9780441013593"]?.overrides
  }

  @Test func aFileInTheSiteFolderIsTheCoverFile() throws {
    #expect(overrides(try load(cover: "covers/dune.jpg")) == BookOverrides(coverFile: "covers/dune.jpg"))
    #expect(overrides(try load(cover: "covers/Hobbit.PNG")) == BookOverrides(coverFile: "covers/Hobbit.PNG"))
    #expect(
      overrides(try load(cover: "https://example.com/c.jpg"))
        == BookOverrides(cover: "https://example.com/c.jpg"))
  }

  static let expected =
    "an http(s) URL or the path of a .jpg, .jpeg, .png or .webp file in the site's folder, such as 'covers/dune.jpg'"

  @Test(arguments: [
    (
      "covers/dnue.jpg",
      "catalog.yml:7:14: error: cannot read the cover image 'covers/dnue.jpg' named by "
        + "'books.9780441013593.overrides.cover': it is not in the site's folder (did you mean 'covers/dune.jpg'?)"
    ),
    (
      "covers/hobbit.png",
      "catalog.yml:7:14: error: cannot read the cover image 'covers/hobbit.png' named by "
        + "'books.9780441013593.overrides.cover': it is not in the site's folder (did you mean 'covers/Hobbit.PNG'?)"
    ),
    (
      "elsewhere/x.webp",
      "catalog.yml:7:14: error: cannot read the cover image 'elsewhere/x.webp' named by "
        + "'books.9780441013593.overrides.cover': it is not in the site's folder"
    ),
    (
      "covers/out.jpg",
      "catalog.yml:7:14: error: cannot read the cover image 'covers/out.jpg' named by "
        + "'books.9780441013593.overrides.cover': it is a symbolic link to a file outside the site's folder"
    ),
    (
      "covers/dune",
      "catalog.yml:7:14: error: 'books.9780441013593.overrides.cover' must be \(expected), got 'covers/dune'"
    ),
    (
      "covers/notes.txt",
      "catalog.yml:7:14: error: 'books.9780441013593.overrides.cover' must be \(expected), got 'covers/notes.txt'"
    ),
    (
      "../outside/secret.jpg",
      "catalog.yml:7:14: error: 'books.9780441013593.overrides.cover' must be \(expected), "
        + "got '../outside/secret.jpg'"
    ),
    (
      "/etc/secret.jpg",
      "catalog.yml:7:14: error: 'books.9780441013593.overrides.cover' must be \(expected), got '/etc/secret.jpg'"
    ),
    (
      "ftp://example.com/c.jpg",
      "catalog.yml:7:14: error: 'books.9780441013593.overrides.cover' must be \(expected), "
        + "got 'ftp://example.com/c.jpg'"
    ),
  ])
  func mistakesAreLocatedErrors(cover: String, headline: String) throws {
    let headlines = try load(cover: cover).headlines
    #expect(headlines == [headline])
  }

  @Test func aFolderNamedLikeAnImageIsNotACover() throws {
    #expect(
      try load(cover: "covers/dune/").headlines == [
        "catalog.yml:7:14: error: 'books.9780441013593.overrides.cover' must be \(Self.expected), got 'covers/dune/'"
      ])
  }

  @Test func siteCoversIsRemoteUnlessLocalIsChosen() throws {
    #expect(try load(cover: "covers/dune.jpg").catalog?.site.covers == .remote)
    #expect(try load(cover: "covers/dune.jpg", site: "  covers: local\n").catalog?.site.covers == .local)
    #expect(
      try load(cover: "covers/dune.jpg", site: "  covers: locale\n").headlines == [
        "catalog.yml:3:11: error: 'site.covers' must be one of 'remote', 'local', got 'locale' (did you mean 'local'?)"
      ])
  }
}
