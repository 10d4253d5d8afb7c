import Foundation
import TestSupport
import Testing

@testable import BookgenCLI

/// `site.covers: local` and the owner's image files, end to end from the CLI: the sources'
/// covers come from a test server serving real-world shaped images and hostile ones; each good
/// one is fetched once, processed once and served from the site; each hostile one gives one
/// warning naming its book, whose page shows the title card.
@Suite struct LocalCoverBuildTests {
  /// Volume id, title and the fixture its cover is (nil: the image host answers 404).
  static let books: [(id: String, title: String, fixture: String?, type: String)] = [
    ("cov00001", "Progressive", "progressive.jpg", "image/jpeg"),
    ("cov00002", "Cmyk", "cmyk-adobe.jpg", "image/jpeg"),
    ("cov00003", "Turned", "exif-6.jpg", "image/jpeg"),
    ("cov00004", "Alpha", "alpha.png", "image/png"),
    ("cov00005", "Webp", "lossy.webp", "image/webp"),
    ("cov00006", "Truncated", "truncated.jpg", "image/jpeg"),
    ("cov00007", "Corrupt", "corrupt.jpg", "image/jpeg"),
    ("cov00008", "Huge", "huge.jpg", "image/jpeg"),
    ("cov00009", "Empty", "empty.jpg", "image/jpeg"),
    ("cov00010", "Html", "not-an-image.jpg", "image/jpeg"),
    ("cov00011", "Pixel", "one-pixel.png", "image/png"),
    ("cov00012", "Banner", "banner.jpg", "image/jpeg"),
    ("cov00013", "Missing", nil, "image/jpeg"),
  ]

  /// Why each hostile image is refused, as the warning says it.
  static let refusals = [
    "Truncated": "the image is damaged",
    "Corrupt": "the image is damaged",
    "Huge": "the image is 30000 × 30000 pixels, too large to decode",
    "Empty": "the image file is empty",
    "Html": "the file is not a JPEG, PNG or WebP image",
    "Pixel": "the image is 1 × 1 pixels, too small for a cover",
    "Banner": "the image is 400 × 60 pixels, not the shape of a book cover",
  ]

  static func catalog(covers: String) -> String {
    """
    site:
      title: "Covers"
      base_url: "https://shelf.test/books/"
      language: en
      covers: \(covers)
    google_books:
      country: US
    collections:
      - title: "All"
        slug: all
        queries:
          - q: "covers"
            max_results: 20
    books:
      cov00001:
        overrides:
          cover: own/scan.jpg

    """
  }

  /// The image server and a Google Books whose volumes' covers are on it.
  static func servers() throws -> (FakeImageServer, BuildFixture) {
    let images = FakeImageServer()
    try images.start()
    let fixture = try BuildFixture.start()
    var volumes: [String] = []
    for book in books {
      let path = "/img/\(book.id).jpg?zoom=1"
      if let fixture = book.fixture {
        images.set(path, .init(contentType: book.type, body: FakeImageServer.fixture(fixture)))
      }
      volumes.append(
        FakeGoogleBooks.volumeJSON(
          id: book.id, title: book.title, thumbnail: images.origin + path + "&edge=curl"))
    }
    fixture.google.setSearch("covers", results: volumes)
    return (images, fixture)
  }

  /// The lines of `text` that start with `warning:`.
  private func warnings(_ text: String) -> [String] {
    text.split(separator: "\n").map(String.init).filter { $0.hasPrefix("warning:") }
  }

  @Test func sourceCoversAreFetchedOnceProcessedOnceAndServedFromTheSite() async throws {
    let (images, fixture) = try Self.servers()
    try await withTemporaryDirectory { root in
      try FileManager.default.createDirectory(atPath: root + "/own", withIntermediateDirectories: true)
      try Data(FakeImageServer.fixture("baseline.jpg")).write(
        to: URL(fileURLWithPath: root + "/own/scan.jpg"))
      try write(Self.catalog(covers: "local"), to: root + "/catalog.yml")
      let first = await runCLI(["build", "-v"], in: root, variables: fixture.variables)
      #expect(first.status == 0, "\(first.stderr)")

      // One warning per hostile image, naming the book and the image; none for the 404.
      let found = warnings(first.stderr).filter { $0.contains("cannot be used") }
      #expect(found.count == Self.refusals.count, "\(first.stderr)")
      for book in Self.books {
        guard let reason = Self.refusals[book.title] else { continue }
        let url = images.origin + "/img/\(book.id).jpg?zoom=1"
        let mine = found.filter { $0.contains("'\(book.title)' (\(book.id))") }
        #expect(mine.count == 1, "\(book.title): \(first.stderr)")
        #expect(
          mine.first?.hasPrefix(
            "warning: the cover of '\(book.title)' (\(book.id)): the image \(url) cannot be used (\(reason)")
            == true, "\(mine)")
        #expect(mine.first?.hasSuffix("; the book shows its title card") == true, "\(mine)")
      }
      #expect(!first.stderr.contains("Missing"), "\(first.stderr)")
      // Each image asked for once, Google's page-curl left out; none for the book whose cover is
      // the owner's file.
      for book in Self.books {
        #expect(
          images.requests("/img/\(book.id).jpg?zoom=1") == (book.id == "cov00001" ? 0 : 1), "\(book.id)")
      }
      #expect(
        first.stderr.contains("Covers: 5 served from the site, 12 processed by this build"), "\(first.stderr)"
      )

      // The good ones: WebP and JPEG files, a picture with the WebP and the JPEG fallback at the
      // image's own 60 pixels (never upscaled), its colour behind it; the owner's file wins
      // over the source's for its book.
      let output = root + "/public"
      try expectRootFoldersReserved(in: output, collections: ["all"])
      let files = try FileManager.default.contentsOfDirectory(atPath: output + "/covers").sorted()
      #expect(files.count == 10, "\(files)")
      #expect(files.allSatisfy { $0.hasSuffix("-60.webp") || $0.hasSuffix("-60.jpg") }, "\(files)")
      for book in Self.books {
        let page = try String(
          contentsOfFile: "\(output)/books/\(book.title.lowercased())-\(book.id)/index.html", encoding: .utf8)
        let served = !["Truncated", "Corrupt", "Huge", "Empty", "Html", "Pixel", "Banner", "Missing"]
          .contains(book.title)
        #expect(
          page.contains("<picture><source type=\"image/webp\" srcset=\"/books/covers/") == served,
          "\(book.title)")
        #expect(
          page.contains(
            "-60.jpg\" alt=\"\" width=\"60\" height=\"90\" decoding=\"async\" style=\"background:#")
            == served, "\(book.title)")
        #expect(page.contains("<span class=\"cover tone") == !served, "\(book.title)")
        // No page links the image host.
        #expect(!page.contains(images.origin), "\(book.title)")
      }
      for file in files {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: output + "/covers/" + file)))
        if file.hasSuffix(".webp") { #expect(bytes.starts(with: Array("RIFF".utf8)), "\(file)") }
        if file.hasSuffix(".jpg") { #expect(bytes.starts(with: [0xFF, 0xD8, 0xFF]), "\(file)") }
      }
      let before = fileContents(under: output)

      // Again: nothing fetched, nothing decoded, the same bytes.
      let second = await runCLI(["build", "-v"], in: root, variables: fixture.variables)
      #expect(second.status == 0, "\(second.stderr)")
      #expect(images.totalRequests == Self.books.count - 1)
      #expect(
        second.stderr.contains("Covers: 5 served from the site, 0 processed by this build"),
        "\(second.stderr)")
      // The warnings again, once each: the build still shows the title cards.
      #expect(warnings(second.stderr).filter { $0.contains("cannot be used") }.count == Self.refusals.count)
      #expect(fileContents(under: output) == before)

      // Offline after a catalog edit: no request, nothing decoded.
      try write(
        Self.catalog(covers: "local").replacingOccurrences(of: "\"Covers\"", with: "\"Cover\""),
        to: root + "/catalog.yml")
      let offline = await runCLI(["build", "--offline", "-v"], in: root, variables: fixture.variables)
      #expect(offline.status == 0, "\(offline.stderr)")
      #expect(images.totalRequests == Self.books.count - 1)
      #expect(
        offline.stderr.contains("Covers: 5 served from the site, 0 processed by this build"),
        "\(offline.stderr)")
    }
    await images.stop()
    await fixture.server.stop()
  }

  @Test func remoteCoversAskNothingOfTheImageHosts() async throws {
    let (images, fixture) = try Self.servers()
    try await withTemporaryDirectory { root in
      try FileManager.default.createDirectory(atPath: root + "/own", withIntermediateDirectories: true)
      try Data(FakeImageServer.fixture("baseline.jpg")).write(
        to: URL(fileURLWithPath: root + "/own/scan.jpg"))
      try write(Self.catalog(covers: "remote"), to: root + "/catalog.yml")
      let result = await runCLI(["build", "-v"], in: root, variables: fixture.variables)
      #expect(result.status == 0, "\(result.stderr)")
      #expect(images.totalRequests == 0)
      // The owner's file is processed and served; the sources' covers stay links (here plain
      // http, which a page never links: the title card).
      #expect(
        result.stderr.contains("Covers: 1 served from the site, 1 processed by this build"),
        "\(result.stderr)")
      let files = try FileManager.default.contentsOfDirectory(atPath: root + "/public/covers")
      #expect(files.count == 2, "\(files)")
    }
    await images.stop()
    await fixture.server.stop()
  }

}
