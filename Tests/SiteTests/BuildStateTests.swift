import Catalog
import Foundation
import GoogleBooks
import Support
import Testing

@testable import Site

#if canImport(Glibc)
  import Glibc
#endif

/// The build state beside the output (`.public.bookgen-state`): whatever it holds, a rebuild
/// gives byte for byte the files a fresh build gives; it only saves work, and only the work
/// whose inputs did not change.
@Suite struct BuildStateTests {
  /// A volume's data: each field one that a book's derived fields (`BookMemo`) are made from.
  private struct BookData {
    var id: String
    var title: String
    var about: String
    var authors: [String]
    var date = "2011"
    var categories: [String] = ["Fiction / Sea"]
    var publisher: String? = "Harbour Press"
    var language = "en"

    init(id: String, title: String, about: String) {
      self.id = id
      self.title = title
      self.about = about
      authors = ["Author \(id.count)"]
    }
  }

  private struct Site {
    var books = (0..<9).map { index in
      BookData(id: "id\(index)", title: "Book \(index)", about: "About book \(index), a tale of the sea.")
    }
    var notes: [String: BookEntry] = [:]
    var language = "en"
    var title = "Shelf"
    var templates: String?
    var version = "bookgen 1"

    func builder(_ output: String) -> SiteBuilder {
      var catalog = Fixtures.catalog(
        [Fixtures.collection("shelf")], books: notes, language: language, perPage: 4)
      catalog.site.title = title
      let volumes = books.map { book in
        var volume = Fixtures.volume(
          book.id, title: book.title, authors: book.authors, date: book.date, categories: book.categories,
          publisher: book.publisher, language: book.language, description: book.about)
        volume.sourceDigest = UInt64(bitPattern: Int64(String(reflecting: volume).hashValue))
        return volume
      }
      return SiteBuilder(
        catalog: catalog, collections: [SiteInput.Collection(slug: "shelf", volumes: volumes)],
        options: BuildOptions(
          templatesDirectory: templates, jobs: 2, outputDirectory: output,
          workingDirectory: NSTemporaryDirectory(),
          fingerprint: BuildFingerprint(
            value: UUID().uuidString, sharedValue: "\(language) \(title) \(templates ?? "")",
            toolVersion: version)))
    }
  }

  /// Expects `folder` to hold exactly the files a fresh build of `site` writes (a build with
  /// no state), and its manifest to record the same entries.
  private func expectSameAsFreshBuild(_ folder: String, _ site: Site, root: String) async throws {
    let fresh = root + "/fresh-" + UUID().uuidString
    let report = try await site.builder(fresh).build()
    #expect(report.searchDocumentsReused == 0)
    Fixtures.expectSameFiles(folder, as: fresh)
    #expect(Fixtures.manifest(of: folder)?.entries == Fixtures.manifest(of: fresh)?.entries)
  }

  @Test func eachKindOfChangeReanalysesOnlyWhatItChanged() async throws {
    let root = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let output = root + "/public"
    var site = Site()
    let first = try await site.builder(output).build()
    #expect(first.searchDocumentsReused == 0)
    #expect(FileManager.default.fileExists(atPath: root + "/.public.bookgen-state"))
    let templates = root + "/templates"
    try FileManager.default.createDirectory(atPath: templates + "/assets", withIntermediateDirectories: true)

    // Each change, and how many of the books' search documents, and of their derived fields
    // (summary, sort keys, slug, filing: `BookMemo`), stay as they were.
    let changes: [(String, (inout Site) -> Void, documents: Int, books: Int)] = [
      ("nothing", { _ in }, 9, 9),
      ("one volume's description", { $0.books[4].about = "A new description of the desert." }, 8, 8),
      ("one volume's title", { $0.books[2].title = "Aardvark" }, 8, 8),
      ("one volume's authors", { $0.books[3].authors = ["Zoe Zed", "Al Ab"] }, 8, 8),
      ("one volume's date", { $0.books[3].date = "1999-04" }, 8, 8),
      ("one volume's categories", { $0.books[5].categories = ["Fiction / Sea / Storms", "History"] }, 8, 8),
      ("one volume's publisher", { $0.books[5].publisher = nil }, 8, 8),
      ("one volume's language", { $0.books[1].language = "fr" }, 8, 8),
      // A note is shown, not derived from.
      ("a note added", { $0.notes["id6"] = BookEntry(note: "Loved *it*.") }, 8, 9),
      ("the note edited", { $0.notes["id6"] = BookEntry(note: "Loved *it*, twice.") }, 8, 9),
      ("tags", { $0.notes["id6"]?.tags = ["reread"] }, 8, 8),
      ("an overridden title", { $0.notes["id6"]?.overrides.title = "Zebra" }, 8, 8),
      (
        "an overridden description", { $0.notes["id7"] = BookEntry(overrides: .init(description: "Mine.")) },
        8, 8
      ),
      ("the site's title", { $0.title = "Another shelf" }, 9, 9),
      // The facets' labels and UI strings are the manifest's: the documents stay the same.
      ("the site's language", { $0.language = "fr" }, 9, 9),
      ("a template", { $0.templates = templates }, 9, 9),
      ("a book added", { $0.books.append(BookData(id: "id9", title: "Book 9", about: "New.")) }, 9, 9),
      ("a book removed", { $0.books.removeFirst() }, 9, 9),
      ("bookgen's version", { $0.version = "bookgen 2" }, 0, 0),
    ]
    // The derived fields' file is written again only when its bytes change: a build that
    // derived nothing afresh, and dropped no book, keeps the last one as it is.
    let booksFile = ".public.bookgen-books"
    var booksFileKept: [String] = []
    for (name, change, documents, books) in changes {
      let before = Fixtures.fileIdentities(in: root)[booksFile]
      let beforeBytes = FileManager.default.contents(atPath: root + "/" + booksFile)
      change(&site)
      if site.templates != nil {
        try Data("body { color: #222; }\n".utf8).write(
          to: URL(fileURLWithPath: templates + "/assets/custom.css"))
      }
      let report = try await site.builder(output).build()
      #expect(report.searchDocumentsReused == documents, "\(name)")
      #expect(report.booksReused == books, "\(name)")
      let after = Fixtures.fileIdentities(in: root)[booksFile]
      #expect(after != nil, "\(name)")
      if FileManager.default.contents(atPath: root + "/" + booksFile) == beforeBytes {
        #expect(after == before, "\(name): \(booksFile) was written again with the same bytes")
        booksFileKept.append(name)
      }
      try await expectSameAsFreshBuild(output, site, root: root)
    }
    #expect(
      booksFileKept == [
        "nothing", "a note added", "the note edited", "the site's title", "the site's language", "a template",
      ])
  }

  /// Each state file, and what a build reuses from it.
  private static let stateFiles: [(name: String, reused: @Sendable (BuildReport) -> Int)] = [
    (".public.bookgen-state", { $0.searchDocumentsReused }),
    (".public.bookgen-books", { $0.booksReused }),
  ]

  @Test(arguments: 0..<2) func aStateThatIsNotOneThisBuildWroteIsIgnored(file: Int) async throws {
    let root = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let output = root + "/public"
    let state = root + "/" + Self.stateFiles[file].name
    let reused = Self.stateFiles[file].reused
    var site = Site()
    _ = try await site.builder(output).build()
    let written = try #require(FileManager.default.contents(atPath: state))

    let damages: [(String, () throws -> Void)] = [
      ("truncated", { try written.prefix(written.count / 2).write(to: URL(fileURLWithPath: state)) }),
      (
        "a byte changed",
        {
          var bytes = [UInt8](written)
          bytes[bytes.count / 3] ^= 0x20
          try Data(bytes).write(to: URL(fileURLWithPath: state))
        }
      ),
      ("empty", { try Data().write(to: URL(fileURLWithPath: state)) }),
      (
        "another program's file", { try Data("{\"state\": 1}\n".utf8).write(to: URL(fileURLWithPath: state)) }
      ),
      (
        "a folder in its place",
        {
          try FileManager.default.removeItem(atPath: state)
          try FileManager.default.createDirectory(atPath: state + "/x", withIntermediateDirectories: true)
        }
      ),
      (
        // Opening it must not wait for a writer.
        "a FIFO in its place",
        {
          try? FileManager.default.removeItem(atPath: state)
          #expect(mkfifo(state, 0o600) == 0)
        }
      ),
      (
        "a link to a good state in its place",
        {
          let good = root + "/good-state"
          try written.write(to: URL(fileURLWithPath: good))
          try? FileManager.default.removeItem(atPath: state)
          try FileManager.default.createSymbolicLink(atPath: state, withDestinationPath: good)
        }
      ),
    ]
    for (index, (name, damage)) in damages.enumerated() {
      // A change each time, so the build is not skipped and one book is analysed anyway.
      site.books[index].about = "Changed \(index)."
      try damage()
      let report = try await site.builder(output).build()
      #expect(reused(report) == 0, "\(name)")
      try await expectSameAsFreshBuild(output, site, root: root)
      if PathKind.of(state) == .folder { try FileManager.default.removeItem(atPath: state) }
    }
    // The next build writes a good state again, and uses it.
    _ = try await site.builder(output).build()
    site.books[0].about = "Changed once more."
    #expect(reused(try await site.builder(output).build()) == 8)
  }

  @Test func cleaningRemovesTheState() async throws {
    let root = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let output = root + "/public"
    _ = try await Site().builder(output).build()
    for file in Self.stateFiles { #expect(FileManager.default.fileExists(atPath: root + "/" + file.name)) }
    let folder = try OutputFolder(path: output)
    let fence = FolderFence(project: root + "/project", home: nil, workingDirectory: root + "/project")
    _ = try folder.remove(fence: fence, scope: .anywhere)
    #expect(try FileManager.default.contentsOfDirectory(atPath: root) == [])
  }

  /// A rebuild that changed a book or two among many patches the last build's search index
  /// (`IndexPatch`) instead of merging every book again: after each kind of change its
  /// `search/` files are a clean build's, and the files the change left alone are the current
  /// output's, linked, not written again.
  @Test func aPatchedSearchIndexIsACleanBuildsAndKeepsItsUnchangedFiles() async throws {
    let root = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let output = root + "/public"
    var site = Site()
    site.books = (0..<40).map { index in
      BookData(id: "id\(index)", title: "Book \(index)", about: "About book \(index), a tale of the sea.")
    }
    _ = try await site.builder(output).build()
    let changes: [(String, (inout Site) -> Void)] = [
      ("a changed book", { $0.books[4].about = "A new description of the desert." }),
      ("a note added", { $0.notes["id6"] = BookEntry(note: "Loved *it*.") }),
      ("the note edited", { $0.notes["id6"] = BookEntry(note: "Loved *it*, twice.") }),
      ("a book added", { $0.books.append(BookData(id: "id40", title: "Book 40", about: "New.")) }),
      ("a book removed", { $0.books.remove(at: 12) }),
    ]
    for (name, change) in changes {
      let before = Fixtures.fileIdentities(in: output)
      let oldBytes = Dictionary(
        uniqueKeysWithValues: before.keys.filter { $0.hasPrefix("search/") }.map {
          ($0, FileManager.default.contents(atPath: output + "/" + $0))
        })
      change(&site)
      _ = try await site.builder(output).build()
      try await expectSameAsFreshBuild(output, site, root: root)
      let after = Fixtures.fileIdentities(in: output)
      var unchanged = 0
      for (path, bytes) in oldBytes where FileManager.default.contents(atPath: output + "/" + path) == bytes {
        #expect(after[path]?.inode == before[path]?.inode, "\(name): \(path) was written again")
        unchanged += 1
      }
      #expect(unchanged >= oldBytes.count - 8, "\(name): \(unchanged) of \(oldBytes.count) search files kept")
    }
  }
}

extension BuildStateTests {
  /// A book's ISBNs and cover link are derived once and kept too (`BookMemo`): a volume whose
  /// ISBN or cover changed is made afresh, the others are reused, and the files are a fresh
  /// build's.
  @Test func aChangedISBNOrCoverIsDerivedAfresh() async throws {
    let root = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    func builder(_ output: String, isbns: [String], covers: [String?]) -> SiteBuilder {
      let volumes = isbns.indices.map { index in
        var volume = Fixtures.volume(
          "id\(index)", title: "Book \(index)", authors: ["Author"], isbn13: isbns[index],
          description: "About book \(index).")
        volume.volumeInfo.imageLinks = covers[index].map { ImageLinks(thumbnail: $0) }
        volume.sourceDigest = UInt64(bitPattern: Int64(String(reflecting: volume).hashValue))
        return volume
      }
      return SiteBuilder(
        catalog: Fixtures.catalog([Fixtures.collection("shelf")], perPage: 4),
        collections: [SiteInput.Collection(slug: "shelf", volumes: volumes)],
        options: BuildOptions(
          jobs: 2, outputDirectory: output, workingDirectory: NSTemporaryDirectory(),
          fingerprint: BuildFingerprint(value: UUID().uuidString, sharedValue: "", toolVersion: "bookgen 1")))
    }
    var isbns = ["9780306406157", "9780141036144", "9780451524935", "9780060850524"]
    var covers: [String?] = [
      "http://books.google.com/books/content?id=a&edge=curl", nil, "https://books.google.com/b", nil,
    ]
    let output = root + "/public"
    _ = try await builder(output, isbns: isbns, covers: covers).build()
    isbns[1] = "9780547928227"
    covers[2] = "https://books.google.com/c&source=gbs_api"
    covers[3] = "https://books.google.com/d"
    let report = try await builder(output, isbns: isbns, covers: covers).build()
    #expect(report.booksReused == 1)
    let fresh = root + "/fresh"
    _ = try await builder(fresh, isbns: isbns, covers: covers).build()
    Fixtures.expectSameFiles(output, as: fresh)
    let again = try await builder(output, isbns: isbns, covers: covers).build()
    #expect(again.booksReused == 4)
  }
}
