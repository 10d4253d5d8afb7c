import Foundation
import TestSupport
import Testing

@testable import BookgenCLI

/// `bookgen import` from the command line on files a spreadsheet made: the owner's own CSV read
/// through `--columns`, and a Goodreads export saved again in Windows-1252 whose spoiler review
/// stays behind its disclosure on the built page.
@Suite struct ImportSpreadsheetTests {
  static let catalog = """
    site:
      title: "Reading"
      base_url: "https://me.test/books/"
    collections:
      - title: "Mine"
        books: ["9780140444308"]

    """

  private func withSite(copying file: String, _ body: (String) async throws -> Void) async throws {
    let root = TestSupport.makeTemporaryDirectory("bookgen-import-spreadsheet")
    defer { TestSupport.removeTemporaryDirectory(root) }
    try write(Self.catalog, to: root + "/catalog.yml")
    try FileManager.default.copyItem(
      atPath: ImportCommandTests.exports.appendingPathComponent(file).path, toPath: root + "/" + file)
    try await body(root)
  }

  @Test func aCSVOfTheOwnersOwnIsReadThroughColumns() async throws {
    try await withSite(copying: "my-books.csv") { root in
      let result = await runCLI(
        [
          "import", "my-books.csv", "--offline", "--columns",
          "title=Name,authors=Writer,isbn=Code,status=Shelf,rating=Stars,date_read=Finished,page_count=Pages",
        ], in: root)
      #expect(
        result
          == CLIResult(
            status: 0, stdout: "",
            stderr: """
              note: dates read as month/day/year: my-books.csv:3 has 10/13/2022, which can only be read so (--date-order sets it)
              warning: the ISBN "9.78081E+12" of my-books.csv:3 was rounded by a spreadsheet and lost its last digits, so the row keeps the export's id; export the file again, or format the column as text before saving it
              Kept without source data (no usable ISBN, no book found by title):
                my-books.csv:3: Kindred, a novel by Octavia Butler → csv:ta47fddaf5c840017 (ISBN "9.78081E+12" rounded)
              warning: 1 row not imported:
                my-books.csv:6: no title and no ISBN: not imported
              Added csv.yml to 'include' in catalog.yml
              Imported 3 books from my-books.csv into csv.yml in 0.3 s

              """))
      let imported = try String(contentsOfFile: root + "/csv.yml", encoding: .utf8)
      #expect(
        imported.contains(
          """
            "9780441172719":
              status: read
              rating: 5
              date_read: 2024-04-01
          """))
      #expect(imported.contains("  \"9780618260300\":\n    status: abandoned\n    rating: 2\n"))
      #expect(await runCLI(["check", "-q"], in: root).status == 0)

      // A column the file lacks is named with the ones it has.
      let missing = await runCLI(
        ["import", "my-books.csv", "--offline", "--columns", "title=Name,isbn=ISBN"], in: root)
      #expect(missing.status == 1)
      #expect(
        missing.stderr.hasPrefix(
          "my-books.csv:1:1: error: --columns reads isbn from 'ISBN', which the file has not: its columns are "
            + "'Name', 'Writer', 'Code', 'Shelf', 'Stars', 'Finished', 'Pages'"), "\(missing.stderr)")
    }
  }

  @Test func aSpoilerReviewStaysBehindItsDisclosureOnTheBuiltPage() async throws {
    try await withSite(copying: "goodreads-windows-1252.csv") { root in
      let imported = await runCLI(["import", "goodreads-windows-1252.csv", "--offline"], in: root)
      #expect(imported.status == 0)
      #expect(
        imported.stderr.hasPrefix(
          "note: goodreads-windows-1252.csv is not UTF-8: read as Windows-1252\n"
            + "note: dates read as day/month/year: goodreads-windows-1252.csv:2 has 13.10.2022, which can "
            + "only be read so (--date-order sets it)\n"), "\(imported.stderr)")
      let built = await runCLI(["build", "--offline", "-q"], in: root)
      #expect(built.status == 0, "\(built.stderr)")
      let hugo = try ImportBuildTests.page(titled: "Les Misérables", in: root)
      #expect(
        hugo.contains(
          "<details class=\"spoiler\"><summary>Spoiler — show</summary><p>Jean Valjean’s last night "
            + "<strong>breaks</strong> you — the candlesticks &amp; all. Cost me €12.</p></details>"),
        "\(hugo)")
      let hobbit = try ImportBuildTests.page(titled: "The Hobbit", in: root)
      #expect(!hobbit.contains("<details class=\"spoiler\""))
    }
  }
}
