import BookRecord
import Catalog
import Foundation
import Testing

@testable import Site

/// A second source's record (Open Library's shapes: Markdown descriptions, a date as written,
/// a series, its own page) is as hostile as Google's, and renders as safely.
@Suite struct SecondSourceHostileTests {
  static let library = BookSource(id: "open-library", name: "Open Library")

  static var record: BookRecord {
    var record = BookRecord(
      id: "OL1M", source: SourceRecord(source: library, id: "OL1M", url: "https://openlibrary.org/books/OL1M")
    )
    record.title = "A <b>title</b>"
    record.description =
      ">\"A quote\"\n\n[click](javascript:alert(1)) <script>alert(1)</script> <img src=x onerror=alert(1)>\n\n"
      + "*kept* [a link](https://example.org/ok)"
    record.descriptionFormat = .markdown
    record.published = BookDate(year: 1999)
    record.publishedText = "c1999 <script>alert(2)</script>"
    record.series = SeriesPosition(name: "\"><script>alert(3)</script>", number: 4, numberText: "4")
    record.firstPublished = BookDate(year: 1969)
    return record
  }

  /// A record whose source page is no link: it is credited without one.
  static var unlinked: BookRecord {
    var record = BookRecord(
      id: "OL2M", source: SourceRecord(source: library, id: "OL2M", url: "javascript:alert(4)"))
    record.title = "Unlinked"
    return record
  }

  @Test func markdownDescriptionsAndTheNewFieldsRenderSafely() async throws {
    let root = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let catalog = Catalog(
      site: SiteSettings(title: "Shelf", baseURL: "https://example.org/"),
      collections: [Collection(title: "Shelf", slug: "shelf")])
    _ = try await SiteBuilder(
      catalog: catalog,
      collections: [SiteInput.Collection(slug: "shelf", records: [Self.record, Self.unlinked])],
      options: BuildOptions(
        jobs: 2, outputDirectory: root + "/public", workingDirectory: NSTemporaryDirectory())
    ).build()
    let output = root + "/public"
    for page in Fixtures.files(in: output).filter({ $0.hasSuffix(".html") }) {
      let html = try String(contentsOfFile: output + "/" + page, encoding: .utf8)
      #expect(HTMLScan.executableInjections(in: html) == [], "\(page)")
    }
    let html = try String(contentsOfFile: output + "/books/a-b-title-b-OL1M/index.html", encoding: .utf8)
    #expect(html.contains("<blockquote>"))
    #expect(html.contains("<em>kept</em>"))
    #expect(html.contains(#"href="https://example.org/ok""#))
    #expect(html.contains(#"<time datetime="1999">c1999 &lt;script&gt;alert(2)&lt;/script&gt;</time>"#))
    // Its series' page: the slug keeps letters and digits only; the name is escaped.
    #expect(
      html.contains(
        #"<p class="series"><a href="/series/script-alert-3-script/">Book 4 in &quot;&gt;&lt;script&gt;alert(3)&lt;/script&gt;</a></p>"#
      ))
    #expect(html.contains(#"<time datetime="1969">1969</time>"#))
    #expect(
      html.contains(
        #"<p class="attribution">Data from Open Library · <a href="https://openlibrary.org/books/OL1M""#))
    let unlinked = try String(contentsOfFile: output + "/books/unlinked-OL2M/index.html", encoding: .utf8)
    #expect(unlinked.contains(#"<p class="attribution">Data from Open Library</p>"#))
    #expect(!unlinked.contains("javascript:"))
    // The footer credits the site's sources.
    let home = try String(contentsOfFile: output + "/index.html", encoding: .utf8)
    #expect(home.contains("Data from Open Library"))
  }
}
