import BookRecord
import Catalog
import Foundation
import Testing

@testable import GoogleBooks
@testable import Site

/// Data from Google (and the owner) that tries to break out of the page: every string must
/// render escaped and intact, and no page may contain anything that executes.
@Suite struct HostileDataTests {
  static let script = "<script>alert(1)</script>"
  static let breakout = "\"><img src=x onerror=alert(1)>"
  static let mustache = "{{site.title}} {{{t.buy}}} {{#book}}x{{/book}}"
  static let bidi = "\u{202E}gnp.exe\u{202C} zero\u{200B}width\u{200D}"
  static let longDescription = String(
    repeating: "A long description line with <b>bold</b> text. ", count: 1100)

  static let hostile = Volume(
    id: "HoStIlE00001",
    volumeInfo: VolumeInfo(
      title: script, subtitle: breakout, authors: [breakout, mustache, bidi, ""], publisher: mustache,
      publishedDate: "2020-01-01",
      description:
        "<script>alert(1)</script><p onclick=\"alert(1)\">Click</p><a href=\"javascript:alert(1)\">x</a>"
        + "<img src=x onerror=alert(1)><iframe src=\"https://evil.example\"></iframe>" + longDescription,
      industryIdentifiers: [IndustryIdentifier(type: "ISBN_13", identifier: "<b>978</b>")],
      categories: ["<i>Fiction</i> / \(breakout)", mustache], language: "en\"><script>",
      imageLinks: CoverLinks(thumbnail: "javascript:alert(1)//.jpg"),
      previewLink: "javascript:alert(1)", canonicalVolumeLink: "javascript:alert(1)"),
    saleInfo: SaleInfo(
      saleability: "FOR_SALE", listPrice: Price(amount: 10, currencyCode: "<script>"),
      retailPrice: Price(amount: 5, currencyCode: "<script>"),
      buyLink: "https://x.example/\"><script>alert(1)</script>"),
    accessInfo: AccessInfo(webReaderLink: " JaVaScRiPt:alert(1)"))

  static let coverAttack = Volume(
    id: "CoVeR000001",
    volumeInfo: VolumeInfo(
      title: "", subtitle: "", authors: [""],
      imageLinks: CoverLinks(thumbnail: "https://covers.example/x.jpg\" onerror=\"alert(1)"),
      previewLink: "data:text/html;base64,PHNjcmlwdD4="),
    saleInfo: SaleInfo(buyLink: "vbscript:msgbox"))

  static func build() async throws -> (root: String, output: String) {
    let root = try Fixtures.temporaryDirectory()
    let catalog = Catalog(
      site: SiteSettings(
        title: "</title><script>alert(1)</script>", baseURL: "https://example.org/sub/", language: "en",
        description: "Owner intro <script>alert(1)</script> [link](javascript:alert(1))", author: breakout,
        // Hostile data on every kind of page, even one listing one book.
        indexPages: Set(IndexPage.allCases), indexMinBooks: 1, opdsAllBooks: true),
      collections: [
        Collection(
          title: script, slug: "shelf", description: "[x](javascript:alert(1)) <img src=x onerror=alert(1)>")
      ],
      books: [
        "HoStIlE00001": BookEntry(
          note: "Note <script>alert(1)</script> [x](javascript:alert(1))", tags: [script])
      ])
    _ = try await SiteBuilder(
      catalog: catalog,
      collections: [SiteInput.Collection(slug: "shelf", volumes: [hostile, coverAttack])],
      options: BuildOptions(
        jobs: 2, outputDirectory: root + "/public", workingDirectory: NSTemporaryDirectory())
    ).build()
    return (root, root + "/public")
  }

  @Test func noPageContainsExecutableInjection() async throws {
    let (root, output) = try await HostileDataTests.build()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let pages = Fixtures.files(in: output).filter { $0.hasSuffix(".html") }
    #expect(pages.count > 10)
    for page in pages {
      let html = try String(contentsOfFile: output + "/" + page, encoding: .utf8)
      #expect(HTMLScan.executableInjections(in: html) == [], "\(page)")
    }
  }

  @Test func hostileStringsRenderEscapedAndIntact() async throws {
    let (root, output) = try await HostileDataTests.build()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let page = try #require(
      Fixtures.files(in: output).first { $0.hasPrefix("books/script-alert-1-script-HoStIlE00001/") })
    let html = try String(contentsOfFile: output + "/" + page, encoding: .utf8)
    #expect(HTMLScan.text(in: html, after: "<h1", until: "</h1>") == HostileDataTests.script)
    #expect(
      HTMLScan.text(in: html, after: "<p class=\"subtitle\"", until: "</p>") == HostileDataTests.breakout)
    let authors = HTMLScan.tags(in: html).filter { $0.name == "a" }.compactMap { tag in
      tag.attributes.first { $0.name == "href" }?.value
    }.filter { $0.hasPrefix("/sub/authors/") }
    #expect(authors.count == 3)
    #expect(html.contains(HTMLEscape(HostileDataTests.mustache)))
    #expect(html.contains(HostileDataTests.bidi))
    #expect(html.contains("A long description line with <b>bold</b> text."))
    #expect(html.utf8.count > HostileDataTests.longDescription.utf8.count)
    #expect(
      html.contains(
        "<title>&lt;script&gt;alert(1)&lt;/script&gt; – &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>"
      ))
  }

  @Test func aVolumeWithEmptyStringsGetsACompletePage() async throws {
    let (root, output) = try await HostileDataTests.build()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let html = try String(contentsOfFile: output + "/books/CoVeR000001/index.html", encoding: .utf8)
    #expect(HTMLScan.text(in: html, after: "<h1", until: "</h1>") == "Untitled")
    #expect(!html.contains("class=\"subtitle\""))
    #expect(!html.contains("class=\"actions\""))
    // No cover: the title card alone, hidden from screen readers (the h1 names the book).
    #expect(html.contains("<div class=\"book-cover\"><span class=\"cover tone"))
    #expect(html.contains(" data-title=\"Untitled\"></span></div>"))
    #expect(html.contains("href=\"https://books.google.com/books?id=CoVeR000001\""))
  }

  private func HTMLEscape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }
}

@Suite struct HTMLScanTests {
  @Test(arguments: [
    ("<p>ok</p><script>x</script>", ["<script>"]),
    ("<img src=x onerror=alert(1)>", ["<img onerror=…>"]),
    ("<a href=\" javascript:alert(1)\">x</a>", ["<a href=\"javascript:…\">"]),
    ("<a HREF='JaVaScRiPt:x'>x</a>", ["<a href=\"javascript:…\">"]),
    ("<img src=\"data:image/svg+xml,x\">", ["<img src=\"data:…\">"]),
    ("<p>&lt;script&gt; onerror=alert(1) javascript:x</p>", []),
    ("<form role=\"search\" action=\"/books/\"></form>", []),
  ])
  func scannerFindsWhatCouldExecute(html: String, expected: [String]) {
    #expect(HTMLScan.executableInjections(in: html) == expected)
  }
}
