import Catalog
import Fetching
import Foundation
import OpenLibrary
import Testing

/// Fixture bodies in the shapes Open Library really sends (../shared/openlibrary/), read by kind.
enum Fixture {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "Fixtures")

  static func bytes(_ name: String) -> [UInt8] {
    (try? [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))) ?? []
  }

  static func id(_ text: String) -> OpenLibraryID { OpenLibraryID(text)! }
}

@Suite struct OpenLibraryDecodingTests {
  static func decode(_ name: String, _ kind: OpenLibraryRequest.Kind) throws -> OpenLibraryResponse {
    try OpenLibraryDecoder.decode(Fixture.bytes(name), for: OpenLibraryRequest(kind))
  }

  @Test func theBooksAPIAnswersByBibkeyAsSentWithNamesAndACoverID() throws {
    let response = try Self.decode(
      "books-data-two-isbns.json",
      .books(bibkeys: ["ISBN:207042779X", "ISBN:9780441013593", "ISBN:9999999999"]))
    guard case .books(let entries) = response.answer else {
      Issue.record("not a books answer")
      return
    }
    #expect(entries.keys.sorted() == ["ISBN:207042779X", "ISBN:9780441013593"])
    let dune = try #require(entries["ISBN:9780441013593"])
    #expect(dune.id == Fixture.id("OL24382006M"))
    #expect(dune.authors == ["Frank Herbert"])
    #expect(dune.pageCount == 528)
    #expect(dune.publishers == ["Ace Books"])
    #expect(dune.publishDate == "Aug 02, 2005")
    #expect(dune.isbn10 == ["0441013597"])
    #expect(dune.coverID == 11481354)
    #expect(dune.subjects.count == 8)
    let french = try #require(entries["ISBN:207042779X"])
    #expect(french.coverID == nil)
    #expect(french.isbn13 == [])
    #expect(response.notes == [])
  }

  @Test func anUnknownISBNIsAnEmptyObject() throws {
    let response = try Self.decode("books-unknown.json", .books(bibkeys: ["ISBN:9780000000002"]))
    #expect(response.answer == .books([:]))
  }

  @Test func anEditionReadsBothTextShapesKeysAndCovers() throws {
    let response = try Self.decode("edition-description-object.json", .edition(Fixture.id("OL7582342M")))
    guard case .edition(let edition) = response.answer else {
      Issue.record("not an edition")
      return
    }
    #expect(
      edition.description
        == "Genly Ai is sent to the ice world of Gethen.\n\nHe has one task: to bring it into the Ekumen.")
    #expect(edition.authors == [Fixture.id("OL31353A")])
    #expect(edition.works == [Fixture.id("OL59863W")])
    #expect(edition.languages == ["eng"])
    #expect(edition.covers == [6548261])
    #expect(edition.series == ["Hainish cycle ; 4"])
    #expect(edition.publishDate == "c1976")
    #expect(edition.digest != 0)
  }

  @Test func aFieldOfAnotherShapeIsLeftOutWithANoteAndControlCharactersGo() throws {
    let response = try Self.decode("edition-markdown-description.json", .edition(Fixture.id("OL36884371M")))
    guard case .edition(let edition) = response.answer else {
      Issue.record("not an edition")
      return
    }
    #expect(edition.pageCount == nil)
    #expect(edition.title == "Die Sterne bei dir")
    #expect(edition.covers == [])
    #expect(edition.languages == ["ger"])
    #expect(
      response.notes == [
        "dropped edition.number_of_pages (edition.number_of_pages is a string, expected a number)"
      ])
  }

  @Test func aWorkReadsAStringDescriptionAuthorsRolesAndItsFirstPublication() throws {
    let response = try Self.decode("work-description-string.json", .work(Fixture.id("OL59863W")))
    guard case .work(let work) = response.answer else {
      Issue.record("not a work")
      return
    }
    #expect(work.description == "A lone envoy visits a planet whose people have no fixed sex.")
    #expect(work.authors == [Fixture.id("OL31353A")])
    #expect(work.covers == [6548261, 12345])
    #expect(work.firstPublishDate == "March 1969")
  }

  @Test func aRedirectNamesItsTargetOfTheSameKind() throws {
    let response = try Self.decode("redirect-work.json", .work(Fixture.id("OL1000001W")))
    #expect(response.answer == .redirect(to: Fixture.id("OL59863W")))
    // A redirect to another kind of record leads nowhere.
    let edition = try Self.decode("redirect-work.json", .edition(Fixture.id("OL1M")))
    #expect(edition.answer == .gone)
  }

  @Test func anAuthorGivesItsName() throws {
    let response = try Self.decode("author.json", .author(Fixture.id("OL31353A")))
    guard case .author(let author) = response.answer else {
      Issue.record("not an author")
      return
    }
    #expect(author.name == "Ursula K. Le Guin")
  }

  @Test func searchesOfEveryEraReadAlike() throws {
    let kind = OpenLibraryRequest.Kind.search(fields: [.init("title", "dune")], offset: 0, limit: 100)
    let current = try Self.decode("search-2025-default-fields.json", kind)
    guard case .search(let docs, let total) = current.answer else {
      Issue.record("not a search")
      return
    }
    #expect(total == 212)
    #expect(docs.map(\.work) == [Fixture.id("OL893415W"), Fixture.id("OL2003204W")])
    #expect(docs[0].coverEdition == Fixture.id("OL24382006M"))
    #expect(docs[0].languages == ["eng", "ger", "jpn"])
    #expect(docs[1].subtitle == "House Atreides")
    let old = try Self.decode("search-2013-bare-keys.json", kind)
    guard case .search(let oldDocs, let oldTotal) = old.answer else {
      Issue.record("not a search")
      return
    }
    #expect(oldTotal == 2)
    #expect(oldDocs.map(\.work) == [Fixture.id("OL27448W"), Fixture.id("OL27449W")])
    // 2013 wrote the year as a string; -1 is "no cover".
    #expect(oldDocs[0].firstPublishYear == 1969)
    #expect(oldDocs[1].coverID == nil)
  }

  @Test func aWorksEditionListGivesItsEntriesAndSize() throws {
    let kind = OpenLibraryRequest.Kind.workEditions(Fixture.id("OL59863W"), offset: 0, limit: 50)
    let response = try Self.decode("editions-page.json", kind)
    guard case .editions(let entries, let total) = response.answer else {
      Issue.record("not editions")
      return
    }
    #expect(total == 31)
    #expect(entries.map(\.id) == [Fixture.id("OL9000001M"), Fixture.id("OL7582342M")])
    #expect(response.notes.count == 1)
  }

  @Test func errorBodiesAreErrorsAndHTMLIsNoJSON() throws {
    #expect(
      throws: BodyDecodingError.apiError(
        APIErrorBody(message: "/works/OL404W/editions", reasons: ["notfound"]))
    ) {
      try Self.decode("error-404.json", .workEditions(Fixture.id("OL404W"), offset: 0, limit: 50))
    }
    #expect(
      throws: BodyDecodingError.apiError(
        APIErrorBody(
          code: 429, message: "Too Many Requests. Consider using https://openlibrary.org/developers/dumps."))
    ) {
      try Self.decode("error-429.json", .books(bibkeys: ["ISBN:9780441013593"]))
    }
    #expect(throws: BodyDecodingError.invalidJSON(offset: 0, message: "the body is not a JSON object")) {
      try Self.decode("error-503.html", .search(fields: [.init("q", "dune")], offset: 0, limit: 100))
    }
  }

  @Test func aTruncatedBodyIsNoAnswer() {
    let body = Array(Fixture.bytes("work-description-string.json").prefix(120))
    #expect(throws: BodyDecodingError.self) {
      try OpenLibraryDecoder.decode(body, for: OpenLibraryRequest(.work(Fixture.id("OL59863W"))))
    }
  }

  @Test(arguments: [
    ("OL7353617M", "/books/OL7353617M"), ("/works/OL45804W", "/works/OL45804W"),
    ("/authors/OL34184A", "/authors/OL34184A"),
  ])
  func idsParseFromKeysAndBareIDs(_ text: String, _ key: String) {
    #expect(OpenLibraryID(text)?.key == key)
  }

  @Test(arguments: [
    "OL7353617", "OL7353617X", "/works/OL1M", "OLM", "OL1234567890123M", "ol1m", "OL1M/../x", "/books/OL1M?x",
    "javascript:OL1M",
  ])
  func anythingElseIsNoID(_ text: String) {
    #expect(OpenLibraryID(text) == nil)
  }

  @Test func requestsHaveOneCanonicalSpelling() {
    let books = OpenLibraryRequest(.books(bibkeys: ["ISBN:9780441013593", "OLID:OL1M"]))
    #expect(books.canonical == "api/books?bibkeys=ISBN%3A9780441013593%2COLID%3AOL1M&format=json&jscmd=data")
    #expect(OpenLibraryRequest(.edition(Fixture.id("OL1M"))).canonical == "books/OL1M.json")
    #expect(
      OpenLibraryRequest(.workEditions(Fixture.id("OL2W"), offset: 0, limit: 50)).canonical
        == "works/OL2W/editions.json?limit=50")
    let search = OpenLibraryRequest(
      .search(
        fields: [.init("title", "the dispossessed"), .init("author", "le guin")], offset: 100, limit: 20))
    #expect(
      search.canonical
        == "search.json?author=le%20guin&fields=key%2Ctitle%2Csubtitle%2Cauthor_name%2Cauthor_key%2Cfirst_publish_year%2C"
        + "cover_i%2Ccover_edition_key%2Clanguage%2Csubject%2Cpublisher%2Cnumber_of_pages_median&limit=20&offset=100"
        + "&title=the%20dispossessed")
  }
}
