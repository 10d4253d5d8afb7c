import Catalog
import Foundation
import GoogleBooks
import Testing

@testable import Site

/// Pages whose sources did not change are reused, not rendered: after any change, a rebuild
/// must still give exactly the files a fresh build gives.
@Suite struct PageSourcesTests {
  /// Books as decoded volumes: each carries a source digest of its data, as the decoder's would.
  private struct Shelf {
    /// The owner's `books:` entries, by volume id.
    var entries: [String: BookEntry] = [:]
    var books: [(id: String, title: String, author: String, category: String, year: String, about: String)] =
      (0..<11).map { index in
        (
          "id\(index)", "Book \(index)", "Author \(index % 4)",
          index % 2 == 0 ? "Fiction / Science Fiction" : "History / Europe", "20\(10 + index % 5)",
          "About book \(index)."
        )
      }

    func volumes(_ range: Range<Int>? = nil) -> [Volume] {
      books.indices[range ?? books.indices].map { index in
        let book = books[index]
        var volume = Fixtures.volume(
          book.id, title: book.title, authors: [book.author], date: book.year, categories: [book.category],
          publisher: "Press \(index % 2)", description: book.about)
        // Stable within the test process, and different whenever the data differs.
        volume.sourceDigest = UInt64(bitPattern: Int64(String(reflecting: volume).hashValue))
        return volume
      }
    }
  }

  private func builder(_ output: String, _ shelf: Shelf, shared: String = "site-1") -> SiteBuilder {
    SiteBuilder(
      catalog: Fixtures.catalog(
        [Fixtures.collection("first"), Fixtures.collection("second")], books: shelf.entries, perPage: 3),
      collections: [
        SiteInput.Collection(slug: "first", volumes: shelf.volumes(0..<7)),
        SiteInput.Collection(slug: "second", volumes: shelf.volumes(5..<shelf.books.count)),
      ],
      options: BuildOptions(
        jobs: 2, outputDirectory: output, workingDirectory: NSTemporaryDirectory(),
        // A new fingerprint each build (the data changed), the same shared part.
        fingerprint: BuildFingerprint(value: UUID().uuidString, sharedValue: shared)))
  }

  /// Expects `folder` to hold exactly what a fresh build of `shelf` writes, and its manifest to
  /// record the same sources.
  private func expectSameAsFreshBuild(_ folder: String, _ shelf: Shelf, root: String) async throws {
    let fresh = root + "/fresh-" + UUID().uuidString
    let report = try await builder(fresh, shelf).build()
    #expect(report.pagesReused == 0)
    Fixtures.expectSameFiles(folder, as: fresh)
    let ours = Fixtures.manifest(of: folder)?.entries ?? [:]
    let theirs = Fixtures.manifest(of: fresh)?.entries ?? [:]
    #expect(Set(ours.keys).union(theirs.keys).filter { ours[$0] != theirs[$0] }.sorted() == [])
  }

  @Test func everyChangeGivesWhatAFreshBuildGives() async throws {
    let root = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let output = root + "/public"
    var shelf = Shelf()
    let first = try await builder(output, shelf).build()
    #expect(first.pagesReused == 0)

    // Each change, and the pages it must render again (at least; every other page is reused).
    let changes: [(String, (inout Shelf) -> Void, [String])] = [
      ("a description", { $0.books[4].about = "A new description." }, ["books/book-4-id4/index.html"]),
      (
        "an author", { $0.books[2].author = "Someone Else" },
        ["books/book-2-id2/index.html", "authors/someone-else/index.html", "authors/author-2/index.html"]
      ),
      ("a title (slug and order)", { $0.books[5].title = "Aardvark" }, ["books/aardvark-id5/index.html"]),
      ("an author's spelling", { $0.books[8].author = "author 0" }, ["books/book-8-id8/index.html"]),
      // "(Author 0)" sorts first and takes the slug `author-0`: the pages of books by Author 0,
      // whose data did not change, link to `author-0-2` now.
      (
        "another author's slug", { $0.books[1].author = "(Author 0)" },
        ["authors/author-0-2/index.html", "books/book-0-id0/index.html"]
      ),
      ("a category", { $0.books[3].category = "History / Asia" }, ["categories/history/index.html"]),
      ("a year", { $0.books[6].year = "1999" }, ["years/1999/index.html"]),
      // The owner's entries: the catalog's `books:` lines are not in the shared value (the CLI
      // leaves them out), so each page must key the entries of the books it shows.
      ("a note", { $0.entries["id9"] = BookEntry(note: "Loved *it*.") }, ["books/book-9-id9/index.html"]),
      ("tags", { $0.entries["id9"]?.tags = ["reread"] }, ["books/book-9-id9/index.html"]),
      (
        "an overridden title", { $0.entries["id10"] = BookEntry(overrides: BookOverrides(title: "Zebra")) },
        ["books/zebra-id10/index.html"]
      ),
      (
        "an overridden author", { $0.entries["id10"]?.overrides.authors = ["Override Author"] },
        ["authors/override-author/index.html"]
      ),
      // Shelves and series: the pages of the books on them, the lists and their indexes.
      (
        "a status", { $0.entries["id2", default: BookEntry()].status = .reading },
        ["books/book-2-id2/index.html", "shelves/reading/index.html", "shelves/index.html"]
      ),
      (
        "a series",
        {
          $0.entries["id3", default: BookEntry()].series = "Saga"
          $0.entries["id3"]?.seriesNumber = SeriesNumber(parsing: "1")
          $0.entries["id4", default: BookEntry()].series = "Saga"
        },
        ["books/book-3-id3/index.html", "books/book-4-id4/index.html", "series/saga/index.html"]
      ),
      // Book 3's page names the next book in its series: its title and slug.
      ("a neighbour in the series", { $0.books[4].title = "Saga Two" }, ["books/book-3-id3/index.html"]),
      ("an entry removed", { $0.entries["id9"] = nil }, ["books/book-9-id9/index.html"]),
      (
        "a new book",
        { $0.books.append(("id11", "Book 11", "Author 1", "History / Europe", "2011", "New.")) }, []
      ),
      ("a book removed", { $0.books.removeFirst() }, []),
    ]
    for (name, change, rendered) in changes {
      change(&shelf)
      let report = try await builder(output, shelf).build()
      let manifest = try #require(Fixtures.manifest(of: output))
      for path in rendered {
        #expect(manifest.entries[path] != nil, "\(name): \(path)")
      }
      try await expectSameAsFreshBuild(output, shelf, root: root)
      // A change to one book reuses most pages; adding or removing one changes the book count
      // that every page shows.
      if rendered.isEmpty {
        #expect(report.pagesReused == 0, "\(name)")
      } else {
        #expect(report.pagesReused > report.pages / 2, "\(name): \(report.pagesReused) of \(report.pages)")
      }
    }

    // Nothing changed but the catalog or templates (the shared fingerprint): every page renders.
    let again = try await builder(output, shelf).build()
    #expect(again.pagesReused == again.pages - 2)
    let retheme = try await builder(output, shelf, shared: "site-2").build()
    #expect(retheme.pagesReused == 0)
  }

  /// Every stored field of the owner's entry is in the keys: a field added to `BookEntry` or
  /// `BookOverrides` must be added to `BookEntry.digest` (and its record) too.
  @Test func keysCoverEveryFieldOfTheOwnersEntry() {
    #expect(Mirror(reflecting: BookEntry()).children.count == BookEntry.digestFieldCounts.entry)
    #expect(Mirror(reflecting: BookOverrides()).children.count == BookEntry.digestFieldCounts.overrides)
  }

  /// The page of every collection shows each one's number of books: moving a book from one
  /// collection to another (the site's book count unchanged) renders it again.
  @Test func thePageOfAllCollectionsIsKeyedByTheirCounts() async throws {
    let root = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let shelf = Shelf()
    let slugs = (0...PageJob.headerCollectionLimit).map { "shelf-\($0)" }
    func build(_ output: String, firstHolds count: Int) async throws -> BuildReport {
      let volumes = shelf.volumes(0..<slugs.count)
      return try await SiteBuilder(
        catalog: Fixtures.catalog(slugs.map { Fixtures.collection($0) }),
        collections: slugs.indices.map { index in
          // The first collection takes the next ones' first books.
          let books = index == 0 ? Array(volumes[0..<count]) : index < count ? [] : [volumes[index]]
          return SiteInput.Collection(slug: slugs[index], volumes: books)
        },
        options: BuildOptions(
          jobs: 2, outputDirectory: output, workingDirectory: root,
          fingerprint: BuildFingerprint(value: UUID().uuidString, sharedValue: "s"))
      ).build()
    }
    let output = root + "/public"
    _ = try await build(output, firstHolds: 1)
    let unchanged = try await build(output, firstHolds: 1)
    #expect(unchanged.pagesReused == unchanged.pages - 2)
    _ = try await build(output, firstHolds: 2)
    _ = try await build(root + "/fresh", firstHolds: 2)
    let page = "/collections/index.html"
    let rebuilt = try String(contentsOfFile: output + page, encoding: .utf8)
    #expect(rebuilt.contains(">2 books</span>"))
    #expect(rebuilt == (try String(contentsOfFile: root + "/fresh" + page, encoding: .utf8)))
  }

  @Test func volumesMadeInCodeAreAlwaysRendered() async throws {
    let root = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let volumes = (0..<3).map { Fixtures.volume("id\($0)", title: "Book \($0)") }
    func build() async throws -> BuildReport {
      try await SiteBuilder(
        catalog: Fixtures.catalog([Fixtures.collection("shelf")]),
        collections: [SiteInput.Collection(slug: "shelf", volumes: volumes)],
        options: BuildOptions(
          jobs: 1, outputDirectory: root + "/public", workingDirectory: NSTemporaryDirectory(),
          fingerprint: BuildFingerprint(value: UUID().uuidString, sharedValue: "s"))
      ).build()
    }
    _ = try await build()
    // Only the search page, which shows no book, is reused.
    #expect(try await build().pagesReused == 1)
  }

  @Test func aPageWhoseFileIsGoneIsRenderedAgain() async throws {
    let root = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let output = root + "/public"
    let shelf = Shelf()
    _ = try await builder(output, shelf).build()
    try FileManager.default.removeItem(atPath: output + "/books/book-3-id3/index.html")
    let report = try await builder(output, shelf).build()
    #expect(report.pagesReused == report.pages - 3)
    try await expectSameAsFreshBuild(output, shelf, root: root)
  }
}
