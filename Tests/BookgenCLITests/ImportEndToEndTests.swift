import Foundation
import TestSupport
import Testing

@testable import BookgenCLI

/// An import end to end: a Goodreads export of 1,000 books (custom shelves, a hundred rows
/// without a usable ISBN) imported and built over real HTTP against fake Google Books and Open
/// Library servers; the built site agrees with the export row by row.
@Suite struct ImportEndToEndTests {
  static let export = GoodreadsExport(count: 1000)

  static let catalog = """
    site:
      title: "My Goodreads"
      base_url: "https://me.test/books/"
    google_books:
      country: US
    open_library:
      contact: me@example.test
      requests_per_second: 1000
    collections:
      - title: "Favourites"
        books: ["\(export.rows[0].isbn13)"]

    """

  static func key(_ index: Int) -> String { export.key(index) }

  @Test func aThousandBookExportImportsAndBuildsIntoASiteThatAgreesWithIt() async throws {
    let (google, library) = try Self.export.startSources()
    let root = TestSupport.makeTemporaryDirectory("bookgen-import-e2e")
    defer { TestSupport.removeTemporaryDirectory(root) }
    try Self.catalog.write(toFile: root + "/catalog.yml", atomically: true, encoding: .utf8)
    try Self.export.csv.write(toFile: root + "/export.csv", atomically: true, encoding: .utf8)
    let variables = ["BOOKGEN_API_URL": google.apiURL, "BOOKGEN_OPENLIBRARY_URL": library.apiURL]
    let rows = Self.export.rows
    let lines = Self.export.lineNumbers

    let imported = await runCLI(["import", "goodreads", "export.csv"], in: root, variables: variables)
    #expect(imported.status == 0)
    #expect(imported.stderr == Self.expectedReport(lines: lines))
    let untitled = rows.indices.filter { !rows[$0].hasUsableISBN }
    #expect(untitled.count == 100)
    // A search per row without ISBN on Google; one on Open Library per row Google did not find.
    #expect(google.google.requestCount == 100)
    #expect(library.library.requestCount == untitled.filter { rows[$0].found != .google }.count)

    // Every row is one entry, those found by title marked with their source.
    let file = try String(contentsOfFile: root + "/goodreads.yml", encoding: .utf8)
    let entries = Self.entries(file)
    #expect(entries.map(\.key) == rows.indices.map(Self.key))
    for index in untitled {
      let marked = entries[index].text.contains("      matched_by: title\n")
      let source = rows[index].found == .google ? "google_books" : "open_library"
      #expect(marked == (rows[index].found != .nowhere), "row \(index)")
      #expect(
        entries[index].text.contains("      match_source: \(source)\n") == marked, "row \(index)")
    }

    let built = await runCLI(["build"], in: root, variables: variables)
    #expect(built.status == 0)
    let unknown = rows.indices.filter { rows[$0].hasUsableISBN && rows[$0].found == .nowhere }
    #expect(
      built.stderr.split(separator: "\n").filter { $0.hasPrefix("warning:") }
        == unknown.map {
          "warning: ISBN \(rows[$0].isbn13) in collection 'goodreads': neither Google Books nor Open Library "
            + "found this ISBN"
        })
    let site = try BuiltBookPages(output: root + "/public")
    #expect(site.pages.count == rows.count)
    let pages = site.byTitle
    let seriesTotals = rows.compactMap { Self.series(of: $0)?.name }.reduce(into: [String: Int]()) {
      $0[$1, default: 0] += 1
    }
    for (index, row) in rows.enumerated() {
      guard let page = pages[row.title] else {
        Issue.record("no page for row \(index): \(row.title)")
        continue
      }
      // A book no source knows shows every author the export names.
      #expect(
        page.authors == [row.author] + (row.found == .nowhere ? row.additionalAuthors : []), "row \(index)")
      #expect(page.shelf == Self.shelfName(row.exclusiveShelf), "row \(index)")
      #expect(page.myRating == (row.rating > 0 ? String(row.rating) : nil), "row \(index)")
      #expect(page.datesRead == (row.dateRead.map { [$0.replacingOccurrences(of: "/", with: "-")] } ?? []))
      #expect(page.tags == row.shelves, "row \(index)")
      #expect(page.series == Self.seriesLine(row, totals: seriesTotals), "row \(index)")
      let fromExport = "From my Goodreads export: no book source has this one"
      #expect(
        (page.attribution == fromExport) == (row.found == .nowhere), "row \(index): \(page.attribution)")
    }
    try Self.expectListsAgree(with: rows, output: root + "/public")
    await google.stop()
    await library.stop()
  }

  /// The site's lists agree with the export: each shelf's count on `shelves/`, each tag's on
  /// `tags/`, and the books read each year in `stats/stats.json`.
  static func expectListsAgree(with rows: [GoodreadsExport.Row], output: String) throws {
    func counts(_ names: [String]) -> [String: Int] { names.reduce(into: [:]) { $0[$1, default: 0] += 1 } }
    let shelves = try String(contentsOfFile: output + "/shelves/index.html", encoding: .utf8)
    #expect(
      listed(
        shelves,
        #"<h2><a href="[^"]*/shelves/[^"/]+/">([^<]+)</a> <span class="count">([\d,]+) books?</span>"#)
        == counts(rows.map { shelfName($0.exclusiveShelf) }))
    #expect(Set(rows.map(\.exclusiveShelf)).count > 4 && !rows.flatMap(\.shelves).isEmpty)
    let tags = try String(contentsOfFile: output + "/tags/index.html", encoding: .utf8)
    #expect(
      listed(tags, #"<li><a href="[^"]*/tags/[^"]+/">([^<]+) <span class="count">([\d,]+)[^<]*</span>"#)
        == counts(rows.flatMap(\.shelves)))
    let stats = try #require(
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: URL(fileURLWithPath: output + "/stats/stats.json")))
        as? [String: Any])
    let years = try #require(stats["years"] as? [[String: Any]])
    var perYear: [String: Int] = [:]
    for year in years {
      perYear[String(try #require(year["year"] as? Int))] = try #require(year["books"] as? Int)
    }
    #expect(perYear == counts(rows.compactMap { $0.dateRead.map { String($0.prefix(4)) } }))
    #expect(!perYear.isEmpty)
  }

  /// `name → count` of every match of `pattern` (name, then count) in `page`.
  static func listed(_ page: String, _ pattern: String) -> [String: Int] {
    let expression = try! NSRegularExpression(pattern: pattern)
    var found: [String: Int] = [:]
    for match in expression.matches(in: page, range: NSRange(page.startIndex..., in: page)) {
      guard let name = Range(match.range(at: 1), in: page), let count = Range(match.range(at: 2), in: page)
      else {
        continue
      }
      let text = page[name].replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(
        of: "&#39;", with: "'")
      found[text] = Int(page[count].replacingOccurrences(of: ",", with: ""))
    }
    return found
  }

  /// The import's report: the rows found by title, then those found nowhere, in export order.
  static func expectedReport(lines: [Int]) -> String {
    let rows = export.rows
    func rounded(_ index: Int) -> String {
      "\(rows[index].isbn13.prefix(1)).\(rows[index].isbn13.dropFirst().prefix(5))E+12"
    }
    func line(_ index: Int) -> String {
      let authors = ([rows[index].author] + rows[index].additionalAuthors).joined(separator: ", ")
      let mark = rows[index].isbnKind == .mangled ? " (ISBN \"\(rounded(index))\" rounded)" : ""
      return "  export.csv:\(lines[index]): \(rows[index].title) by \(authors) → \(key(index))\(mark)"
    }
    let untitled = rows.indices.filter { !rows[$0].hasUsableISBN }
    let found = untitled.filter { rows[$0].found != .nowhere }
    let nowhere = untitled.filter { rows[$0].found == .nowhere }
    let mangled = rows.indices.filter { rows[$0].isbnKind == .mangled }
    let warning =
      "warning: \(mangled.count) ISBNs such as \"\(rounded(mangled[0]))\" were rounded by a spreadsheet and "
      + "lost their last digits, so their rows were looked up by title (marked below); export the file again, "
      + "or format the column as text before saving it"
    return
      ([warning, "Found by title and author (check them: 'matched_by: title' in goodreads.yml):"]
      + found.map(line)
      + ["Kept without source data (no usable ISBN, no book found by title):"] + nowhere.map(line) + [
        "Added goodreads.yml to 'include' in catalog.yml",
        "Imported 1,000 books from export.csv into goodreads.yml in 0.3 s",
      ]).joined(separator: "\n") + "\n"
  }

  /// The file's `books:` entries: each key and its lines.
  static func entries(_ file: String) -> [(key: String, text: String)] {
    guard let books = file.range(of: "\nbooks:\n") else { return [] }
    return file[books.upperBound...].components(separatedBy: "\n  \"").compactMap { block in
      let block = block.hasPrefix("  \"") ? String(block.dropFirst(3)) : block
      guard let end = block.firstIndex(of: "\"") else { return nil }
      return (String(block[..<end]), block + "\n")
    }
  }

  static func shelfName(_ shelf: String) -> String {
    [
      "read": "Read", "to-read": "To read", "currently-reading": "Reading",
      "did-not-finish": "Did not finish",
    ][
      shelf] ?? "Favourite rereads"
  }

  /// What the page's series line says: the title's series (the owner's, winning over Open
  /// Library's), else Open Library's (`Open Shelf Classics ; 3`); "Book 2 of 5 in …" when the
  /// number fits the books the site has of that series (`totals`, by name).
  static func seriesLine(_ row: GoodreadsExport.Row, totals: [String: Int]) -> String? {
    guard let (name, number) = series(of: row) else { return nil }
    let total = totals[name] ?? 0
    guard let number else { return total > 1 ? "One of \(total) books in \(name)" : "In the series \(name)" }
    if total > 1, let value = Double(number), value <= Double(total) {
      return "Book \(number) of \(total) in \(name)"
    }
    return "Book \(number) in \(name)"
  }

  /// The series a row's book is in, and its number there.
  static func series(of row: GoodreadsExport.Row) -> (name: String, number: String?)? {
    if let series = row.series { return (series, row.seriesNumber) }
    guard let source = row.sourceSeries, let split = source.range(of: " ; ") else { return nil }
    return (String(source[..<split.lowerBound]), String(source[split.upperBound...]))
  }

}
