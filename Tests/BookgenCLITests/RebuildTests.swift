import Foundation
import TestSupport
import Testing

@testable import BookgenCLI

/// A rebuild reuses what the last build left (the output's twin, its manifest, the build state
/// beside it): after any change, it must give byte for byte the files a clean build of the same
/// inputs gives. Each change goes through the whole command, cache and catalog included.
@Suite struct RebuildTests {

  @Test func eachKindOfChangeGivesWhatACleanBuildGives() async throws {
    let fixture = try RebuildInputs.startFixture()
    let google = fixture.google
    try await withTemporaryDirectory { root in
      var inputs = RebuildInputs()
      func write() throws { try inputs.write(into: root) }
      try write()
      #expect(await runCLI(["build", "-q"], in: root, variables: fixture.variables).status == 0)

      // Each change, and how the rebuild runs: offline, or fetching what is new (`--refresh` for
      // new data under an existing cache entry).
      let offline = ["--offline"]
      let refresh = ["--refresh"]
      let changes: [(String, [String], () throws -> Void)] = [
        ("nothing", offline, {}),
        (
          "a volume's data in the cache", refresh,
          {
            google.setSearch(
              "intitle:dune",
              results: [
                FakeGoogleBooks.volumeJSON(
                  id: "dune0001", title: "Dune", isbn13: "9780441013593", description: "The spice must flow."),
                FakeGoogleBooks.volumeJSON(id: "dune0002", title: "Dune Messiah", isbn13: "9780593098233"),
              ])
          }
        ),
        ("a note", offline, { inputs.books["dune0002"] = ["note: Good."] }),
        ("the note edited", offline, { inputs.books["dune0002"] = ["note: Even *better*."] }),
        ("a tag", offline, { inputs.books["dune0002", default: []].append("tags: [reread]") }),
        ("a rating", offline, { inputs.books["dune0001"] = ["rating: 4.5"] }),
        ("a status", offline, { inputs.books["dune0001", default: []].append("status: read") }),
        // The ISBN moved to the first collection, another in its place: one new lookup.
        ("collection membership", [], { inputs.isbnInDune = true }),
        ("a catalog setting", offline, { inputs.perPage = 1 }),
        ("the site's title", offline, { inputs.title = "Another Shelf" }),
        (
          "a template", offline,
          {
            try FileManager.default.createDirectory(
              atPath: root + "/templates/assets", withIntermediateDirectories: true)
            try "body { color: #222; }\n".write(
              toFile: root + "/templates/assets/custom.css", atomically: true, encoding: .utf8)
          }
        ),
        (
          "a book gone from the cache's answer", refresh,
          {
            google.setSearch(
              "intitle:dune",
              results: [
                FakeGoogleBooks.volumeJSON(
                  id: "dune0001", title: "Dune", isbn13: "9780441013593", description: "The spice must flow.")
              ])
          }
        ),
        ("an entry removed", offline, { inputs.books["dune0002"] = nil }),
      ]
      for (index, (name, arguments, change)) in changes.enumerated() {
        try change()
        try write()
        let rebuild = await runCLI(["build", "-q"] + arguments, in: root, variables: fixture.variables)
        #expect(rebuild.status == 0, "\(name): \(rebuild.stderr)")
        // A clean build of the same catalog and cache: a folder no build has used (no twin,
        // manifest or state of its own).
        let clean = "clean-\(index)"
        let fresh = await runCLI(
          ["build", "-q", "--offline", "-o", clean], in: root, variables: fixture.variables)
        #expect(fresh.status == 0, "\(name): \(fresh.stderr)")
        let expected = regularFiles(under: root + "/" + clean)
        #expect(regularFiles(under: root + "/public") == expected, "\(name)")
        for file in expected {
          #expect(
            FileManager.default.contents(atPath: root + "/public/" + file)
              == FileManager.default.contents(atPath: root + "/\(clean)/" + file), "\(name): \(file)")
        }
      }
    }
    await fixture.server.stop()
  }

}

/// The catalog with what each change sets: the first collection's title and the books per
/// page (catalog settings), the ISBN's collection, and the owner's `books:` entries.
struct RebuildInputs {
  /// The fake Google Books both collections are fetched from: Dune's query finds the test
  /// fixture's two books, and Dune Messiah's ISBN finds it.
  static func startFixture() throws -> BuildFixture {
    let fixture = try BuildFixture.start()
    fixture.google.setSearch(
      "isbn:9780593098233",
      results: [FakeGoogleBooks.volumeJSON(id: "dune0002", title: "Dune Messiah", isbn13: "9780593098233")])
    return fixture
  }

  func write(into folder: String) throws {
    try catalog.write(toFile: folder + "/catalog.yml", atomically: true, encoding: .utf8)
  }

  var title = "Test Shelf"
  var perPage = 24
  var isbnInDune = false
  /// The second collection lists the first one's query too.
  var queryInPicked = false
  var books: [String: [String]] = [:]
  /// `site.covers`, when set.
  var covers: String?
  /// A page for every author, category and tag, however few books it has.
  var pagesForEveryTerm = false

  var catalog: String {
    var text = """
      site:
        title: "\(title)"
        base_url: "https://shelf.test/books/"
        language: en
        books_per_page: \(perPage)
      \(pagesForEveryTerm ? "  index_min_books: 1\n" : "")\(covers.map { "  covers: \($0)\n" } ?? "")google_books:
        country: US
      open_library:
        contact: shelf@example.test
      collections:
        - title: "Dune"
          slug: dune
          queries:
            - q: "intitle:dune"
              max_results: 10

      """
    text += isbnInDune ? "    isbns: [978-0-441-01359-3]\n" : ""
    text += """
        - title: "Picked"
          slug: picked
      \(queryInPicked ? "    queries:\n      - q: \"intitle:dune\"\n        max_results: 10\n" : "")    isbns:
            - \(isbnInDune ? "978-0-593-09823-3" : "978-0-441-01359-3")

      """
    if !books.isEmpty {
      text += "books:\n"
      for (id, lines) in books.sorted(by: { $0.key < $1.key }) {
        text += "  \(id):\n" + lines.map { "    \($0)\n" }.joined()
      }
    }
    return text
  }
}
