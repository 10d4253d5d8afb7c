import Foundation
import TestSupport
import Testing

@testable import BookgenCLI

/// `bookgen build` against local servers for both APIs: Open Library as a source, end to
/// end, through the real transport, cache and site.
@Suite struct OpenLibraryBuildTests {
  static let catalog = """
    site:
      title: "Two Sources"
      base_url: "https://shelf.test/"
      language: en
    google_books:
      country: US
    open_library:
      contact: shelf@example.test
    collections:
      - title: "Mixed"
        slug: mixed
        queries:
          - q: "intitle:dune"
            max_results: 5
          - source: open_library
            author: Roald Dahl
            max_results: 5
        isbns:
          - 978-0-441-47812-5
          - 0-06-027322-4
        open_library_ids: [OL45883W]
    books:
      OL22951843M:
        note: Found only in *Open Library*.

    """

  /// Google knows Dune (by query) and Le Guin (by ISBN, without a description); Open Library
  /// knows Le Guin (with one), Sabriel (which Google lacks), a Dahl search and a listed work.
  static func servers() throws -> (FakeGoogleBooksServer, FakeOpenLibraryServer) {
    let google = FakeGoogleBooks()
    google.setSearch(
      "intitle:dune",
      results: [FakeGoogleBooks.volumeJSON(id: "dune0001", title: "Dune", isbn13: "9780441013593")])
    google.setSearch(
      "isbn:9780441478125",
      results: [
        #"""
        {"kind": "books#volume", "id": "lefthand01", "volumeInfo": {"title": "The Left Hand of Darkness",
         "authors": ["Ursula K. Le Guin"], "publishedDate": "1987",
         "industryIdentifiers": [{"type": "ISBN_13", "identifier": "9780441478125"}], "language": "en"}}
        """#
      ])
    let library = FakeOpenLibrary()
    library.setRecord(FakeOpenLibrary.author(id: "OL31353A", name: "Ursula K. Le Guin"))
    library.setRecord(
      FakeOpenLibrary.work(
        id: "OL59863W", title: "The Left Hand of Darkness", authors: ["OL31353A"],
        description: "An envoy on the ice world of **Gethen**.", descriptionObject: true,
        subjects: ["Science fiction", "award:hugo_award=novel"], firstPublishDate: "1969"))
    library.setRecord(
      FakeOpenLibrary.edition(
        id: "OL7582342M", title: "The Left Hand of Darkness", work: "OL59863W", authors: ["OL31353A"],
        isbn13: ["9780441478125"], publishDate: "1987", pages: 304, covers: [6548261],
        series: ["Hainish cycle ; 4"]))
    library.setRecord(FakeOpenLibrary.author(id: "OL382982A", name: "Garth Nix"))
    library.setRecord(
      FakeOpenLibrary.work(
        id: "OL15832982W", title: "Sabriel", authors: ["OL382982A"],
        description: "Sabriel must journey into the Old Kingdom.", firstPublishDate: "1995"))
    library.setRecord(
      FakeOpenLibrary.edition(
        id: "OL22951843M", title: "Sabriel", work: "OL15832982W", authors: ["OL382982A"],
        isbn10: ["0060273224"], publishDate: "c1996", pages: 491, languages: ["eng"], covers: [6796986]))
    library.setRecord(FakeOpenLibrary.author(id: "OL34184A", name: "Roald Dahl"))
    library.setRecord(FakeOpenLibrary.work(id: "OL45804W", title: "Fantastic Mr Fox", authors: ["OL34184A"]))
    library.setRecord(
      FakeOpenLibrary.edition(
        id: "OL7353617M", title: "Fantastic Mr. Fox", work: "OL45804W", authors: ["OL34184A"],
        isbn13: ["9780140328721"], publishDate: "October 1, 1988", pages: 96, covers: [8739161]))
    library.setSearch(
      ["author": "Roald Dahl"],
      docs: [
        FakeOpenLibrary.doc(
          work: "OL45804W", title: "Fantastic Mr Fox", authors: ["Roald Dahl"], coverEdition: "OL7353617M",
          coverID: 8739161, firstPublishYear: 1970)
      ])
    library.setRecord(
      FakeOpenLibrary.work(
        id: "OL45883W", title: "The BFG", authors: ["OL34184A"], description: "A big friendly giant.",
        covers: [-1, 8352145], firstPublishDate: "1982"))
    let googleServer = FakeGoogleBooksServer(google: google)
    let libraryServer = FakeOpenLibraryServer(library: library)
    try googleServer.start()
    try libraryServer.start()
    return (googleServer, libraryServer)
  }

  static func variables(_ google: FakeGoogleBooksServer, _ library: FakeOpenLibraryServer) -> [String: String]
  {
    ["BOOKGEN_API_URL": google.apiURL, "BOOKGEN_OPENLIBRARY_URL": library.apiURL]
  }

  static func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

  @Test func aCatalogMixingBothSourcesBuildsACompleteSite() async throws {
    let (google, library) = try Self.servers()
    try await withTemporaryDirectory { root in
      try write(Self.catalog, to: root + "/catalog.yml")
      let result = await runCLI(["build"], in: root, variables: Self.variables(google, library))
      #expect(result.status == 0, "\(result.stderr)")
      #expect(!result.stderr.contains("warning:"), "\(result.stderr)")
      let books = try FileManager.default.contentsOfDirectory(atPath: root + "/public/books").sorted()
      #expect(
        books == [
          "dune-dune0001", "fantastic-mr-fox-OL7353617M", "index.html", "sabriel-OL22951843M",
          "the-bfg-OL45883W", "the-left-hand-of-darkness-lefthand01",
        ])
      // Only Open Library has Sabriel: its page is Open Library's, with the owner's note.
      let sabriel = try Self.read(root + "/public/books/sabriel-OL22951843M/index.html")
      #expect(sabriel.contains("<em>Open Library</em>"))
      #expect(sabriel.contains(#"<time datetime="1996">c1996</time>"#))
      #expect(sabriel.contains(#"src="https://covers.openlibrary.org/b/id/6796986-L.jpg?default=false""#))
      #expect(sabriel.contains(#"<a href="https://openlibrary.org/books/OL22951843M""#))
      // Every page, feed and index links the Open Library books, and nothing is broken (Garth
      // Nix has one book here, so no page of his own: `site.index_min_books`).
      for file in ["sitemap.xml", "feed.xml", "opds/collections/mixed/index.xml", "mixed/index.html"] {
        #expect(try Self.read(root + "/public/" + file).contains("sabriel-OL22951843M"), "\(file)")
      }
      let index = try FileManager.default.contentsOfDirectory(atPath: root + "/public/search/d")
      #expect(try index.contains { try Self.read(root + "/public/search/d/" + $0).contains("Sabriel") })
      let checked = await runCLI(["check", "--site"], in: root)
      #expect(
        checked
          == CLIResult(
            status: 0,
            stdout: "catalog.yml: OK (1 collection, 2 queries, 2 ISBNs, 1 Open Library id)\npublic: OK\n",
            stderr: ""))

      // A second build asks neither source again.
      let asked = (google.google.requestCount, library.library.requestCount)
      #expect(
        await runCLI(["build", "-q"], in: root, variables: Self.variables(google, library)).status == 0)
      #expect((google.google.requestCount, library.library.requestCount) == asked)
    }
    await google.stop()
    await library.stop()
  }

  @Test func enrichmentFillsAGoogleBooksDescriptionAndThePageCreditsBoth() async throws {
    let (google, library) = try Self.servers()
    try await withTemporaryDirectory { root in
      try write(Self.catalog, to: root + "/catalog.yml")
      #expect(
        await runCLI(["build", "-q"], in: root, variables: Self.variables(google, library)).status == 0)
      let page = try Self.read(root + "/public/books/the-left-hand-of-darkness-lefthand01/index.html")
      // Open Library's Markdown description, through the owner's Markdown sanitiser.
      #expect(page.contains("<p>An envoy on the ice world of <strong>Gethen</strong>.</p>"))
      #expect(
        page.contains(#"<p class="series"><a href="/series/hainish-cycle/">Book 4 in Hainish cycle</a></p>"#))
      #expect(page.contains(#"<dt>First published</dt><dd><time datetime="1969">1969</time></dd>"#))
      #expect(page.contains("<dt>Pages</dt><dd>304 pages</dd>"))
      #expect(
        page.contains(
          #"<p class="attribution">Data from Google Books and Open Library · <a href="https://books.google.com/books?id=lefthand01""#
        ))
      // Both sources' pages are linked from the attribution (the JSON-LD no longer repeats them as `sameAs`).
      #expect(page.contains(#"<a href="https://openlibrary.org/books/OL7582342M">"#))
      #expect(!page.contains("sameAs"))
      // Google's own fields stay Google's: its date, not Open Library's.
      #expect(page.contains(#"<time datetime="1987">1987</time>"#))
      let footer = try Self.read(root + "/public/index.html")
      #expect(footer.contains("Data from Google Books and Open Library"))
    }
    await google.stop()
    await library.stop()
  }

  @Test func theOwnersOverridesStillWinOverOpenLibrary() async throws {
    let (google, library) = try Self.servers()
    try await withTemporaryDirectory { root in
      let catalog =
        Self.catalog + """
            "9780441478125":
              overrides:
                description: The owner's own words.
                page_count: 300

          """
      try write(catalog, to: root + "/catalog.yml")
      #expect(
        await runCLI(["build", "-q"], in: root, variables: Self.variables(google, library)).status == 0)
      let page = try Self.read(root + "/public/books/the-left-hand-of-darkness-lefthand01/index.html")
      #expect(page.contains("The owner’s own words.") || page.contains("The owner's own words."))
      #expect(!page.contains("Gethen"))
      #expect(page.contains("<dt>Pages</dt><dd>300 pages</dd>"))
    }
    await google.stop()
    await library.stop()
  }

  @Test func googlesAnonymousQuotaIsOneWarningAndTheISBNBooksComeFromOpenLibrary() async throws {
    let (google, library) = try Self.servers()
    let quota =
      "Quota exceeded for quota metric 'Queries' and limit 'Queries per day' of service 'books.googleapis.com'"
    google.google.script(
      "isbn", Array(repeating: .error(status: 429, reason: "rateLimitExceeded", message: quota), count: 10))
    try await withTemporaryDirectory { root in
      try write(Self.catalog, to: root + "/catalog.yml")
      let result = await runCLI(["build"], in: root, variables: Self.variables(google, library))
      #expect(result.status == 0, "\(result.stderr)")
      let warnings = result.stderr.split(separator: "\n").filter { $0.hasPrefix("warning:") }
      #expect(
        warnings == [
          "warning: Google Books refused 3 ISBN lookups with HTTP 429 (rateLimitExceeded: \(quota)): this run takes "
            + "those books from Open Library; set GOOGLE_BOOKS_API_KEY to a Google Books API key for Google's data"
        ])
      let books = try FileManager.default.contentsOfDirectory(atPath: root + "/public/books")
      #expect(books.contains("the-left-hand-of-darkness-OL7582342M"))
      #expect(books.contains("sabriel-OL22951843M"))
    }
    await google.stop()
    await library.stop()
  }
}

/// Open Library misbehaving during a build, as it does: each fault is retried or reported, no
/// book is lost, and the cache it leaves builds the same site offline.
@Suite struct OpenLibraryFaultBuildTests {
  @Test func faultsAreRetriedAndTheCacheBuildsTheSameSiteOffline() async throws {
    let (google, library) = try OpenLibraryBuildTests.servers()
    let fake = library.library
    fake.script("/api/books", [.tooManyRequests(retryAfter: "1")])
    fake.script("/books/OL22951843M.json", [.serviceUnavailable])
    fake.script("/works/OL15832982W.json", [.closeWithoutResponse])
    fake.script("/search.json", [.truncateBody(afterBytes: 40)])
    // A merged work: the listed id now redirects to the one with the record.
    fake.setRecord(FakeOpenLibrary.redirect("/works/OL45883W", to: "/works/OL45884W"))
    fake.setRecord(
      FakeOpenLibrary.work(id: "OL45884W", title: "The BFG", authors: ["OL34184A"], firstPublishDate: "1982"))
    try await withTemporaryDirectory { root in
      // One more ISBN neither source knows: `{}` from Open Library, a warning, no error.
      let catalog = OpenLibraryBuildTests.catalog.replacingOccurrences(
        of: "- 0-06-027322-4\n", with: "- 0-06-027322-4\n      - 978-0-306-40615-7\n")
      try write(catalog, to: root + "/catalog.yml")
      let result = await runCLI(
        ["build"], in: root, variables: OpenLibraryBuildTests.variables(google, library))
      #expect(result.status == 0, "\(result.stderr)")
      #expect(
        result.stderr.split(separator: "\n").filter { $0.hasPrefix("warning:") } == [
          "warning: ISBN 9780306406157 in collection 'mixed': neither Google Books nor Open Library found this ISBN"
        ])
      let books = try FileManager.default.contentsOfDirectory(atPath: root + "/public/books").sorted()
      #expect(
        books == [
          "dune-dune0001", "fantastic-mr-fox-OL7353617M", "index.html", "sabriel-OL22951843M",
          "the-bfg-OL45884W", "the-left-hand-of-darkness-lefthand01",
        ])
      let sabriel = try OpenLibraryBuildTests.read(root + "/public/books/sabriel-OL22951843M/index.html")
      #expect(sabriel.contains("Sabriel must journey into the Old Kingdom."))
      let online = try Self.pages(root + "/public")
      // Each fault cost one more request, no more.
      for target in ["/books/OL22951843M.json", "/works/OL15832982W.json"] {
        #expect(fake.requests.filter { $0 == target }.count == 2, "\(target)")
      }
      #expect(fake.requests.filter { $0.hasPrefix("/api/books") }.count == 2)
      #expect(fake.requests.filter { $0.hasPrefix("/search.json") }.count == 2)

      // The cache reads back whole: offline, the same site.
      let offline = await runCLI(["build", "--offline", "-q", "--output", "again"], in: root)
      #expect(offline == CLIResult(status: 0, stdout: "", stderr: ""))
      #expect(try Self.pages(root + "/again") == online)
    }
    await google.stop()
    await library.stop()
  }

  /// Every book page's HTML, by folder.
  static func pages(_ output: String) throws -> [String: String] {
    var pages: [String: String] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: output + "/books")
    where !name.contains(".") {
      pages[name] = try OpenLibraryBuildTests.read(output + "/books/" + name + "/index.html")
    }
    return pages
  }
}
