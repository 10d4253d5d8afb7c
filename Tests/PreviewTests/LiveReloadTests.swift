import Foundation
import Testing

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

  @Test func errorPageEscapesEverything() {
    #expect(
      ErrorPage.escape("<a href=\"x\">'&'</a>") == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
  }

  @Test func baseURLNamesAnAddressBrowsersCanUse() {
    #expect(PreviewOptions(host: "127.0.0.1").baseURL(port: 8000) == "http://127.0.0.1:8000/")
    #expect(PreviewOptions(host: "::1").baseURL(port: 8000) == "http://[::1]:8000/")
    #expect(PreviewOptions(host: "0.0.0.0").baseURL(port: 80) == "http://localhost:80/")
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
}
