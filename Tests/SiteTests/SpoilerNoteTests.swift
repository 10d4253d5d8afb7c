import BookRecord
import Catalog
import Foundation
import Testing

@testable import GoogleBooks
@testable import Site

/// A note marked `note_spoiler: true` (an import's review Goodreads flagged as a spoiler) is
/// shown behind a "Spoiler — show" disclosure and kept out of the search; the other notes are not.
@Suite struct SpoilerNoteTests {
  static func volume(_ id: String, _ title: String) -> Volume {
    Volume(id: id, volumeInfo: VolumeInfo(title: title, authors: ["A. Writer"], language: "en"))
  }

  static func build(strings: [String: String] = [:]) async throws -> (root: String, output: String) {
    let root = try Fixtures.temporaryDirectory()
    var spoiler = BookEntry(note: "Rosebud *was* the sled <script>alert(1)</script>")
    spoiler.noteSpoiler = true
    let catalog = Catalog(
      site: SiteSettings(
        title: "Spoilers", baseURL: "https://example.org/", language: "en", strings: strings),
      collections: [Collection(title: "Shelf", slug: "shelf")],
      books: ["Spoiler0001": spoiler, "Plain000001": BookEntry(note: "Quietly wonderful.")])
    _ = try await SiteBuilder(
      catalog: catalog,
      collections: [
        SiteInput.Collection(
          slug: "shelf", volumes: [volume("Spoiler0001", "Citizen"), volume("Plain000001", "Calm")])
      ],
      options: BuildOptions(
        jobs: 2, outputDirectory: root + "/public", workingDirectory: NSTemporaryDirectory())
    ).build()
    return (root, root + "/public")
  }

  @Test func aSpoilerNoteIsBehindADisclosureAndOutOfTheSearch() async throws {
    let (root, output) = try await Self.build()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let files = Fixtures.files(in: output)
    let spoilerPage = try #require(files.first { $0.hasPrefix("books/citizen-Spoiler0001/") })
    let html = try String(contentsOfFile: output + "/" + spoilerPage, encoding: .utf8)
    #expect(
      html.contains(
        "<details class=\"spoiler\"><summary>Spoiler — show</summary><p>Rosebud <em>was</em> the sled "
          + "alert(1)</p></details>"))
    let plainPage = try #require(files.first { $0.hasPrefix("books/calm-Plain000001/") })
    let plain = try String(contentsOfFile: output + "/" + plainPage, encoding: .utf8)
    #expect(plain.contains("<p>Quietly wonderful.</p>"))
    #expect(!plain.contains("<details"))
    // The search holds the plain note's words and none of the spoiler's.
    let search = try files.filter { $0.hasPrefix("search") }.map {
      try String(decoding: Data(contentsOf: URL(fileURLWithPath: output + "/" + $0)), as: UTF8.self)
    }.joined()
    #expect(search.lowercased().contains("quietly"))
    #expect(!search.lowercased().contains("rosebud"))
  }

  @Test func theDisclosuresWordsAreTheSitesAndEscaped() async throws {
    let (root, output) = try await Self.build(strings: ["spoilerShow": "<b>Reveal</b> & read"])
    defer { try? FileManager.default.removeItem(atPath: root) }
    let page = try #require(Fixtures.files(in: output).first { $0.hasPrefix("books/citizen-Spoiler0001/") })
    let html = try String(contentsOfFile: output + "/" + page, encoding: .utf8)
    #expect(html.contains("<summary>&lt;b&gt;Reveal&lt;/b&gt; &amp; read</summary>"))
  }
}
