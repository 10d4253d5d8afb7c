import BookRecord
import Catalog
import Support
import Testing

@testable import OpenLibrary

/// Open Library's shapes as a book record: every part optional, every string hostile.
@Suite struct OpenLibraryRecordTests {
  static func answer(_ name: String, _ kind: OpenLibraryRequest.Kind) -> OpenLibraryAnswer? {
    try? OpenLibraryDecoder.decode(Fixture.bytes(name), for: OpenLibraryRequest(kind)).answer
  }

  static var leGuin: OpenLibraryBook {
    var book = OpenLibraryBook(id: Fixture.id("OL7582342M"))
    if case .edition(let edition)? = answer("edition-description-object.json", .edition(book.id)) {
      book.edition = edition
    }
    if case .work(let work)? = answer("work-description-string.json", .work(Fixture.id("OL59863W"))) {
      book.work = work
    }
    if case .author(let author)? = answer("author.json", .author(Fixture.id("OL31353A"))) {
      book.authors = [author]
    }
    return book
  }

  @Test func anEditionItsWorkAndItsAuthorMakeOneRecord() {
    let record = Self.leGuin.record
    #expect(record.id == "OL7582342M")
    #expect(record.provenance.records[0].url == "https://openlibrary.org/books/OL7582342M")
    #expect(record.provenance.records[0].source == .openLibrary)
    #expect(record.title == "The Left Hand of Darkness")
    #expect(record.authors == ["Ursula K. Le Guin"])
    #expect(record.publisher == "Ace Books")
    // `c1976` is read as 1976, and pages show what Open Library wrote.
    #expect(record.published == BookDate(year: 1976))
    #expect(record.publishedText == "c1976")
    #expect(record.firstPublished == BookDate(year: 1969, month: 3))
    #expect(record.description?.hasPrefix("Genly Ai is sent") == true)
    #expect(record.descriptionFormat == .markdown)
    #expect(record.pageCount == 304)
    #expect(record.language == "en")
    #expect(record.categories == ["Science fiction", "Gender identity", "Fiction"])
    #expect(record.series == SeriesPosition(name: "Hainish cycle", number: 4, numberText: "4"))
    // The hyphenated ISBN-13 normalised, the bad ISBN-10 checksum dropped.
    #expect(
      record.identifiers == [BookIdentifier(.isbn13, "9780441478125"), BookIdentifier(.isbn10, "0441478123")])
    #expect(record.isbns.isbn13 == "9780441478125")
    #expect(
      record.covers
        == CoverLinks(
          smallThumbnail: "https://covers.openlibrary.org/b/id/6548261-S.jpg?default=false",
          thumbnail: "https://covers.openlibrary.org/b/id/6548261-M.jpg?default=false",
          medium: "https://covers.openlibrary.org/b/id/6548261-L.jpg?default=false",
          large: "https://covers.openlibrary.org/b/id/6548261-L.jpg?default=false"))
  }

  @Test func noCoverIsNoCoverAndOnlyValidISBNsCount() {
    guard
      case .edition(let edition)? = Self.answer(
        "edition-markdown-description.json", .edition(Fixture.id("OL36884371M")))
    else {
      Issue.record("no edition")
      return
    }
    var book = OpenLibraryBook(id: edition.id)
    book.edition = edition
    let record = book.record
    #expect(record.covers == nil)
    #expect(record.identifiers == [BookIdentifier(.isbn13, "9781943899159")])
    #expect(record.language == "de")
    #expect(record.published == BookDate(year: 2021, month: 12, day: 20))
    #expect(record.publishedText == nil)
    // Markdown, hostile links and raw HTML included, goes to the site as Markdown: the site
    // renders it with the owner's sanitiser.
    #expect(record.descriptionFormat == .markdown)
    #expect(record.description?.contains("javascript:") == true)
  }

  @Test func theBooksAPIEntryNamesAuthorsAndASearchDocFillsWhatIsLeft() {
    guard
      case .books(let entries)? = Self.answer(
        "books-data-two-isbns.json", .books(bibkeys: ["ISBN:207042779X"])),
      let entry = entries["ISBN:207042779X"]
    else {
      Issue.record("no entry")
      return
    }
    var book = OpenLibraryBook(id: entry.id)
    book.entry = entry
    let record = book.record
    #expect(record.authors == ["Kenneth Grahame"])
    #expect(record.published == BookDate(year: 2002, month: 11))
    #expect(record.identifiers == [BookIdentifier(.isbn10, "207042779X")])
    #expect(record.matchingISBNs == ["9782070427796"])
    #expect(record.covers == nil)
  }

  @Test(
    arguments: [
      ("1996", BookDate(year: 1996), nil),
      ("October 1, 1988", BookDate(year: 1988, month: 10, day: 1), nil),
      ("Dec 04, 1999", BookDate(year: 1999, month: 12, day: 4), nil),
      ("November 2006", BookDate(year: 2006, month: 11), nil),
      ("13 September 1916", BookDate(year: 1916, month: 9, day: 13), nil),
      ("20 dezembro 2021", BookDate(year: 2021, month: 12, day: 20), nil),
      ("20 de dezembro de 2021", BookDate(year: 2021, month: 12, day: 20), nil),
      ("novembre 2000", BookDate(year: 2000, month: 11), nil),
      ("1978-03", BookDate(year: 1978, month: 3), nil),
      ("1987-01-01", BookDate(year: 1987, month: 1, day: 1), nil),
      ("4th July 1976", BookDate(year: 1976, month: 7, day: 4), nil),
      ("c1999", BookDate(year: 1999), "c1999"),
      ("[1999?]", BookDate(year: 1999), "[1999?]"),
      ("Spring 2001", BookDate(year: 2001), "Spring 2001"),
      ("1999 printing", BookDate(year: 1999), "1999 printing"),
    ] as [(String, BookDate, String?)])
  func freeTextDatesAreReadWithTheTextKeptWhenOnlyPartlyRead(
    _ text: String, _ date: BookDate, _ kept: String?
  ) {
    var edition = EditionRecord(id: Fixture.id("OL1M"))
    edition.publishDate = text
    var book = OpenLibraryBook(id: edition.id)
    book.edition = edition
    #expect(book.record.published == date)
    #expect(book.record.publishedText == kept)
  }

  @Test(arguments: ["[n.d.]", "199-", "unknown", "", "12345"])
  func textWithoutAYearIsNoDate(_ text: String) {
    var edition = EditionRecord(id: Fixture.id("OL1M"))
    edition.publishDate = text
    var book = OpenLibraryBook(id: edition.id)
    book.edition = edition
    #expect(book.record.published == nil)
    #expect(book.record.publishedText == nil)
  }

  @Test(arguments: [
    ("eng", "en"), ("ger", "de"), ("fre", "fr"), ("chi", "zh"), ("dut", "nl"), ("wel", "cy"), ("jpn", "ja"),
    ("deu", "de"), ("scc", "sr"), ("haw", "haw"), ("sco", "sco"),
  ])
  func marcCodesBecomeBCP47Tags(_ code: String, _ tag: String) {
    #expect(MARCLanguage.bcp47(code) == tag)
  }

  @Test(arguments: ["und", "mul", "zxx", "e1g", "english", ""])
  func codesThatNameNoLanguageAreNone(_ code: String) {
    #expect(MARCLanguage.bcp47(code) == nil)
  }

  @Test func tagsBecomeMARCCodesForTheSearch() {
    #expect(MARCLanguage.code(fromTag: "de") == "ger")
    #expect(MARCLanguage.code(fromTag: "de-AT") == "ger")
    #expect(MARCLanguage.code(fromTag: "deu") == "ger")
    #expect(MARCLanguage.code(fromTag: "gl") == "glg")
    #expect(MARCLanguage.code(fromTag: "zz") == nil)
  }

  @Test func subjectsAreChosenNotCopied() {
    guard
      case .books(let entries)? = Self.answer(
        "books-data-two-isbns.json", .books(bibkeys: ["ISBN:9780441013593"])),
      let dune = entries["ISBN:9780441013593"]
    else {
      Issue.record("no entry")
      return
    }
    var book = OpenLibraryBook(id: dune.id)
    book.entry = dune
    #expect(book.record.categories == ["Science fiction", "Fiction", "Desert ecology"])
  }

  @Test(arguments: [
    ("Hainish cycle ; 4", SeriesPosition(name: "Hainish cycle", number: 4, numberText: "4")),
    (
      "Gibsons Cyberspace trilogi -- 1",
      SeriesPosition(name: "Gibsons Cyberspace trilogi", number: 1, numberText: "1")
    ),
    (
      "Heyne science fiction & fantasy -- Bd. 06/4400",
      SeriesPosition(name: "Heyne science fiction & fantasy")
    ),
    ("Ace science fiction", SeriesPosition(name: "Ace science fiction")),
    ("Discworld, 3", SeriesPosition(name: "Discworld", number: 3, numberText: "3")),
    ("Penguin modern classics", SeriesPosition(name: "Penguin modern classics")),
  ])
  func seriesTextSplitsANameFromItsPlace(_ text: String, _ series: SeriesPosition) {
    var edition = EditionRecord(id: Fixture.id("OL1M"))
    edition.series = [text]
    var book = OpenLibraryBook(id: edition.id)
    book.edition = edition
    #expect(book.record.series == series)
  }

  @Test func anAuthorRecordWithoutANameNamesNoAuthor() {
    var edition = EditionRecord(id: Fixture.id("OL1M"))
    edition.authors = [Fixture.id("OL5A")]
    var book = OpenLibraryBook(id: edition.id)
    book.edition = edition
    book.authors = [AuthorRecord(id: Fixture.id("OL5A"))]
    #expect(book.record.authors == nil)
  }
}
