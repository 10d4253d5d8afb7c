import Foundation
import TestSupport
import Testing

@testable import HTTPServer

/// A site folder next to a secret that must never be served.
struct SiteFixture: ~Copyable {
  let base: URL
  var root: String { base.appendingPathComponent("site").path }
  static let secret = "TOP-SECRET-CONTENT"

  init(notFoundPage: Bool = true) throws {
    base = FileManager.default.temporaryDirectory.appendingPathComponent(
      "bookgen-static-\(UUID().uuidString)")
    let files: [String: String] = [
      "site/index.html": "<html><body>home</body></html>",
      "site/books/index.html": "<html><body>books</body></html>",
      "site/books/a b.html": "spaced",
      "site/books/a:b/index.html": "colon",
      "site/%2e%2e/index.html": "literal percent folder",
      "site/style.css": "body{}",
      "site/app.js": "1",
      "site/data.json": "{}",
      "site/feed.xml": "<feed/>",
      "site/catalog.opds.xml": "<feed/>",
      "site/icon.svg": "<svg/>",
      "site/a.png": "png",
      "site/b.jpg": "jpg",
      "site/c.gif": "gif",
      "site/d.webp": "webp",
      "site/favicon.ico": "ico",
      "site/notes.txt": "notes",
      "site/font.woff2": "woff2",
      "site/blob.bin": "bin",
      "site/empty/keep.txt": "no index here",
      "secret.txt": Self.secret,
      "outside/index.html": Self.secret,
    ]
    for (path, text) in files {
      let url = base.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    if notFoundPage {
      try Data("<p>custom 404</p>".utf8).write(to: base.appendingPathComponent("site/404.html"))
    }
    let fm = FileManager.default
    try fm.createSymbolicLink(atPath: root + "/leak.txt", withDestinationPath: base.path + "/secret.txt")
    try fm.createSymbolicLink(atPath: root + "/leakdir", withDestinationPath: base.path + "/outside")
    try fm.createSymbolicLink(atPath: root + "/alias.css", withDestinationPath: "style.css")
  }

  deinit {
    try? FileManager.default.removeItem(at: base)
  }
}

func withStaticServer<T>(_ fixture: borrowing SiteFixture, _ body: (HTTPServer) async throws -> T)
  async throws -> T
{
  let handler = StaticFileHandler(root: fixture.root)
  return try await withServer({ handler.respond(to: $0) }, body)
}

@Suite struct StaticFileHandlerTests {
  @Test(arguments: [
    ("/", "text/html; charset=utf-8"),
    ("/style.css", "text/css; charset=utf-8"),
    ("/app.js", "text/javascript; charset=utf-8"),
    ("/data.json", "application/json; charset=utf-8"),
    ("/feed.xml", "application/xml; charset=utf-8"),
    ("/catalog.opds.xml", "application/atom+xml;profile=opds-catalog; charset=utf-8"),
    ("/icon.svg", "image/svg+xml; charset=utf-8"),
    ("/a.png", "image/png"),
    ("/b.jpg", "image/jpeg"),
    ("/c.gif", "image/gif"),
    ("/d.webp", "image/webp"),
    ("/favicon.ico", "image/x-icon"),
    ("/notes.txt", "text/plain; charset=utf-8"),
    ("/font.woff2", "font/woff2"),
    ("/blob.bin", "application/octet-stream"),
    ("/alias.css", "text/css; charset=utf-8"),
  ])
  func servesContentTypes(path: String, contentType: String) async throws {
    let fixture = try SiteFixture()
    try await withStaticServer(fixture) { server in
      let response = try await fetch("http://127.0.0.1:\(server.port)\(path)")
      #expect(response.status == 200)
      #expect(response.headers["content-type"] == contentType)
    }
  }

  @Test func etagAnswers304UntilTheFileChanges() async throws {
    let fixture = try SiteFixture()
    try await withStaticServer(fixture) { server in
      let url = "http://127.0.0.1:\(server.port)/style.css"
      let first = try await fetch(url)
      let etag = try #require(first.headers["etag"])
      let again = try await exchange(
        "GET /style.css HTTP/1.1\r\nHost: x\r\nIf-None-Match: \"other\", \(etag)\r\n\r\n", port: server.port)
      #expect(again.status == 304)
      #expect(again.header("ETag") == etag)
      #expect(again.body.isEmpty)
      try Data("body{color:red}".utf8).write(to: URL(fileURLWithPath: fixture.root + "/style.css"))
      let changed = try await fetch(url, headers: ["If-None-Match": etag])
      #expect(changed.status == 200)
      #expect(changed.body == "body{color:red}")
      #expect(changed.headers["etag"] != etag)
    }
  }

  @Test func headSendsLengthWithoutBody() async throws {
    let fixture = try SiteFixture()
    try await withStaticServer(fixture) { server in
      let client = try await TCPClient.connect(port: server.port)
      defer { client.close() }
      try await client.send(
        "HEAD /notes.txt HTTP/1.1\r\nHost: x\r\n\r\nGET /app.js HTTP/1.1\r\nHost: x\r\n\r\n")
      let head = try await client.readResponse(toHead: true)
      #expect(head.status == 200)
      #expect(head.header("Content-Length") == "5")
      #expect(head.header("Content-Type") == "text/plain; charset=utf-8")
      #expect(try await client.readResponse().text == "1")
    }
  }

  @Test func missingFilesGetTheSites404Page() async throws {
    let fixture = try SiteFixture()
    try await withStaticServer(fixture) { server in
      let response = try await fetch("http://127.0.0.1:\(server.port)/nope.html")
      #expect(response.status == 404)
      #expect(response.body == "<p>custom 404</p>")
      #expect(response.headers["content-type"] == "text/html; charset=utf-8")
      let folderWithoutIndex = try await fetch("http://127.0.0.1:\(server.port)/empty/")
      #expect(folderWithoutIndex.status == 404)
    }
    let bare = try SiteFixture(notFoundPage: false)
    try await withStaticServer(bare) { server in
      let response = try await fetch("http://127.0.0.1:\(server.port)/nope.html")
      #expect(response.status == 404)
      #expect(response.body == "Not Found\n")
    }
  }

  @Test func foldersRedirectToTheirSlashKeepingTheQuery() async throws {
    let fixture = try SiteFixture()
    try await withStaticServer(fixture) { server in
      let redirect = try await exchange("GET /books?page=2 HTTP/1.1\r\nHost: x\r\n\r\n", port: server.port)
      #expect(redirect.status == 301)
      #expect(redirect.header("Location") == "./books/?page=2")
      // Relative, whatever the Host header claims: never a redirect to another site.
      let spoofed = try await exchange(
        "GET /books HTTP/1.1\r\nHost: evil.example\r\n\r\n", port: server.port)
      #expect(spoofed.header("Location") == "./books/")
      // `./` keeps a segment with a colon from reading as a scheme (`a:b/` would be `a:` + `b/`).
      let colon = try await exchange("GET /books/a:b HTTP/1.1\r\nHost: x\r\n\r\n", port: server.port)
      #expect(colon.header("Location") == "./a:b/")
      let followedColon = try await fetch(
        resolving: try #require(colon.header("Location")),
        against: "http://127.0.0.1:\(server.port)/books/a:b")
      #expect(followedColon.body == "colon")
      // Resolved as browsers do (RFC 3986); swift-corelibs-foundation's URLSession cannot follow
      // relative redirects (it drops the trailing slash and loops), so the test resolves them.
      let followed = try await fetch(
        resolving: try #require(spoofed.header("Location")), against: "http://127.0.0.1:\(server.port)/books")
      #expect(followed.body == "<html><body>books</body></html>")
      let spaced = try await fetch("http://127.0.0.1:\(server.port)/books/a%20b.html")
      #expect(spaced.body == "spaced")
    }
  }

  @Test(arguments: [
    ("/../secret.txt", 400),
    ("/books/../../secret.txt", 400),
    ("/%2e%2e/secret.txt", 400),
    ("/%2E%2E%2Fsecret.txt", 400),
    ("/..%2fsecret.txt", 400),
    ("/%252e%252e/secret.txt", 404),
    ("/..\\secret.txt", 400),
    ("/..%5csecret.txt", 400),
    ("/index.html%00", 400),
    ("/secret.txt%00.html", 400),
    ("//etc/passwd", 400),
    ("/./index.html", 400),
    ("/leak.txt", 403),
    ("/leakdir/", 403),
    ("/leakdir/index.html", 403),
    ("http://x/../secret.txt", 400),
  ])
  func traversalIsRefusedWithoutLeaking(target: String, status: Int) async throws {
    let fixture = try SiteFixture()
    try await withStaticServer(fixture) { server in
      let response = try await exchange("GET \(target) HTTP/1.1\r\nHost: x\r\n\r\n", port: server.port)
      #expect(response.status == status)
      #expect(!response.text.contains(SiteFixture.secret))
      let after = try await exchange("GET /notes.txt HTTP/1.1\r\nHost: x\r\n\r\n", port: server.port)
      #expect(after.text == "notes")
    }
  }

  @Test func doubleEncodedDotsNameALiteralFolderInsideTheRoot() async throws {
    let fixture = try SiteFixture()
    try await withStaticServer(fixture) { server in
      let response = try await exchange("GET /%252e%252e/ HTTP/1.1\r\nHost: x\r\n\r\n", port: server.port)
      #expect(response.text == "literal percent folder")
    }
  }

  @Test(arguments: ["POST", "PUT", "DELETE", "OPTIONS"])
  func otherMethodsGet405WithAllow(method: String) async throws {
    let fixture = try SiteFixture()
    try await withStaticServer(fixture) { server in
      let response = try await exchange(
        "\(method) /notes.txt HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n", port: server.port)
      #expect(response.status == 405)
      #expect(response.header("Allow") == "GET, HEAD")
      #expect(try await fetch("http://127.0.0.1:\(server.port)/notes.txt").body == "notes")
    }
  }
}
