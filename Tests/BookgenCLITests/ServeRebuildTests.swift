import Foundation
import Preview
import Site
import TestSupport
import Testing

@testable import BookgenCLI

/// `bookgen serve` keeps its site in memory and renders again only what an edit touches: after
/// every kind of edit, the folder it serves must hold byte for byte what a fresh build of the
/// same inputs writes, and an edit of a note must render no page but the book's own.
@Suite struct ServeRebuildTests {
  private static let baseURL = "http://127.0.0.1:8123/books/"

  /// Each file's inode and modification time: unchanged for a file not written again.
  private func identities(in folder: String) -> [String: String] {
    var found: [String: String] = [:]
    for path in regularFiles(under: folder) {
      let attributes = try? FileManager.default.attributesOfItem(atPath: folder + "/" + path)
      let inode = attributes?[.systemFileNumber].map { "\($0)" } ?? "?"
      let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
      found[path] = "\(inode) \(modified)"
    }
    return found
  }

  /// Expects `served` to hold what a fresh offline build of `root` into `folder` writes.
  private func expectFreshBuild(
    of served: String, in root: String, as folder: String, fixture: BuildFixture, _ name: String
  ) async {
    let build = await runCLI(
      ["build", "-q", "--offline", "--base-url", Self.baseURL, "-o", folder], in: root,
      variables: fixture.variables)
    #expect(build.status == 0, "\(name): \(build.stderr)")
    let expected = fileContents(under: root + "/" + folder)
    let actual = fileContents(under: served)
    #expect(
      Set(actual.keys).symmetricDifference(expected.keys).sorted() == [],
      "\(name): files only one of the two folders holds")
    for (path, bytes) in expected where actual[path] != bytes {
      Issue.record("\(name): \(path) differs from a fresh build's")
    }
  }

  /// `bookgen serve --offline` in `root`, its messages dropped.
  private func offlineServe(in root: String, fixture: BuildFixture) throws -> ServeCommand {
    let environment = Environment(
      variables: fixture.variables, workingDirectory: root, standardOutput: TextOutput { _ in },
      standardError: TextOutput { _ in }, clock: { 0 })
    return try ServeCommand(["--offline"], environment: environment)
  }

  /// Expects `summary` to say that `rendered` pages were rendered again (nil: the whole site was
  /// built again; -1: some pages, not all).
  private func expectRendered(_ rendered: Int?, in summary: String, _ name: String) {
    if rendered == -1 {
      #expect(summary.contains(" rendered again) "), "\(name): \(summary)")
    } else if let rendered {
      #expect(summary.contains(" pages (\(rendered) rendered again) "), "\(name): \(summary)")
    } else {
      #expect(!summary.contains("rendered again"), "\(name): \(summary)")
    }
  }

  /// The summary of one serve rebuild of `root` into `served`, once its files have followed.
  private func rebuild(
    _ serve: ServeCommand, into served: String, state: PreviewState
  ) async -> String {
    let result = await serve.context.previewBuild(
      serve.options, into: served, baseURL: Self.baseURL, preview: state)
    await state.site.settle()
    switch result {
    case .success(let summary): return summary
    case .failure(let message): return "failed: " + message
    }
  }

  @Test func afterEachKindOfEditTheServedSiteIsWhatAFreshBuildGives() async throws {
    let fixture = try RebuildInputs.startFixture()
    let google = fixture.google
    try await withTemporaryDirectory { root in
      var inputs = RebuildInputs()
      func write() throws { try inputs.write(into: root) }
      try write()
      #expect(await runCLI(["fetch", "-q"], in: root, variables: fixture.variables).status == 0)
      let serve = try offlineServe(in: root, fixture: fixture)
      let state = PreviewState()
      let served = root + "/preview"
      func rebuild() async -> String { await self.rebuild(serve, into: served, state: state) }
      #expect(await rebuild().hasPrefix("Built 2 books"))

      // The pages that show Dune Messiah: its own, and the lists with its card.
      let messiah = "books/dune-messiah-dune0002/index.html"
      let showingMessiah = 5
      // Dune's: its own, and the lists with its card (it is in both collections).
      let showingDune = 6
      /// Each edit; whether the cache changes (fetched again before the rebuild); how many pages
      /// the rebuild must render again (nil: it builds the whole site again; -1: some, not all)
      /// and which files it must write (nil: any).
      func put(_ text: String, _ file: String) throws {
        let path = root + "/templates/" + file
        try FileManager.default.createDirectory(
          atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
      }
      func putCover(_ fixture: String) throws {
        try FileManager.default.createDirectory(atPath: root + "/covers", withIntermediateDirectories: true)
        try Data(FakeImageServer.fixture(fixture)).write(to: URL(fileURLWithPath: root + "/covers/dune.jpg"))
      }
      let edits: [(String, Bool, (() throws -> Void), Int?, Set<String>?)] = [
        ("nothing", false, {}, 0, []),
        ("a note", false, { inputs.books["dune0002"] = ["note: Good."] }, showingMessiah, [messiah]),
        (
          "the note edited", false, { inputs.books["dune0002"] = ["note: Even *better*."] }, showingMessiah,
          [messiah]
        ),
        (
          "the owner's description", false,
          { inputs.books["dune0002"] = ["note: Even *better*.", "overrides: {description: Spice.}"] },
          // Its page, and after it the feeds and OPDS, whose entries carry its summary.
          showingMessiah, [messiah, "feed.xml", "dune/feed.xml", "opds/collections/dune/index.xml"]
        ),
        (
          "the note removed", false, { inputs.books["dune0002"] = [] }, showingMessiah,
          [messiah, "feed.xml", "dune/feed.xml", "opds/collections/dune/index.xml"]
        ),
        (
          "a description of the owner's", false,
          { inputs.books["dune0001"] = ["overrides:", "  description: Sand."] }, showingDune, nil
        ),
        ("a tag", false, { inputs.books["dune0002"] = ["note: Back.", "tags: [reread]"] }, nil, nil),
        ("a rating", false, { inputs.books["dune0001"] = ["rating: 4.5"] }, showingDune, nil),
        // On a shelf: the pages that show it and the shelves' and stats pages.
        ("a status", false, { inputs.books["dune0001", default: []].append("status: read") }, -1, nil),
        // The tag gone with the note: the whole site.
        (
          "a title of the owner's", false, { inputs.books["dune0002"] = ["overrides: {title: Messiah}"] },
          nil, nil
        ),
        ("a catalog setting", false, { inputs.perPage = 1 }, nil, nil),
        ("the site's title", false, { inputs.title = "Another Shelf" }, nil, nil),
        // The site's templates folder, and in it a stylesheet linked from every page.
        ("a stylesheet", false, { try put("body { color: #222; }\n", "assets/custom.css") }, nil, nil),
        // The book pages alone use the book template.
        (
          "a template", false,
          {
            try put(
              "<!doctype html><title>{{book.title}}</title><p>{{{book.noteHTML}}}</p>\n", "book.mustache")
          },
          2, nil
        ),
        // A partial the list pages include, and no book page.
        (
          "a partial", false,
          {
            let theme = Fixtures.packageRoot.appendingPathComponent("templates/partials/pagination.mustache")
            try put(
              try String(contentsOf: theme, encoding: .utf8) + "<!-- pages -->\n",
              "partials/pagination.mustache")
          }, -1, nil
        ),
        (
          "the stylesheet edited", false, { try put("body { color: #333; }\n", "assets/custom.css") }, 0,
          ["assets/custom.css"]
        ),
        (
          "a note under the new template", false, { inputs.books["dune0002"] = ["note: \"*Template*.\""] },
          -1, nil
        ),
        // Dune's description: the pages that show Dune, now one book a page.
        (
          "a volume's data in the cache", true,
          {
            google.setSearch(
              "intitle:dune",
              results: [
                FakeGoogleBooks.volumeJSON(
                  id: "dune0001", title: "Dune", isbn13: "9780441013593", description: "The spice must flow."),
                FakeGoogleBooks.volumeJSON(id: "dune0002", title: "Dune Messiah", isbn13: "9780593098233"),
              ])
          }, 9, nil
        ),
        ("an entry removed", false, { inputs.books["dune0002"] = nil }, showingMessiah, nil),
        // The owner's image file for a cover, then the file edited: processed, served from the site.
        (
          "a cover file of the owner's", false,
          {
            try putCover("progressive.jpg")
            inputs.books["dune0001"] = ["overrides: {cover: covers/dune.jpg}"]
          }, nil, nil
        ),
        ("the cover file edited", false, { try putCover("exif-6.jpg") }, nil, nil),
        // Every cover served from the site: offline, the sources' covers are not in the cache
        // (the title cards show), the owner's file still is.
        ("covers served from the site", false, { inputs.covers = "local" }, nil, nil),
        ("covers linked again", false, { inputs.covers = "remote" }, nil, nil),
      ]
      for (index, (name, refetch, edit, rendered, mustWrite)) in edits.enumerated() {
        let before = identities(in: served)
        try edit()
        try write()
        if refetch {
          let fetch = await runCLI(["fetch", "-q", "--refresh"], in: root, variables: fixture.variables)
          #expect(fetch.status == 0, "\(name): \(fetch.stderr)")
        }
        let summary = await rebuild()
        #expect(summary.hasPrefix("Built 2 books"), "\(name): \(summary)")
        expectRendered(rendered, in: summary, name)
        await expectFreshBuild(of: served, in: root, as: "fresh-\(index)", fixture: fixture, name)
        if let mustWrite {
          let after = identities(in: served)
          let written = Set(after.keys.filter { after[$0] != before[$0] && !$0.hasPrefix("search/") })
          #expect(written == mustWrite, "\(name)")
        }
      }
    }
    await fixture.server.stop()
  }

  /// The next edit overtakes the files the last rebuild left to follow its pages: the search
  /// index, held here after one of its files was placed. Whatever the next edit changes, once
  /// its own files have followed the served site is what a fresh build gives.
  @Test func anEditOvertakingTheLastOnesSearchIndexLeavesWhatAFreshBuildGives() async throws {
    try await HeldPlacing.takingTurns {
      let fixture = try RebuildInputs.startFixture()
      try await withTemporaryDirectory { root in
        var inputs = RebuildInputs()
        try inputs.write(into: root)
        // The site's templates folder, there from the start: a template edited in it is then
        // the only change.
        try FileManager.default.createDirectory(
          atPath: root + "/templates", withIntermediateDirectories: true)
        #expect(await runCLI(["fetch", "-q"], in: root, variables: fixture.variables).status == 0)
        let serve = try offlineServe(in: root, fixture: fixture)
        let state = PreviewState()
        let served = root + "/preview"
        #expect(await rebuild(serve, into: served, state: state).hasPrefix("Built 2 books"))
        /// Each overtaking edit, and how many pages its rebuild must render again.
        let edits: [(String, () throws -> Void, Int)] = [
          // The search file placed for the held note must be written again.
          ("the note taken back", { inputs.books["dune0002"] = [] }, 5),
          ("nothing", {}, 0),
          (
            "a template",
            {
              try "<!doctype html><title>{{book.title}}</title>\n".write(
                toFile: root + "/templates/book.mustache", atomically: true, encoding: .utf8)
            }, 2
          ),
        ]
        for (index, (name, edit, rendered)) in edits.enumerated() {
          let held = HeldPlacing()
          state.site.beforePlacing = { path throws(SiteError) in held.place(path) }
          inputs.books["dune0002"] = ["note: Held number \(index)."]
          try inputs.write(into: root)
          let noted = await serve.context.previewBuild(
            serve.options, into: served, baseURL: Self.baseURL, preview: state)
          #expect("\(noted)".contains("(5 rendered again)"), "\(name): \(noted)")
          await held.waitUntilHolding()
          state.site.beforePlacing = nil
          try edit()
          try inputs.write(into: root)
          let summary = await rebuild(serve, into: served, state: state)
          expectRendered(rendered, in: summary, name)
          #expect(held.wasReleased, "\(name)")
          await expectFreshBuild(of: served, in: root, as: "fresh-\(index)", fixture: fixture, name)
        }
      }
      await fixture.server.stop()
    }
  }

  /// The first build records its manifest only after its search index: an edit that overtakes
  /// it finds serve's folder full of pages and no manifest yet, and must still rebuild.
  @Test func anEditOvertakingTheFirstBuildsSearchIndexRebuilds() async throws {
    try await HeldPlacing.takingTurns {
      let fixture = try RebuildInputs.startFixture()
      try await withTemporaryDirectory { root in
        var inputs = RebuildInputs()
        try inputs.write(into: root)
        #expect(await runCLI(["fetch", "-q"], in: root, variables: fixture.variables).status == 0)
        let serve = try offlineServe(in: root, fixture: fixture)
        let state = PreviewState()
        let served = root + "/preview"
        let held = HeldPlacing()
        state.site.beforePlacing = { path throws(SiteError) in held.place(path) }
        let first = await serve.context.previewBuild(
          serve.options, into: served, baseURL: Self.baseURL, preview: state)
        #expect("\(first)".contains("Built 2 books"), "\(first)")
        await held.waitUntilHolding()
        state.site.beforePlacing = nil
        inputs.books["dune0002"] = ["note: Written while the search index was."]
        try inputs.write(into: root)
        let summary = await serve.context.previewBuild(
          serve.options, into: served, baseURL: Self.baseURL, preview: state)
        #expect("\(summary)".contains("Built 2 books"), "\(summary)")
        #expect(held.wasReleased)
        // A refused rebuild leaves the first one's search index held: stopped, the test ends.
        if !held.wasReleased { await state.site.stopFollowers() }
        await state.site.settle()
        await expectFreshBuild(of: served, in: root, as: "fresh", fixture: fixture, "after the first build")
      }
      await fixture.server.stop()
    }
  }

  /// Serve reads again only the cache entries whose files changed, and patches its model when
  /// their books stay where they were: after each kind of change to the cache, the served site
  /// is still what a fresh build gives.
  @Test func afterEachKindOfCacheChangeTheServedSiteIsWhatAFreshBuildGives() async throws {
    let fixture = try RebuildInputs.startFixture()
    let google = fixture.google
    try await withTemporaryDirectory { root in
      var inputs = RebuildInputs()
      inputs.pagesForEveryTerm = true
      // Both collections read the query's entries; lists of one book a page.
      inputs.queryInPicked = true
      inputs.perPage = 1
      try inputs.write(into: root)
      #expect(await runCLI(["fetch", "-q"], in: root, variables: fixture.variables).status == 0)
      let serve = try offlineServe(in: root, fixture: fixture)
      let state = PreviewState()
      let served = root + "/preview"
      #expect(await rebuild(serve, into: served, state: state).hasPrefix("Built 2 books"))
      // No other source gave a book: a changed entry's collections are composed again alone.
      #expect(state.run.composesCollectionsAlone)
      let cache = root + "/.bookgen-cache"
      func entries() -> [String] { regularFiles(under: cache).filter { $0.hasSuffix(".entry") }.sorted() }
      let isbnEntry = entries().first { path in
        (try? String(contentsOfFile: cache + "/" + path, encoding: .utf8))?.contains("isbn%3A9780441013593")
          == true
      }
      let isbnPath = cache + "/" + (try #require(isbnEntry))
      func dune(title: String = "Dune", description: String = "A book.", authors: [String] = ["Test Author"])
        -> String
      {
        FakeGoogleBooks.volumeJSON(
          id: "dune0001", title: title, isbn13: "9780441013593", description: description, authors: authors)
      }
      let messiah = FakeGoogleBooks.volumeJSON(id: "dune0002", title: "Dune Messiah", isbn13: "9780593098233")
      func answer(_ dune: String) throws -> [String] {
        google.setSearch("intitle:dune", results: [dune, messiah])
        google.setSearch("isbn:9780441013593", results: [dune])
        return ["fetch", "-q", "--refresh"]
      }
      /// Each change, the fetch that makes it (nil: none), and how many pages serve must render
      /// again (nil: it builds the whole site again; -1: some, not all; -2: it fails, as a
      /// fresh build does, and serves the last site).
      let changes: [(String, () throws -> [String]?, Int?)] = [
        (
          "every entry written again with its own bytes",
          {
            for path in entries() {
              let bytes = try #require(FileManager.default.contents(atPath: cache + "/" + path))
              try Data(bytes).write(to: URL(fileURLWithPath: cache + "/" + path), options: .atomic)
            }
            return nil
          }, 0
        ),
        ("a volume's description", { try answer(dune(description: "The spice must flow.")) }, -1),
        ("the same answer fetched again", { try answer(dune(description: "The spice must flow.")) }, 0),
        // Dune moves after Dune Messiah, one book a page: the lists' pages and its own.
        ("a volume's title", { try answer(dune(title: "Dune, Revised")) }, -1),
        ("the title back", { try answer(dune()) }, -1),
        ("a volume's author, on the author pages", { try answer(dune(authors: ["Frank Herbert"])) }, nil),
        (
          "an entry removed",
          {
            try FileManager.default.removeItem(atPath: isbnPath)
            return nil
          }, -2
        ),
        // The lookup's new answer is the richer record of the book, in both collections.
        (
          "a new entry",
          {
            _ = try answer(dune(description: "A longer description, which makes it the richer record."))
            return ["fetch", "-q"]
          }, -1
        ),
        // The lookup's answer alone changed: the query's record is the book's in both collections.
        // (Fetched again, the query's answer is the one the last change set: another author.)
        (
          "the lookup's answer alone",
          {
            google.setSearch("isbn:9780441013593", results: [dune(description: "The lookup's own.")])
            return ["fetch", "-q", "--refresh"]
          }, nil
        ),
        (
          "the lookup's answer alone, again",
          {
            google.setSearch("isbn:9780441013593", results: [dune(description: "The lookup's, once more.")])
            return ["fetch", "-q", "--refresh"]
          }, 0
        ),
        // Gone from the query's answer, still in the second collection by its ISBN; then back:
        // the collection's pages and the pages that show the book.
        (
          "a volume gone from the query's answer",
          {
            google.setSearch("intitle:dune", results: [messiah])
            return ["fetch", "-q", "--refresh"]
          }, -1
        ),
        ("the volume back", { try answer(dune()) }, -1),
        // The lookup no longer lists the ISBN (another edition, with a warning), then does again.
        (
          "the lookup's volume stops matching the ISBN",
          {
            google.setSearch(
              "isbn:9780441013593",
              results: [FakeGoogleBooks.volumeJSON(id: "dune0009", title: "Dune", isbn13: "9780000000002")])
            return ["fetch", "-q", "--refresh"]
          }, nil
        ),
        ("the lookup's volume matching again", { try answer(dune()) }, nil),
      ]
      for (index, (name, change, rendered)) in changes.enumerated() {
        if let fetch = try change() {
          let result = await runCLI(fetch, in: root, variables: fixture.variables)
          #expect(result.status == 0, "\(name): \(result.stderr)")
        }
        let summary = await rebuild(serve, into: served, state: state)
        if rendered == -2 {
          #expect(summary.hasPrefix("failed: "), "\(name): \(summary)")
          continue
        }
        expectRendered(rendered, in: summary, name)
        await expectFreshBuild(of: served, in: root, as: "fresh-\(index)", fixture: fixture, name)
      }
    }
    await fixture.server.stop()
  }

  /// A title changed in the cache or by the owner moves its book in every list it is in: across
  /// list pages, in its series, on its shelf and its author's and year's pages. So do a series
  /// or shelf joined or left. After each change, and after two in a row (the second overtaking
  /// the first's feeds and search index), the served site is what a fresh build gives.
  @Test func afterATitleChangeTheServedSiteIsWhatAFreshBuildGives() async throws {
    let fixture = try RebuildInputs.startFixture()
    let google = fixture.google
    try await withTemporaryDirectory { root in
      var inputs = RebuildInputs()
      inputs.pagesForEveryTerm = true
      inputs.perPage = 1
      // Three books of one series without numbers (in title order there), two of them read.
      inputs.books = [
        "dune0001": ["series: Dune", "status: read"], "dune0002": ["series: Dune"],
        "dune0003": ["series: Dune", "status: read"],
      ]
      /// The query's four books with these titles, the last by `author`, the others by
      /// `firstAuthor`, in this order or `reversed`; the first is the second collection's too.
      func answer(
        _ titles: [String], author: String = "Brian Herbert", firstAuthor: String = "Frank Herbert",
        reversed: Bool = false
      ) -> [String] {
        let volumes = titles.enumerated().map { index, title in
          FakeGoogleBooks.volumeJSON(
            id: "dune000\(index + 1)", title: title,
            isbn13: ["9780441013593", "9780593098233"].dropFirst(index).first,
            authors: [index == 3 ? author : firstAuthor])
        }
        google.setSearch("intitle:dune", results: reversed ? volumes.reversed() : volumes)
        google.setSearch("isbn:9780441013593", results: [volumes[0]])
        return ["fetch", "-q", "--refresh"]
      }
      let titles = ["Dune", "Dune Messiah", "Children of Dune", "God Emperor of Dune"]
      _ = answer(titles)
      try inputs.write(into: root)
      #expect(await runCLI(["fetch", "-q"], in: root, variables: fixture.variables).status == 0)
      let serve = try offlineServe(in: root, fixture: fixture)
      let state = PreviewState()
      let served = root + "/preview"
      #expect(await rebuild(serve, into: served, state: state).hasPrefix("Built 4 books"))
      /// Each change: the fetch that makes it (nil: an edit of the catalog), and whether serve
      /// builds the whole site again (not only the pages that changed).
      let changes: [(String, () throws -> [String]?, Bool)] = [
        ("Dune last in every list", { answer(["Zoo"] + titles.dropFirst()) }, false),
        ("the title back", { answer(titles) }, false),
        (
          "a title of the owner's, first in every list",
          {
            inputs.books["dune0002"] = ["series: Dune", "overrides: {title: Aaa}"]
            return nil
          }, false
        ),
        (
          "a book joining the series",
          {
            inputs.books["dune0004"] = ["series: Dune"]
            return nil
          }, false
        ),
        // Its neighbours' pages link it: the page of the book it comes before now too.
        (
          "a title one place on in the series",
          { answer([titles[0], titles[1], "Emperor's Children", titles[3]]) }, false
        ),
        (
          "a book leaving the series for the shelf",
          {
            inputs.books["dune0003"] = ["status: read"]
            return nil
          }, false
        ),
        ("an author, on the author pages", { answer(titles, author: "Kevin J. Anderson") }, true),
        // One author in composed and decomposed accents: one term, whose name must not depend
        // on which of its books comes first.
        (
          "an author spelled with accents two ways",
          { answer(titles, author: "Frank He\u{301}rbert", firstAuthor: "Frank H\u{E9}rbert") }, true
        ),
        (
          "a title of a book filed under accents",
          {
            answer(
              [titles[0], titles[1], titles[2], "A"], author: "Frank He\u{301}rbert",
              firstAuthor: "Frank H\u{E9}rbert")
          }, false
        ),
        (
          "the answer reversed, the other spelling's book met first",
          {
            answer(
              [titles[0], titles[1], titles[2], "A"], author: "Frank He\u{301}rbert",
              firstAuthor: "Frank H\u{E9}rbert", reversed: true)
          }, false
        ),
      ]
      for (index, (name, change, whole)) in changes.enumerated() {
        if let fetch = try change() {
          let result = await runCLI(fetch, in: root, variables: fixture.variables)
          #expect(result.status == 0, "\(name): \(result.stderr)")
        }
        try inputs.write(into: root)
        let summary = await rebuild(serve, into: served, state: state)
        expectRendered(whole ? nil : -1, in: summary, name)
        await expectFreshBuild(of: served, in: root, as: "fresh-\(index)", fixture: fixture, name)
      }
      // Two edits in a row: the second starts before the first's feeds and search index follow.
      let fetch = answer(["Arrakis"] + titles.dropFirst(), author: "Kevin J. Anderson")
      #expect(await runCLI(fetch, in: root, variables: fixture.variables).status == 0)
      _ = await serve.context.previewBuild(serve.options, into: served, baseURL: Self.baseURL, preview: state)
      inputs.books["dune0003"] = ["status: read", "overrides: {title: Dune Again}"]
      try inputs.write(into: root)
      expectRendered(-1, in: await rebuild(serve, into: served, state: state), "two edits in a row")
      await expectFreshBuild(of: served, in: root, as: "fresh-last", fixture: fixture, "two edits in a row")
    }
    await fixture.server.stop()
  }

  /// Open Library enriches a book: a changed entry may then change books of any collection, and
  /// the served site is still what a fresh build gives.
  @Test func afterACacheChangeAcrossCollectionsTheServedSiteIsWhatAFreshBuildGives() async throws {
    var fixture = try RebuildInputs.startFixture()
    let google = fixture.google
    let library = FakeOpenLibrary()
    library.setRecord(FakeOpenLibrary.work(id: "OL1W", title: "Dune Messiah", description: "Paul's empire."))
    let messiahEdition = { (pages: Int) in
      FakeOpenLibrary.edition(
        id: "OL1M", title: "Dune Messiah", work: "OL1W", isbn13: ["9780593098233"], pages: pages)
    }
    library.setRecord(messiahEdition(256))
    let libraryServer = FakeOpenLibraryServer(library: library)
    try libraryServer.start()
    fixture.libraryURL = libraryServer.apiURL
    let variables = fixture.variables
    try await withTemporaryDirectory { root in
      var inputs = RebuildInputs()
      inputs.queryInPicked = true
      try inputs.write(into: root)
      #expect(await runCLI(["fetch", "-q"], in: root, variables: variables).status == 0)
      let serve = try offlineServe(in: root, fixture: fixture)
      let state = PreviewState()
      let served = root + "/preview"
      #expect(await rebuild(serve, into: served, state: state).hasPrefix("Built 2 books"))
      #expect(!state.run.composesCollectionsAlone)
      let messiah = { (description: String) in
        FakeGoogleBooks.volumeJSON(
          id: "dune0002", title: "Dune Messiah", isbn13: "9780593098233", description: description)
      }
      let dune = FakeGoogleBooks.volumeJSON(id: "dune0001", title: "Dune", isbn13: "9780441013593")
      let changes: [(String, () -> Void)] = [
        (
          "the shared query's answer",
          { google.setSearch("intitle:dune", results: [dune, messiah("Twelve years on.")]) }
        ),
        ("the enriching edition", { library.setRecord(messiahEdition(331)) }),
        (
          "the enriched volume's title",
          {
            google.setSearch(
              "intitle:dune",
              results: [
                dune, FakeGoogleBooks.volumeJSON(id: "dune0002", title: "A Messiah", isbn13: "9780593098233"),
              ])
          }
        ),
      ]
      for (index, (name, change)) in changes.enumerated() {
        change()
        let fetch = await runCLI(["fetch", "-q", "--refresh"], in: root, variables: variables)
        #expect(fetch.status == 0, "\(name): \(fetch.stderr)")
        let summary = await rebuild(serve, into: served, state: state)
        #expect(summary.hasPrefix("Built 2 books"), "\(name): \(summary)")
        await expectFreshBuild(of: served, in: root, as: "fresh-\(index)", fixture: fixture, name)
      }
    }
    await libraryServer.stop()
    await fixture.server.stop()
  }
}

/// Holds the second search index file a rebuild places until the task placing it is cancelled
/// (a next rebuild overtakes it).
final class HeldPlacing: @unchecked Sendable {
  /// Runs `body`, a test that holds a placing, when no other such test runs: a held placing
  /// blocks a thread of Swift's shared pool, which has one per core, and two held at once on a
  /// 2-core machine would leave none for the tasks that cancel them.
  static func takingTurns(_ body: () async throws -> Void) async throws {
    await turns.begin()
    do {
      try await body()
    } catch {
      await turns.end()
      throw error
    }
    await turns.end()
  }

  private static let turns = Turns()

  /// One test at a time, the others waiting without blocking a thread.
  private actor Turns {
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func begin() async {
      guard busy else {
        busy = true
        return
      }
      await withCheckedContinuation { waiting.append($0) }
    }

    func end() {
      if waiting.isEmpty { busy = false } else { waiting.removeFirst().resume() }
    }
  }

  private let lock = NSLock()
  private var searchFiles = 0
  private var holding = false
  private var released = false

  func place(_ path: String) {
    guard path.hasPrefix("search/") else { return }
    let count = lock.withLock {
      searchFiles += 1
      holding = searchFiles == 2
      return searchFiles
    }
    guard count == 2 else { return }
    while !Task.isCancelled { usleep(1000) }
    lock.withLock { released = true }
  }

  var wasReleased: Bool { lock.withLock { released } }

  func waitUntilHolding() async {
    while !lock.withLock({ holding }) { try? await Task.sleep(for: .milliseconds(5)) }
  }
}
