import Foundation
import Support
import Testing

@testable import SiteCheck

@Suite struct SiteCheckerTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "Fixtures"
  )
  .path

  @Test func cleanSiteHasNoProblems() async throws {
    let problems = try await SiteChecker.check(
      outputDirectory: SiteCheckerTests.fixtures + "/clean", baseURL: "https://me.github.io/books/")
    #expect(problems.map(\.description) == [])
  }

  @Test func brokenSiteReportsEveryProblemByPageAndLink() async throws {
    let problems = try await SiteChecker.check(
      outputDirectory: SiteCheckerTests.fixtures + "/broken", baseURL: "https://me.github.io/books")
    #expect(
      problems.map(\.description) == [
        "books/dune/index.html: no lang on <html>",
        "books/no-title/index.html: no <title> (or an empty one)",
        "books/no-title/index.html: no lang on <html>",
        "index.html: broken link '/books/assets/missing.css' (no such file)",
        "index.html: broken link 'authors/y/' (no such file)",
        "index.html: broken link 'books/dune/#nowhere' (no id 'nowhere' in books/dune/index.html)",
        "index.html: broken link '#main' (no id 'main' in index.html)",
        "index.html: link 'http://localhost:8000/books/books/dune/' points at host 'localhost:8000', not 'me.github.io'",
        "index.html: link '/books-old/dune/' leaves the base path '/books/'",
        "index.html: link 'https://me.github.io/elsewhere/' leaves the base path '/books/'",
        "index.html: link '../../../etc/passwd' leaves the base path '/books/'",
        "index.html: link 'javascript:alert(1)' runs a script",
        "index.html: broken link 'covers/dune.jpg' (no such file)",
        "index.html: broken link 'covers/dune@2x.jpg' (no such file)",
      ])
  }

  @Test func aSiteAtTheDomainRootAcceptsRootRelativeLinks() async throws {
    let root = try SiteCheckerTests.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: root) }
    try SiteCheckerTests.write(
      "<!doctype html><html lang=en><title>Home</title><a href=/about/>About</a> <a href=/missing/>x</a>",
      to: root + "/index.html")
    try SiteCheckerTests.write(
      "<!doctype html><html lang=en><title>About</title>", to: root + "/about/index.html")
    let problems = try await SiteChecker.check(outputDirectory: root, baseURL: "http://localhost:8000/")
    #expect(problems.map(\.description) == ["index.html: broken link '/missing/' (no such file)"])
  }

  @Test func missingFolderAndBadBaseURLAreErrors() async {
    await #expect(throws: SiteCheckError.notAFolder("/nonexistent/bookgen")) {
      try await SiteChecker.check(outputDirectory: "/nonexistent/bookgen", baseURL: "https://example.org/")
    }
    await #expect(throws: SiteCheckError.invalidBaseURL("example.org")) {
      try await SiteChecker.check(
        outputDirectory: SiteCheckerTests.fixtures + "/clean", baseURL: "example.org")
    }
  }

  @Test(arguments: [
    ("../../authors/y/#z", SiteIndex.Target.file("authors/y/index.html", fragment: "z")),
    ("cover.jpg?w=2", .file("books/x/cover.jpg", fragment: nil)),
    ("?q=dune#main", .file("books/x/index.html", fragment: "main")),
    ("/books/%E4%B8%89/", .file("三/index.html", fragment: nil)),
    ("HTTPS://ME.GITHUB.IO/books/feed.xml", .file("feed.xml", fragment: nil)),
    ("//me.github.io/books/", .file("index.html", fragment: nil)),
    ("https://books.google.com/books?id=x", .external), ("mailto:a@b.c", .external), ("data:,x", .external),
    (
      "//localhost:8000/books/",
      .problem(.wrongHost(link: "//localhost:8000/books/", host: "localhost:8000", expected: "me.github.io"))
    ),
    ("/elsewhere/", .problem(.outsideBasePath(link: "/elsewhere/", basePath: "/books/"))),
    (" JavaScript:void(0)", .problem(.scriptLink(" JavaScript:void(0)"))),
  ])
  func linksResolveLikeAStaticHost(link: String, target: SiteIndex.Target) throws {
    let site = SiteIndex(files: [], pages: [:], base: try BaseURL("https://me.github.io/books/"))
    #expect(site.resolve(link, on: "books/x/index.html") == target)
  }

  @Test(arguments: [
    ("books/x/../../authors/y/", "authors/y/"), ("./a/./b", "a/b"), ("a/..", ""), ("a/b/..", "a/"),
  ])
  func dotSegmentsAreRemoved(path: String, expected: String) {
    #expect(SiteIndex.normalize(Substring(path)) == expected)
  }

  @Test func climbingAboveTheRootIsRefused() {
    #expect(SiteIndex.normalize("../x") == nil)
    #expect(SiteIndex.normalize("a/../../x") == nil)
  }

  @Test(arguments: [
    ("%E4%B8%89%E9%AB%94", "三體"), ("a%20b", "a b"), ("100%", "100%"), ("%zz", "%zz"),
  ])
  func percentDecoding(encoded: String, decoded: String) {
    #expect(PercentEncoding.decode(Substring(encoded), strict: false) == decoded)
  }

  @Test func invalidUTF8IsNotDecoded() {
    #expect(PercentEncoding.decode("%FF", strict: false) == nil)
  }

  static func temporaryFolder() throws -> String {
    let path = NSTemporaryDirectory() + "bookgen-sitecheck-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  static func write(_ text: String, to path: String) throws {
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }
}
