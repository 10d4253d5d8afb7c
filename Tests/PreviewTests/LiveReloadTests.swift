import Foundation
import Testing

@testable import HTTPServer
@testable import Preview

@Suite struct LiveReloadTests {
  @Test(arguments: [
    ("<html><body>a</body></html>", "<html><body>a#</body></html>"),
    ("<BODY>x</Body><p></body>", "<BODY>x</Body><p>#</body>"),
    ("no closing tag", "no closing tag#"),
    ("", "#"),
  ])
  func scriptGoesBeforeTheLastClosingBody(html: String, expected: String) {
    let script = LiveReloadScript.tag(generation: 7)
    let injected = LiveReloadScript.inject(into: Array(html.utf8), generation: 7)
    #expect(String(decoding: injected, as: UTF8.self) == expected.replacingOccurrences(of: "#", with: script))
  }

  @Test func eventsAreFramedLineByLine() {
    #expect(LiveReloadEvent.reload.serverSentEvent == "event: reload\ndata: reload\n\n")
    #expect(
      LiveReloadEvent.error(message: "a.yml:1:2: error: x\n  bad\n  ^").serverSentEvent
        == "event: error\ndata: a.yml:1:2: error: x\ndata:   bad\ndata:   ^\n\n")
    #expect(LiveReloadEvent.heartbeat.serverSentEvent == ": heartbeat\n\n")
  }

  /// The error page escapes as every page does (`Support.MarkupEscaping`); its own escaper
  /// used to keep control characters, which make the page invalid HTML.
  @Test func errorPageEscapesEverythingAndDropsControlCharacters() {
    let page = ErrorPage.html(message: "<a href=\"x\">'&'</a>\u{1B}[1m\u{7}", generation: 3)
    #expect(page.contains("<pre>&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;[1m</pre>"))
  }

  @Test func baseURLNamesAnAddressBrowsersCanUse() {
    let lan: @Sendable () -> [String] = { ["192.168.1.5", "2001:db8::5"] }
    let none: @Sendable () -> [String] = { [] }
    #expect(PreviewOptions(host: "127.0.0.1").baseURL(port: 8000) == "http://127.0.0.1:8000/")
    #expect(PreviewOptions(host: "::1").baseURL(port: 8000) == "http://[::1]:8000/")
    #expect(
      PreviewOptions(host: "0.0.0.0", networkAddresses: lan).baseURL(port: 80) == "http://192.168.1.5:80/")
    #expect(
      PreviewOptions(host: "::", networkAddresses: { ["2001:db8::5"] }).baseURL(port: 80)
        == "http://[2001:db8::5]:80/")
    #expect(
      PreviewOptions(host: "0.0.0.0", networkAddresses: none).baseURL(port: 80) == "http://127.0.0.1:80/")
    #expect(PreviewOptions(host: "::", networkAddresses: none).baseURL(port: 80) == "http://[::1]:80/")
    #expect(PreviewOptions(basePath: "/books/").baseURL(port: 8000) == "http://127.0.0.1:8000/books/")
    #expect(
      PreviewOptions(basePath: "/books/", baseURL: "https://tunnel.example/pr/").baseURL(port: 8000)
        == "https://tunnel.example/pr/")
  }

  @Test func theTemporaryOutputLivesInAPrivateFolderOfItsOwn() {
    let options = PreviewOptions(temporaryDirectory: "/var/tmp/")
    let folder = try? #require(options.privateFolder)
    #expect(folder?.hasPrefix("/var/tmp/bookgen-serve-") == true)
    #expect(options.outputDirectory == (folder ?? "") + "/site")
    #expect(PreviewOptions(outputDirectory: "/x/site").privateFolder == nil)
  }

  @Test(arguments: [
    ("/", "redirect /books/"),
    ("/?a=1", "redirect /books/?a=1"),
    ("/books", "redirect ./books/"),
    ("/books?page=2", "redirect ./books/?page=2"),
    ("/books/", "site /"),
    ("/books/assets/style.css", "site /assets/style.css"),
    ("/books/a%20b/?q=1", "site /a%20b/?q=1"),
    ("/bookshelf/", "outside"),
    ("/other/books/", "outside"),
    ("/favicon.ico", "outside"),
  ])
  func theSiteIsServedUnderItsBasePath(target: String, expected: String) {
    let mount = SiteMount(baseURL: "http://127.0.0.1:8000/books/")
    let route: String
    switch mount.route(HTTPRequest(method: "GET", target: target)) {
    case .site(let inner): route = "site \(inner.target)"
    case .redirect(let location): route = "redirect \(location)"
    case .outside: route = "outside"
    }
    #expect(route == expected)
  }

  @Test func aBasePathOutsideASCIIIsDecodedForMatchingAndEncodedForRedirects() {
    let mount = SiteMount(baseURL: "http://127.0.0.1:8000/書架/")
    guard case .redirect(let location) = mount.route(HTTPRequest(method: "GET", target: "/")) else {
      Issue.record("expected a redirect")
      return
    }
    #expect(location == "/%E6%9B%B8%E6%9E%B6/")
    guard case .site(let inner) = mount.route(HTTPRequest(method: "GET", target: "/%E6%9B%B8%E6%9E%B6/x.css"))
    else {
      Issue.record("expected the site")
      return
    }
    #expect(inner.path == "/x.css")
  }

  /// Two quick saves of the same size can keep one modification time on a coarse clock: a
  /// file modified moments ago is told apart by its bytes.
  @Test func snapshotSeesARecentRewriteThatKeptSizeAndTime() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "bookgen-watch-\(UUID().uuidString).yml"
    ).path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try Data("aaaa".utf8).write(to: URL(fileURLWithPath: path))
    var info = stat()
    #expect(stat(path, &info) == 0)
    let first = FileTreeSnapshot(scanning: [path])
    try Data("bbbb".utf8).write(to: URL(fileURLWithPath: path))
    var times = [info.st_atim, info.st_mtim]
    #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
    let second = FileTreeSnapshot(scanning: [path])
    #expect(second.files[path]?.modified == first.files[path]?.modified)
    #expect(second != first)
  }

  @Test func snapshotSeesAddedChangedAndRemovedFilesButNotHiddenOnes() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "bookgen-watch-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let watched = [folder.path, folder.path + "/missing.yml"]
    let write = { (name: String, text: String) in
      try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    }
    try write("sub/a.mustache", "a")
    let first = FileTreeSnapshot(scanning: watched)
    #expect(first.files.keys.sorted() == [folder.path + "/sub/a.mustache"])
    try write("sub/.a.mustache.swp", "swap")
    try write("sub/a.mustache~", "backup")
    #expect(FileTreeSnapshot(scanning: watched) == first)
    try write("sub/a.mustache", "ab")
    let changed = FileTreeSnapshot(scanning: watched)
    #expect(changed != first)
    try write("b.mustache", "b")
    #expect(FileTreeSnapshot(scanning: watched).files.count == 2)
    try FileManager.default.removeItem(at: folder.appendingPathComponent("b.mustache"))
    #expect(FileTreeSnapshot(scanning: watched) == changed)
  }

  /// Every kind of change under the watched paths is seen, once; hidden files and backups are
  /// not; a build's own writes are not, while other changes made meanwhile still are. Through
  /// inotify's events, and by comparing scans.
  @Test(arguments: [false, true])
  func theWatcherSeesEachChangeOnceButNotHiddenFilesNorABuildsOwnWrites(scanning: Bool) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "bookgen-watch-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("templates/sub"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = { (name: String) in folder.path + "/" + name }
    let write = { (name: String, text: String) in
      try Data(text.utf8).write(to: URL(fileURLWithPath: path(name)))
    }
    try write("catalog.yml", "a")
    try write("unwatched.txt", "a")
    let watched = [path("catalog.yml"), path("templates"), path("cache"), path("static")]
    let changes = ChangeWatcher(paths: watched, scanning: scanning)
    #expect(!changes.changed())
    let edits: [(String, () throws -> Void, Bool)] = [
      ("a file not watched", { try write("unwatched.txt", "b") }, false),
      (
        "a hidden file and a backup",
        {
          try write("templates/sub/.a.swp", "x")
          try write("templates/a~", "x")
        }, false
      ),
      ("a template added", { try write("templates/sub/a.mustache", "a") }, true),
      ("the template edited", { try write("templates/sub/a.mustache", "ab") }, true),
      (
        "the catalog replaced",
        { try Data("b".utf8).write(to: URL(fileURLWithPath: path("catalog.yml")), options: .atomic) }, true
      ),
      (
        "a watched folder made, with a file in a new folder in it",
        {
          try FileManager.default.createDirectory(
            atPath: path("static/img"), withIntermediateDirectories: true)
          try write("static/img/a.png", "a")
        }, true
      ),
      ("a file in the new folder edited", { try write("static/img/a.png", "b") }, true),
      (
        "the template removed",
        { try FileManager.default.removeItem(atPath: path("templates/sub/a.mustache")) }, true
      ),
      ("nothing", {}, false),
    ]
    for (name, edit, seen) in edits {
      try edit()
      #expect(changes.changed() == seen, "\(name)")
      #expect(!changes.changed(), "\(name), asked again")
    }
    // A build's own writes into the cache are accepted; an edit made meanwhile is not.
    try FileManager.default.createDirectory(atPath: path("cache/ab"), withIntermediateDirectories: true)
    try write("cache/ab/entry", "a")
    changes.accept([path("cache")])
    #expect(!changes.changed())
    try write("cache/ab/entry", "b")
    try write("templates/b.mustache", "b")
    changes.accept([path("cache")])
    #expect(changes.changed())
    #expect(!changes.changed())
  }
}
