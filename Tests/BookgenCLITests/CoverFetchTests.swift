import Foundation
import TestSupport
import Testing

@testable import BookgenCLI

/// `site.covers: local` fetches the sources' covers as politely as their data: a busy image host
/// is asked again after its `Retry-After`, the requests count in `--max-requests` (the rest are
/// fetched by the next run), and `--refresh` asks again for what the cache holds.
@Suite struct CoverFetchTests {
  static let ids = ["pol00001", "pol00002", "pol00003"]

  static let catalog = """
    site:
      title: "Covers"
      base_url: "https://shelf.test/books/"
      language: en
      covers: local
    google_books:
      country: US
    collections:
      - title: "All"
        slug: all
        queries:
          - q: "polite"
            max_results: 10

    """

  /// The image server and a Google Books listing three volumes whose covers are on it.
  static func servers() throws -> (FakeImageServer, BuildFixture) {
    let images = FakeImageServer()
    try images.start()
    let fixture = try BuildFixture.start()
    let volumes = ids.map { id in
      images.set(path(id), .init(body: FakeImageServer.fixture("baseline.jpg")))
      return FakeGoogleBooks.volumeJSON(id: id, title: "Book \(id)", thumbnail: images.origin + path(id))
    }
    fixture.google.setSearch("polite", results: volumes)
    return (images, fixture)
  }

  static func path(_ id: String) -> String { "/img/\(id).jpg?zoom=1" }

  @Test func aBusyImageHostIsAskedAgainAfterItsRetryAfter() async throws {
    let (images, fixture) = try Self.servers()
    images.set(
      Self.path("pol00002"),
      answers: [
        .init(
          status: 503, contentType: "text/html", body: Array("busy".utf8), headers: [("Retry-After", "1")]),
        .init(body: FakeImageServer.fixture("baseline.jpg")),
      ])
    try await withTemporaryDirectory { root in
      try write(Self.catalog, to: root + "/catalog.yml")
      let start = ContinuousClock.now
      let result = await runCLI(["build", "-v"], in: root, variables: fixture.variables)
      let waited = ContinuousClock.now - start
      #expect(result.status == 0, "\(result.stderr)")
      #expect(images.requests(Self.path("pol00002")) == 2)
      #expect(waited >= .seconds(1), "the second attempt came before the host's Retry-After")
      #expect(result.stderr.contains("Covers: 3 served from the site"), "\(result.stderr)")
    }
    await images.stop()
    await fixture.server.stop()
  }

  @Test func coverRequestsCountInTheBudgetAndTheNextRunFetchesTheRest() async throws {
    let (images, fixture) = try Self.servers()
    try await withTemporaryDirectory { root in
      try write(Self.catalog, to: root + "/catalog.yml")
      // The search takes one request of the two, the first cover the other.
      let first = await runCLI(
        ["build", "-v", "--max-requests", "2"], in: root, variables: fixture.variables)
      #expect(first.status == 0, "\(first.stderr)")
      #expect(images.totalRequests == 1)
      #expect(first.stderr.contains("the request budget of"), "\(first.stderr)")
      #expect(first.stderr.contains("Covers: 1 served from the site"), "\(first.stderr)")

      let second = await runCLI(["build", "-v"], in: root, variables: fixture.variables)
      #expect(second.status == 0, "\(second.stderr)")
      #expect(Self.ids.allSatisfy { images.requests(Self.path($0)) == 1 }, "each cover is asked for once")
      #expect(second.stderr.contains("Covers: 3 served from the site"), "\(second.stderr)")

      // Cached: a third build asks nothing; --refresh asks for each cover again and shows the
      // image the host serves now.
      let third = await runCLI(["build", "-v"], in: root, variables: fixture.variables)
      #expect(third.status == 0, "\(third.stderr)")
      #expect(images.totalRequests == 3)
      images.set(Self.path("pol00001"), .init(body: FakeImageServer.fixture("progressive.jpg")))
      let before = try FileManager.default.contentsOfDirectory(atPath: root + "/public/covers").sorted()
      let refreshed = await runCLI(["build", "-v", "--refresh"], in: root, variables: fixture.variables)
      #expect(refreshed.status == 0, "\(refreshed.stderr)")
      #expect(images.totalRequests == 6)
      let after = try FileManager.default.contentsOfDirectory(atPath: root + "/public/covers").sorted()
      #expect(after != before, "the new image gets new file names")
    }
    await images.stop()
    await fixture.server.stop()
  }

  @Test func anImageHostThatKeepsFailingLeavesTheTitleCard() async throws {
    let (images, fixture) = try Self.servers()
    images.set(
      Self.path("pol00003") + "&key=AIzaSecretSecret",
      .init(status: 500, contentType: "text/html", body: Array("down".utf8)))
    fixture.google.setSearch(
      "polite",
      results: Self.ids.map { id in
        let url = images.origin + Self.path(id) + (id == "pol00003" ? "&key=AIzaSecretSecret" : "")
        return FakeGoogleBooks.volumeJSON(id: id, title: "Book \(id)", thumbnail: url)
      })
    try await withTemporaryDirectory { root in
      try write(
        Self.catalog.replacingOccurrences(of: "  country: US", with: "  country: US\n  retries: 0"),
        to: root + "/catalog.yml")
      let result = await runCLI(["build", "-v"], in: root, variables: fixture.variables)
      #expect(result.status == 0, "\(result.stderr)")
      #expect(!result.stderr.contains("AIzaSecret"), "\(result.stderr)")
      #expect(result.stderr.contains("Covers: 2 served from the site"), "\(result.stderr)")
      let page = try String(
        contentsOfFile: root + "/public/books/book-pol00003-pol00003/index.html", encoding: .utf8)
      #expect(page.contains("<span class=\"cover tone"))
      let cached = try FileManager.default.subpathsOfDirectory(atPath: root + "/.bookgen-cache")
      for file in cached {
        var isFolder: ObjCBool = false
        guard
          FileManager.default.fileExists(atPath: root + "/.bookgen-cache/" + file, isDirectory: &isFolder),
          !isFolder.boolValue
        else { continue }
        #expect(!file.contains("AIzaSecret"))
        // Google's answer holds the volume's thumbnail address as Google wrote it; the covers'
        // own entries and processed files hold no key.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: root + "/.bookgen-cache/" + file))
        if bytes.starts(with: Data(#"{"format":1,"request":"volumes?"#.utf8)) { continue }
        #expect(bytes.range(of: Data("AIzaSecret".utf8)) == nil, "\(file)")
      }
    }
    await images.stop()
    await fixture.server.stop()
  }

  /// A book whose `books:` entry overrides its cover with an image's address shows that image,
  /// fetched and processed like the sources' covers, not its source's cover nor a title card.
  @Test func anOverridingCoverURLIsFetchedAndServedFromTheSite() async throws {
    let (images, fixture) = try Self.servers()
    let own = "/img/own.jpg"
    images.set(own, .init(body: FakeImageServer.fixture("progressive.jpg")))
    try await withTemporaryDirectory { root in
      try write(
        Self.catalog + "books:\n  pol00001:\n    overrides:\n      cover: \"\(images.origin + own)\"\n",
        to: root + "/catalog.yml")
      let result = await runCLI(["build", "-v"], in: root, variables: fixture.variables)
      #expect(result.status == 0, "\(result.stderr)")
      #expect(images.requests(own) == 1)
      #expect(images.requests(Self.path("pol00001")) == 0, "the overridden source cover is not fetched")
      func coverName(_ id: String) throws -> String? {
        let page = try String(
          contentsOfFile: root + "/public/books/book-\(id)-\(id)/index.html", encoding: .utf8)
        #expect(!page.contains(images.origin), "\(id)")
        let marker = "srcset=\"/books/covers/"
        guard let start = page.range(of: marker)?.upperBound else { return nil }
        return String(page[start...].prefix { $0 != "-" })
      }
      let overridden = try coverName("pol00001")
      let other = try coverName("pol00002")
      #expect(overridden != nil, "the book shows a processed cover")
      #expect(other != nil)
      #expect(overridden != other, "the book shows its own image, not its source's")
    }
    await images.stop()
    await fixture.server.stop()
  }
}
