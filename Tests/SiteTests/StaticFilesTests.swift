import Catalog
import Foundation
import Testing

@testable import Site

/// A site's `static/` folder is copied to the output root verbatim, safely, and only where it
/// takes no generated file's place.
@Suite struct StaticFilesTests {
  /// A project folder with `static/` holding `files`, built into `public/`.
  struct Project {
    let root: String
    var staticFolder: String { root + "/static" }
    var output: String { root + "/public" }

    init(_ files: [String: [UInt8]]) throws {
      root = try Fixtures.temporaryDirectory()
      for (path, bytes) in files { try put(path, bytes) }
    }

    func put(_ path: String, _ bytes: [UInt8]) throws {
      let url = URL(fileURLWithPath: staticFolder + "/" + path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(bytes).write(to: url)
    }

    func build() async throws(SiteError) -> BuildReport {
      try await SiteBuilder(
        catalog: GoldenSite.catalog(), collections: GoldenSite.collections,
        options: BuildOptions(
          staticDirectory: staticFolder, jobs: 2, outputDirectory: output,
          workingDirectory: NSTemporaryDirectory())
      ).build()
    }

    func remove() { try? FileManager.default.removeItem(atPath: root) }
  }

  static let binary: [UInt8] = (0...255).map { UInt8($0) } + [0, 0, 13, 10]

  @Test func filesAreCopiedVerbatimAndTheirRobotsTxtReplacesTheGeneratedOne() async throws {
    let project = try Project([
      "CNAME": Array("books.example.com\n".utf8),
      "_redirects": Array("/old /books/ 301\n".utf8),
      "_headers": Array("/*\n  X-Frame-Options: DENY\n".utf8),
      ".well-known/security.txt": Array("Contact: mailto:me@example.com\n".utf8),
      "google1234.html": Array("google-site-verification: google1234.html".utf8),
      "robots.txt": Array("User-agent: *\nDisallow: /private/\n".utf8),
      "books/extra/data.bin": Self.binary,
    ])
    defer { project.remove() }
    let report = try await project.build()
    for path in [
      "CNAME", "_redirects", "_headers", ".well-known/security.txt", "google1234.html", "robots.txt",
      "books/extra/data.bin",
    ] {
      #expect(
        FileManager.default.contents(atPath: project.output + "/" + path)
          == FileManager.default.contents(atPath: project.staticFolder + "/" + path), "\(path)")
    }
    // Static files join the generated ones in the manifest.
    let manifest = try #require(OutputFolder(path: project.output).currentManifest())
    #expect(manifest.entries["CNAME"]?.size == 18)
    #expect(manifest.entries[".well-known/security.txt"] != nil)
    #expect(report.files == manifest.entries.count)
  }

  @Test func unchangedStaticFilesAreLinkedAndRemovedOnesLeaveTheOutput() async throws {
    let project = try Project(["CNAME": Array("a.example\n".utf8), "gone.txt": Array("bye".utf8)])
    defer { project.remove() }
    _ = try await project.build()
    let before = Fixtures.fileIdentities(in: project.output)
    try FileManager.default.removeItem(atPath: project.staticFolder + "/gone.txt")
    try project.put("new.txt", Array("hello".utf8))
    _ = try await project.build()
    let after = Fixtures.fileIdentities(in: project.output)
    #expect(after["CNAME"] == before["CNAME"], "an unchanged static file keeps its inode and mtime")
    #expect(after["gone.txt"] == nil)
    #expect(FileManager.default.contents(atPath: project.output + "/new.txt") == Data("hello".utf8))
  }

  @Test(arguments: [
    (
      "index.html",
      "error: 'static/index.html' collides with the generated 'index.html'; rename or remove it "
        + "(robots.txt is the one generated file static/ may replace)"
    ),
    (
      "books",
      "error: 'static/books' collides with the generated 'books/OnlyAnId0001/index.html'; rename or remove it "
        + "(robots.txt is the one generated file static/ may replace)"
    ),
    (
      "404.html/x",
      "error: 'static/404.html/x' collides with the generated '404.html'; rename or remove it "
        + "(robots.txt is the one generated file static/ may replace)"
    ),
    (
      "sitemap.xml",
      "error: 'static/sitemap.xml' collides with the generated 'sitemap.xml'; rename or remove it "
        + "(robots.txt is the one generated file static/ may replace)"
    ),
    (
      ".bookgen-output",
      "error: 'static/.bookgen-output' collides with the generated '.bookgen-output'; rename or remove it "
        + "(robots.txt is the one generated file static/ may replace)"
    ),
  ])
  func aStaticFileInAGeneratedFilesPlaceIsAnError(path: String, message: String) async throws {
    let project = try Project([path: Array("mine".utf8)])
    defer { project.remove() }
    let error = await #expect(throws: SiteError.self) { try await project.build() }
    #expect(error?.description == message)
    #expect(!FileManager.default.fileExists(atPath: project.output))
  }

  /// Read through `FileFence`, as templates and cache entries are: its reasons are the messages.
  @Test func onlyRegularFilesInsideStaticAreRead() async throws {
    let project = try Project(["inside.txt": Array("inside".utf8)])
    defer { project.remove() }
    try Data("secret".utf8).write(to: URL(fileURLWithPath: project.root + "/secret.txt"))
    let links = FileManager.default
    // A link to a file inside static/ is copied like the file.
    try links.createSymbolicLink(
      atPath: project.staticFolder + "/alias.txt", withDestinationPath: "inside.txt")
    _ = try await project.build()
    #expect(FileManager.default.contents(atPath: project.output + "/alias.txt") == Data("inside".utf8))

    func expectRefused(_ name: String, _ reason: String) async {
      let error = await #expect(throws: SiteError.self) { try await project.build() }
      #expect(error?.description == "error: cannot copy 'static/\(name)': \(reason)")
      try? FileManager.default.removeItem(atPath: project.staticFolder + "/" + name)
    }
    try links.createSymbolicLink(
      atPath: project.staticFolder + "/leak.txt", withDestinationPath: project.root + "/secret.txt")
    await expectRefused("leak.txt", "it is a symbolic link to a file outside static/")
    try links.createSymbolicLink(atPath: project.staticFolder + "/up", withDestinationPath: "..")
    await expectRefused("up", "it is a symbolic link to a file outside static/")
    try links.createSymbolicLink(atPath: project.staticFolder + "/dangling", withDestinationPath: "nothing")
    await expectRefused("dangling", "it is a symbolic link to a file that does not exist")
    // A link to a folder inside static/ is not entered: only files are copied.
    try links.createDirectory(atPath: project.staticFolder + "/real", withIntermediateDirectories: true)
    try links.createSymbolicLink(atPath: project.staticFolder + "/folder-link", withDestinationPath: "real")
    await expectRefused("folder-link", "it is a folder, not a regular file")
    try links.removeItem(atPath: project.staticFolder + "/real")
    #expect(mkfifo(project.staticFolder + "/pipe", 0o644) == 0)
    await expectRefused("pipe", "it is a FIFO (named pipe), not a regular file")
    // Sparse: a size past the limit costs no disk, and nothing of it is read.
    let huge = open(project.staticFolder + "/huge.bin", O_CREAT | O_WRONLY, 0o644)
    #expect(ftruncate(huge, off_t(StaticFiles.limit.bytes + 1)) == 0)
    close(huge)
    await expectRefused("huge.bin", "it is larger than 100 MiB, the most bookgen reads for a static file")
    try Data("x".utf8).write(to: URL(fileURLWithPath: project.staticFolder + "/bad\u{1}name"))
    await expectRefused(
      "bad\u{1}name", "its name is not valid UTF-8 or holds a control character or backslash")
    // Nothing refused reached the output, which still holds the last good build.
    #expect(!FileManager.default.fileExists(atPath: project.output + "/leak.txt"))
    _ = try await project.build()
  }

  @Test func theFingerprintFollowsTheStaticFiles() throws {
    let project = try Project(["CNAME": Array("a.example\n".utf8)])
    defer { project.remove() }
    func fingerprint() throws -> BuildFingerprint {
      try BuildFingerprint(
        catalogFile: Array("site: {}\n".utf8),
        options: BuildOptions(
          staticDirectory: project.staticFolder, outputDirectory: project.output,
          workingDirectory: NSTemporaryDirectory()),
        toolVersion: "test", inputs: [])
    }
    let first = try fingerprint()
    try project.put("CNAME", Array("b.example\n".utf8))
    let changed = try fingerprint()
    #expect(changed.value != first.value)
    try project.put("new.txt", Array("x".utf8))
    #expect(try fingerprint().value != changed.value)
  }
}
