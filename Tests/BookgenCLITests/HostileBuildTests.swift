import Foundation
import TestSupport
import Testing

/// Builds from data an attacker could write (a Google answer, a shared catalog) and checks the
/// whole output folder, byte by byte.
@Suite struct HostileBuildTests {
  /// Escapes in JSON strings and raw control bytes (which a lenient reader lets through), in
  /// every kind of field a page, feed or index shows.
  static let hostileVolume = """
    {
      "kind": "books#volume",
      "id": "evil0001",
      "volumeInfo": {
        "title": "Dune\\u0000\\u001b[31m\\u0007",
        "subtitle": "A \u{01}novel\u{7F}",
        "authors": ["Frank\\u0008 Herbert\\u0085"],
        "publisher": "Ace\\u000b\\u000c Books\\uFFFE",
        "publishedDate": "1965-08-01",
        "description": "<p>Spice\\u0000 must \u{1B}flow\\u009f.</p>",
        "industryIdentifiers": [{"type": "ISBN_13", "identifier": "9780441013593"}],
        "pageCount": 412,
        "categories": ["Fiction\\u0001 / Science\\u001f Fiction"],
        "language": "en",
        "averageRating": 4.5,
        "ratingsCount": 12
      },
      "saleInfo": {
        "country": "US", "saleability": "FOR_SALE",
        "listPrice": {"amount": 9.99, "currencyCode": "US\\u0000D"},
        "buyLink": "https://play.google.com/store/books/details?id=evil0001\\u0007"
      },
      "searchInfo": {"textSnippet": "Fear is the \\u0002mind-killer."}
    }
    """

  /// YAML escapes for the same characters; libyaml rejects them written raw.
  static let hostileCatalog = """
    site:
      title: "Shelf\\0 of \\e[1mdoom\\a"
      base_url: "https://example.com/books/"
      description: "Read\\x01 these\\x7F.\\u0085"
      author: "Ada\\b"
      strings:
        buy: "Buy\\x1b it"
    google_books:
      country: US
    collections:
      - title: "Dune\\x02 books"
        slug: dune
        description: "Desert\\x0b planet"
        queries:
          - q: "intitle:dune"
    books:
      evil0001:
        note: "Re\\x0cread\\0 yearly"
        tags: ["sand\\x03worms"]
        overrides:
          subtitle: "The\\x1f novel\\uFFFF"

    """

  @Test func noForbiddenCharacterReachesAnyOutputFile() async throws {
    let google = FakeGoogleBooks()
    google.setSearch("intitle:dune", results: [Self.hostileVolume])
    let server = FakeGoogleBooksServer(google: google)
    try server.start()
    try await withTemporaryDirectory { root in
      try write(Self.hostileCatalog, to: root + "/catalog.yml")
      let result = await runCLI(["build", "-q"], in: root, variables: ["BOOKGEN_API_URL": server.apiURL])
      #expect(result == CLIResult(status: 0, stdout: "", stderr: ""))
      let files = regularFiles(under: root + "/public")
      #expect(
        files.contains("index.html") && files.contains("feed.xml") && files.contains("search/index.json"))
      let home = try String(contentsOfFile: root + "/public/index.html", encoding: .utf8)
      #expect(home.contains("Shelf of [1mdoom"), "the text around the removed characters stays")
      var offenders: [String] = []
      // The search index's postings (`.bin`) are binary by design; its text is in the JSON files.
      for file in files where !file.hasSuffix(".bin") {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: root + "/public/" + file)))
        if let offset = firstForbiddenByte(bytes) { offenders.append("\(file) at byte \(offset)") }
      }
      #expect(offenders == [])
    }
    await server.stop()
  }

  /// Numbers no formatter can hold used to trap after the answer was cached, so every later
  /// build crashed too; now each is dropped with a warning, online and offline alike.
  @Test func numbersOutOfRangeAreDroppedWithAWarningInEveryBuild() async throws {
    let google = FakeGoogleBooks()
    google.setSearch(
      "intitle:dune",
      results: [
        """
        {"id": "huge0001", "volumeInfo": {"title": "Dune", "pageCount": 1e17, "averageRating": 1e309,
          "ratingsCount": -4},
         "saleInfo": {"saleability": "FOR_SALE", "buyLink": "https://play.google.com/store/books/details?id=huge0001",
          "listPrice": {"amount": 1e309, "currencyCode": "USD"},
          "retailPrice": {"amount": 1e17, "currencyCode": "USD"}}}
        """
      ])
    let server = FakeGoogleBooksServer(google: google)
    try server.start()
    try await withTemporaryDirectory { root in
      let catalog =
        "site: {title: Shelf, base_url: https://shelf.test/}\ncollections:\n  - {title: Dune, queries: [intitle:dune]}\n"
      try write(catalog, to: root + "/catalog.yml")
      let subject = "warning: query 'intitle:dune' in collection 'dune': items[0] (id 'huge0001'): dropped"
      let warnings = """
        \(subject) volumeInfo.pageCount: 1e+17 is not a whole number from 0 to 100000
        \(subject) volumeInfo.averageRating: inf is not a number from 0 to 5
        \(subject) volumeInfo.ratingsCount: -4 is not a whole number from 0 to 1000000000
        \(subject) saleInfo.listPrice.amount: inf is not a number from 0 to 1000000000
        \(subject) saleInfo.retailPrice.amount: 1e+17 is not a number from 0 to 1000000000

        """
      func warningLines(_ result: CLIResult) -> String {
        result.stderr.split(separator: "\n").filter { $0.hasPrefix("warning: ") }.map { $0 + "\n" }.joined()
      }
      let online = await runCLI(["build"], in: root, variables: ["BOOKGEN_API_URL": server.apiURL])
      #expect(online.status == 0)
      #expect(warningLines(online) == warnings)
      let page = try String(contentsOfFile: root + "/public/books/dune-huge0001/index.html", encoding: .utf8)
      #expect(page.contains("Dune"))
      // A fresh output folder, so the build reads the cached answer again.
      #expect(await runCLI(["clean", "-q"], in: root).status == 0)
      let offline = await runCLI(["build", "--offline"], in: root)
      #expect(offline.status == 0)
      #expect(warningLines(offline) == warnings)
    }
    await server.stop()
  }

  /// XML 1.0 and HTML forbid the C0 controls but tab, LF and CR, DEL, the C1 controls
  /// (UTF-8 `C2 80`–`C2 9F`) and the noncharacters U+FFFE and U+FFFF (`EF BF BE`, `EF BF BF`).
  private func firstForbiddenByte(_ bytes: [UInt8]) -> Int? {
    for (offset, byte) in bytes.enumerated() {
      switch byte {
      case 0x09, 0x0A, 0x0D: continue
      case 0x00..<0x20, 0x7F: return offset
      case 0xC2 where offset + 1 < bytes.count && (0x80...0x9F).contains(bytes[offset + 1]): return offset
      case 0xEF
      where offset + 2 < bytes.count && bytes[offset + 1] == 0xBF && (0xBE...0xBF).contains(bytes[offset + 2]):
        return offset
      default: continue
      }
    }
    return nil
  }
}
