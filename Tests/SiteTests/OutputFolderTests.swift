import Foundation
import Mustache
import Testing

@testable import Site

/// A renderer that writes the page's template name and path, or fails on one template.
private struct EchoRenderer: TemplateRendering {
  var failingTemplate: String?

  func render(_ name: String, _ context: ContextValue, into page: inout OutputBuffer) throws(SiteError) {
    if name == failingTemplate { throw .templates([.error("boom in \(name)")]) }
    guard case .string(let url) = context["page"]?["canonicalURL"] else { return page.append(utf8: name) }
    page.append(utf8: "\(name) \(url)\n")
  }
}

@Suite struct OutputFolderTests {
  @Test(arguments: [
    SitePath(["..", "x"]), SitePath(["a/b"]), SitePath(["."]), SitePath([""]), SitePath(["a\u{0}"]),
    SitePath(["a\\b"]), SitePath([], fileName: ".."), SitePath([], fileName: "../index.html"),
  ])
  func pathsThatCouldEscapeAreRefused(path: SitePath) {
    #expect(throws: SiteError.self) { try OutputFolder.relativePath(for: path) }
  }

  @Test func ordinaryPathsStayInside() throws {
    #expect(try OutputFolder.relativePath(for: SitePath(["books", "三體-x"])) == "books/三體-x/index.html")
    #expect(try OutputFolder.relativePath(for: SitePath([], fileName: "404.html")) == "404.html")
  }

  @Test(arguments: ["/", "/tmp/..", "."])
  func unusableOutputFoldersAreRefused(path: String) {
    #expect(throws: SiteError.self) { try OutputFolder(path: path, currentDirectory: "/") }
  }

  @Test func whatBookgenKeepsSitsNextToTheOutput() throws {
    let folder = try OutputFolder(path: "site/public/", currentDirectory: "/work")
    #expect(folder.output == "/work/site/public")
    #expect(folder.staging == "/work/site/.public.bookgen-staging")
    #expect(folder.manifest == "/work/site/.public.bookgen-manifest")
    #expect(folder.replaced == "/work/site/.public.bookgen-replaced")
  }

  /// An interrupted build's staging folder, and what older bookgens kept beside the output
  /// (a twin, its manifests, state files for the next build), are removed by the next build.
  @Test func leftoversAreRemovedWhenPreparing() async throws {
    let root = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    for folder in ["next/books", "manifests"] {
      try FileManager.default.createDirectory(
        atPath: root + "/.public.bookgen-" + folder, withIntermediateDirectories: true)
    }
    try Data("old".utf8).write(to: URL(fileURLWithPath: root + "/.public.bookgen-next/books/index.html"))
    try FileManager.default.createDirectory(
      atPath: root + "/.public.bookgen-staging/books", withIntermediateDirectories: true)
    try Data("old".utf8).write(to: URL(fileURLWithPath: root + "/.public.bookgen-staging/books/index.html"))
    try Data("old".utf8).write(to: URL(fileURLWithPath: root + "/.public.bookgen-old"))
    // State files an earlier bookgen kept for the next build, which this one no longer reads.
    for name in ["state", "books.tmp", "volumes", "volumes.tmp", "cache-index", "cache-index.tmp"] {
      try Data("old".utf8).write(to: URL(fileURLWithPath: root + "/.public.bookgen-" + name))
    }
    try Data("kept".utf8).write(to: URL(fileURLWithPath: root + "/.public.bookgen-other"))

    _ = try await builder(output: root + "/public").build(renderer: EchoRenderer(), assets: [:])

    let names = try FileManager.default.contentsOfDirectory(atPath: root).sorted()
    #expect(names == [".public.bookgen-manifest", ".public.bookgen-other", "public"])
  }

  private func builder(output: String, volumes: Int = 3) -> SiteBuilder {
    let catalog = Fixtures.catalog([Fixtures.collection("shelf")], perPage: 2)
    let collection = SiteInput.Collection(
      slug: "shelf",
      volumes: (0..<volumes).map { Fixtures.volume("id\($0)", title: "Book \($0)", authors: ["A"]) })
    return SiteBuilder(
      catalog: catalog, collections: [collection],
      options: BuildOptions(jobs: 3, outputDirectory: output, workingDirectory: NSTemporaryDirectory()))
  }

  @Test func buildWritesEveryPageAndSwapsIntoPlace() async throws {
    let root = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let output = root + "/public"
    let report = try await builder(output: output).build(
      renderer: EchoRenderer(), assets: ["style.css": Array("body{}".utf8)])
    let files = Fixtures.files(in: output)
    #expect(
      files.filter { !$0.hasPrefix("search/") } == [
        ".nojekyll", "404.html", "assets/style.css", "authors/a/index.html",
        "authors/a/page/2/index.html", "books/book-0-id0/index.html", "books/book-1-id1/index.html",
        "books/book-2-id2/index.html", "books/index.html", "books/page/2/index.html", "feed.xml",
        "index.html", "languages/en/index.html", "languages/en/page/2/index.html",
        "opds/books/index.xml", "opds/collections/shelf/index.xml", "opds/index.xml", "robots.txt",
        "shelf/feed.xml", "shelf/index.html", "shelf/page/2/index.html", "sitemap.xml",
      ])
    // The search page and its index: the manifest, one file of documents, one term chunk, the
    // facet values and their names (the file names are hashes of their bytes).
    let search = files.filter { $0.hasPrefix("search/") }
    #expect(
      search.filter { !$0.hasPrefix("search/t/") && !$0.hasPrefix("search/f/") } == [
        "search/d/0.json", "search/index.html", "search/index.json",
      ])
    #expect(search.filter { $0.hasPrefix("search/t/") }.count == 1)
    #expect(search.filter { $0.hasPrefix("search/f/") }.count == 2)
    #expect(report.pages == 14)
    #expect(report.files == 28)
    #expect(
      try String(contentsOfFile: output + "/shelf/page/2/index.html", encoding: .utf8)
        == "collection https://example.org/shelf/page/2/\n")
    #expect(
      Fixtures.files(in: root) == [".public.bookgen-manifest"]
        + Fixtures.files(in: output).map { "public/" + $0 })
  }

  @Test func failedBuildLeavesThePreviousOutputIntact() async throws {
    let root = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let output = root + "/public"
    _ = try await builder(output: output, volumes: 1).build(renderer: EchoRenderer(), assets: [:])
    let before = Fixtures.files(in: output)
    let home = try String(contentsOfFile: output + "/index.html", encoding: .utf8)

    await #expect(throws: SiteError.templates([.error("boom in book")])) {
      try await builder(output: output, volumes: 40).build(
        renderer: EchoRenderer(failingTemplate: "book"), assets: [:])
    }
    #expect(Fixtures.files(in: output) == before)
    #expect(try String(contentsOfFile: output + "/index.html", encoding: .utf8) == home)
    // The failed build's staging folder is gone; the manifest still describes the output.
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: root).sorted() == [
        ".public.bookgen-manifest", "public",
      ])
    #expect(Fixtures.manifest(of: output)?.entries.count == before.count)
  }

  @Test func rebuildsAreByteIdenticalAndReplaceStaleFiles() async throws {
    let root = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    _ = try await builder(output: root + "/a", volumes: 5).build(renderer: EchoRenderer(), assets: [:])
    _ = try await builder(output: root + "/b", volumes: 9).build(renderer: EchoRenderer(), assets: [:])
    _ = try await builder(output: root + "/b", volumes: 5).build(renderer: EchoRenderer(), assets: [:])
    let files = Fixtures.files(in: root + "/a")
    #expect(Fixtures.files(in: root + "/b") == files)
    for file in files {
      #expect(
        FileManager.default.contents(atPath: root + "/a/" + file)
          == FileManager.default.contents(atPath: root + "/b/" + file))
    }
  }

  @Test func outputThatIsAFileIsRefused() async throws {
    let root = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    #expect(FileManager.default.createFile(atPath: root + "/public", contents: Data("keep".utf8)))
    await #expect(throws: SiteError.invalidOutputDirectory(root + "/public")) {
      try await builder(output: root + "/public").build(renderer: EchoRenderer(), assets: [:])
    }
    #expect(FileManager.default.contents(atPath: root + "/public") == Data("keep".utf8))
  }
}
