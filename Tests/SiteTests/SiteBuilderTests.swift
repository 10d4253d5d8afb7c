import Catalog
import Foundation
import Testing

@testable import Site

@Suite struct SiteBuilderTests {
  private func build(_ root: String, templates: String? = nil, jobs: Int = 2, baseURL: String? = nil)
    async throws(SiteError)
    -> BuildReport
  {
    try await SiteBuilder(
      catalog: GoldenSite.catalog(), collections: GoldenSite.collections,
      options: BuildOptions(
        baseURL: baseURL, templatesDirectory: templates, jobs: jobs, outputDirectory: root + "/public",
        workingDirectory: NSTemporaryDirectory())
    ).build()
  }

  @Test func everyInternalLinkResolvesUnderASubPath() async throws {
    let root = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    _ = try await build(root, baseURL: "https://me.github.io/deep/sub")
    let output = root + "/public"
    let files = Set(Fixtures.files(in: output))
    var checked = 0
    for page in files where page.hasSuffix(".html") {
      let html = try String(contentsOfFile: output + "/" + page, encoding: .utf8)
      for tag in HTMLScan.tags(in: html) {
        for attribute in tag.attributes where ["href", "src", "action"].contains(attribute.name) {
          let value = attribute.value
          if value.hasPrefix("https://") || value.hasPrefix("http://") || value.hasPrefix("#") { continue }
          #expect(value.hasPrefix("/deep/sub/"), "\(page): \(value) is outside the sub-path")
          var path = String(value.dropFirst("/deep/sub/".count)).removingPercentEncoding ?? ""
          if path.isEmpty || path.hasSuffix("/") { path += "index.html" }
          #expect(files.contains(path), "\(page): \(value) does not resolve")
          checked += 1
        }
      }
    }
    #expect(checked > 100)
  }

  /// `site.index_pages` builds only the chosen kinds; the others are named, not linked, on book
  /// pages, and nothing (sitemap, feeds, JSON-LD) points to a page that was not built.
  @Test func onlyTheChosenIndexPagesAreBuiltAndLinked() async throws {
    let root = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    var catalog = GoldenSite.catalog()
    catalog.site.indexPages = [.years]
    catalog.site.indexMinBooks = 1
    let report = try await SiteBuilder(
      catalog: catalog, collections: GoldenSite.collections,
      options: BuildOptions(
        jobs: 2, outputDirectory: root + "/public", workingDirectory: NSTemporaryDirectory())
    ).build()
    var every = GoldenSite.catalog()
    every.site.indexPages = Set(IndexPage.allCases)
    every.site.indexMinBooks = 1
    let all = try await SiteBuilder(
      catalog: every, collections: GoldenSite.collections,
      options: BuildOptions(jobs: 2, outputDirectory: root + "/all", workingDirectory: NSTemporaryDirectory())
    ).build()
    #expect(report.pages < all.pages)
    let output = root + "/public"
    let files = Fixtures.files(in: output)
    for folder in ["authors/", "categories/", "publishers/", "languages/"] {
      #expect(!files.contains { $0.hasPrefix(folder) }, "\(folder)")
    }
    #expect(files.contains { $0.hasPrefix("years/") })
    let dune = try String(contentsOfFile: output + "/books/dune-B1hSG45JCX4C/index.html", encoding: .utf8)
    #expect(dune.contains("<li>Frank Herbert</li>"))
    #expect(dune.contains("<dd>Penguin</dd>"))
    for file in files where file.hasSuffix(".html") || file.hasSuffix(".xml") || file.hasSuffix(".json") {
      let text = try String(contentsOfFile: output + "/" + file, encoding: .utf8)
      for folder in ["authors/", "categories/", "publishers/", "languages/"] {
        #expect(!text.contains("/shelf/" + folder), "\(file) links \(folder)")
      }
    }
  }

  @Test func outputIsByteIdenticalWhateverTheConcurrency() async throws {
    let root = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let serial = try await build(root + "/one", jobs: 1)
    let parallel = try await build(root + "/many", jobs: 8)
    #expect(serial.pages == parallel.pages && serial.bytes == parallel.bytes)
    let files = Fixtures.files(in: root + "/one/public")
    #expect(Fixtures.files(in: root + "/many/public") == files)
    for file in files {
      #expect(
        FileManager.default.contents(atPath: root + "/one/public/" + file)
          == FileManager.default.contents(atPath: root + "/many/public/" + file), "\(file)")
    }
  }

  @Test func reportCountsPagesFilesAndBooks() async throws {
    let root = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let report = try await build(root)
    let files = Fixtures.files(in: root + "/public")
    #expect(report.files == files.count)
    #expect(report.pages == files.filter { $0.hasSuffix(".html") }.count)
    #expect(report.books == 5)
    #expect(report.warnings == ["volume OnlyAnId0001 has no title; its page says \"Untitled\""])
    #expect(report.stages.map(\.name) == ["model", "contexts", "markdown", "templates", "write", "search"])
  }

  @Test func siteTemplatesOverrideTheDefaultThemeFileByFile() async throws {
    let root = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let templates = root + "/templates"
    try FileManager.default.createDirectory(
      atPath: templates + "/partials", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: templates + "/assets", withIntermediateDirectories: true)
    try "<footer>My own footer for {{site.title}}</footer>\n".write(
      toFile: templates + "/partials/footer.mustache", atomically: true, encoding: .utf8)
    try "body { color: red }\n".write(
      toFile: templates + "/assets/style.css", atomically: true, encoding: .utf8)
    try "extra".write(toFile: templates + "/assets/extra.js", atomically: true, encoding: .utf8)
    _ = try await build(root, templates: templates)
    let home = try String(contentsOfFile: root + "/public/index.html", encoding: .utf8)
    #expect(home.contains("<footer>My own footer for A Reader's Shelf</footer>"))
    #expect(home.contains("<a href=\"#main\">Skip to content</a>"))
    #expect(
      try String(contentsOfFile: root + "/public/assets/style.css", encoding: .utf8)
        == "body { color: red }\n")
    #expect(try String(contentsOfFile: root + "/public/assets/extra.js", encoding: .utf8) == "extra")
  }

  @Test func templateErrorsAreLocatedAndLeaveTheOutputIntact() async throws {
    let root = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    _ = try await build(root)
    let before = Fixtures.files(in: root + "/public")
    let templates = root + "/templates"
    try FileManager.default.createDirectory(atPath: templates, withIntermediateDirectories: true)
    try "{{< layout}}{{$content}}\n{{#book}}<h1>{{title}}</h1>{{/books}}\n{{/content}}{{/layout}}\n".write(
      toFile: templates + "/book.mustache", atomically: true, encoding: .utf8)
    do {
      _ = try await build(root, templates: templates)
      Issue.record("the build should have failed")
    } catch {
      #expect(
        error.description == """
          \(templates)/book.mustache:2:1: error: section 'book' opened here is closed by 'books'
          {{#book}}<h1>{{title}}</h1>{{/books}}
          ^
          \(templates)/book.mustache:2:28: note: 'books' closed here
          {{#book}}<h1>{{title}}</h1>{{/books}}
                                     ^
          """)
    }
    #expect(Fixtures.files(in: root + "/public") == before)
  }

  @Test func invalidBaseURLOverrideIsReported() async throws {
    let root = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    await #expect(throws: SiteError.invalidBaseURL("ftp://x/")) { try await build(root, baseURL: "ftp://x/") }
    #expect(!FileManager.default.fileExists(atPath: root + "/public"))
  }
}
