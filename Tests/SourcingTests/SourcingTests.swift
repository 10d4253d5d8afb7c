import BookRecord
import Fetching
import Foundation
import OpenLibrary
import Sourcing
import TestSupport
import Testing

@testable import Catalog

/// Both sources asked in the catalog's order, their books combined by ISBN.
@Suite struct SourcingTests {
  /// Google's search-list volume with no description and no page count: Open Library has both.
  static func bareVolume(id: String, title: String, isbn13: String) -> String {
    """
    {"kind": "books#volume", "id": "\(id)", "volumeInfo": {"title": "\(title)", "authors": ["Ursula K. Le Guin"],
     "industryIdentifiers": [{"type": "ISBN_13", "identifier": "\(isbn13)"}], "language": "en",
     "imageLinks": {"thumbnail": "http://books.google.com/books/content?id=\(id)&img=1"}}}
    """
  }

  @Test func googleFirstThenOpenLibraryForWhatGoogleLacks() async throws {
    let harness = try SourcingHarness()
    defer { harness.cleanUp() }
    let google = harness.google.google
    google.setSearch("intitle:dune", results: [FakeGoogleBooks.volumeJSON(id: "dune0001", title: "Dune")])
    google.setSearch(
      "isbn:9780441478125",
      results: [
        Self.bareVolume(id: "lefthand01", title: "The Left Hand of Darkness", isbn13: "9780441478125")
      ])
    harness.storeLeftHand()
    // Only Open Library knows Sabriel; nobody knows the last ISBN.
    harness.library.library.setRecord(FakeOpenLibrary.work(id: "OL15832982W", title: "Sabriel"))
    harness.library.library.setRecord(
      FakeOpenLibrary.edition(
        id: "OL22951843M", title: "Sabriel", work: "OL15832982W", isbn10: ["0060273224"]))
    let catalog = harness.catalog([
      Collection(
        title: "Shelf", slug: "shelf", queries: [Query(q: "intitle:dune")],
        isbns: [
          ISBN(isbn13: "9780441478125"), ISBN(isbn13: "9780060273224"), ISBN(isbn13: "9780306406157"),
        ])
    ])
    let books = try await harness.run(catalog)
    #expect(books.ids("shelf") == ["dune0001", "lefthand01", "OL22951843M"])
    #expect(
      books.warningTexts == [
        "warning: ISBN 9780306406157 in collection 'shelf': neither Google Books nor Open Library found this ISBN"
      ])
    // Google's book, with what it lacks from Open Library's record of the same ISBN.
    let leftHand = try #require(books.record("lefthand01"))
    #expect(leftHand.title == "The Left Hand of Darkness")
    #expect(leftHand.description == "Genly Ai visits Gethen.")
    #expect(leftHand.descriptionFormat == .markdown)
    #expect(leftHand.pageCount == 304)
    #expect(leftHand.firstPublished == BookDate(year: 1969))
    #expect(leftHand.series == SeriesPosition(name: "Hainish cycle", number: 4, numberText: "4"))
    #expect(leftHand.covers?.thumbnail?.hasPrefix("https://books.google.com/") == true)
    #expect(leftHand.origin(of: .description)?.source == .openLibrary)
    #expect(leftHand.origin(of: .title)?.source.id == "google-books")
    #expect(
      leftHand.provenance.records.compactMap(\.url) == [
        "https://books.google.com/books?id=lefthand01", "https://openlibrary.org/books/OL7582342M",
      ])
    #expect(books.record("OL22951843M")?.provenance.records.map(\.source) == [.openLibrary])
    // Google was asked once per ISBN and once for the query; Open Library once for the three
    // books (Sabriel and the unknown one to find, Le Guin's to enrich), then their records.
    #expect(google.requestCount == 4)
    #expect(harness.library.library.requests.filter { $0.hasPrefix("/api/books") }.count == 1)
  }

  @Test func aSecondRunAsksNothingAndOfflineGivesTheSameBooks() async throws {
    let harness = try SourcingHarness()
    defer { harness.cleanUp() }
    harness.google.google.setSearch(
      "isbn:9780441478125",
      results: [
        Self.bareVolume(id: "lefthand01", title: "The Left Hand of Darkness", isbn13: "9780441478125")
      ])
    harness.storeLeftHand()
    let catalog = harness.catalog([Collection(title: "S", slug: "s", isbns: [ISBN(isbn13: "9780441478125")])])
    let first = try await harness.run(catalog)
    let requests = (harness.google.google.requestCount, harness.library.library.requestCount)
    let second = try await harness.run(catalog)
    let offline = try await harness.run(catalog, offline: true)
    #expect(harness.google.google.requestCount == requests.0)
    #expect(harness.library.library.requestCount == requests.1)
    #expect(second.collections == first.collections)
    #expect(offline.collections == first.collections)
  }

  @Test func googlesAnonymousQuotaSendsTheISBNsToOpenLibraryWithOneWarning() async throws {
    let harness = try SourcingHarness()
    defer { harness.cleanUp() }
    let quota =
      "Quota exceeded for quota metric 'Queries' and limit 'Queries per day' of service 'books.googleapis.com'"
    harness.google.google.script(
      "volumes", Array(repeating: .error(status: 429, reason: "rateLimitExceeded", message: quota), count: 10)
    )
    // Google's answers take a moment, as over a network: both ISBN lookups sent at once are in
    // flight before the first says the quota is spent (else, on a loaded machine, the second may
    // never leave: another correct request count).
    harness.google.google.latency = 0.3
    harness.storeLeftHand()
    harness.storeSabriel()
    let catalog = harness.catalog([
      Collection(
        title: "S", slug: "s", isbns: [ISBN(isbn13: "9780441478125"), ISBN(isbn13: "9780060273224")])
    ])
    let books = try await harness.run(catalog)
    #expect(books.ids("s") == ["OL7582342M", "OL22951843M"])
    #expect(
      books.warningTexts == [
        "warning: Google Books refused 2 ISBN lookups with HTTP 429 (rateLimitExceeded: \(quota)): this run takes "
          + "those books from Open Library; set GOOGLE_BOOKS_API_KEY to a Google Books API key for Google's data"
      ])
    // A daily quota is not retried: one request per ISBN.
    #expect(harness.google.google.requestCount == 2)
  }

  @Test func googleDownSendsTheISBNsToOpenLibraryWithOneWarning() async throws {
    let harness = try SourcingHarness()
    defer { harness.cleanUp() }
    harness.google.google.script(
      "volumes",
      Array(repeating: .error(status: 503, reason: "backendError", message: "Backend Error"), count: 10))
    harness.storeLeftHand()
    let catalog = harness.catalog([Collection(title: "S", slug: "s", isbns: [ISBN(isbn13: "9780441478125")])])
    let books = try await harness.run(catalog)
    #expect(books.ids("s") == ["OL7582342M"])
    #expect(
      books.warningTexts == [
        "warning: Google Books did not answer 1 ISBN lookup (HTTP 503 (backendError: Backend Error)): this run "
          + "takes those books from Open Library; the next build asks Google again"
      ])
    // Retried once (retries: 1), then Open Library answered.
    #expect(harness.google.google.requestCount == 2)
  }

  @Test func googleUnreachableSendsTheISBNsToOpenLibrary() async throws {
    let harness = try SourcingHarness()
    defer { harness.cleanUp() }
    harness.storeLeftHand()
    harness.storeSabriel()
    var catalog = harness.catalog([
      Collection(
        title: "S", slug: "s", isbns: [ISBN(isbn13: "9780441478125"), ISBN(isbn13: "9780060273224")])
    ])
    catalog.googleBooks.apiURL = try await TestSupport.unreachableAPIURL()
    let books = try await harness.run(catalog)
    #expect(books.ids("s") == ["OL7582342M", "OL22951843M"])
    #expect(books.warningTexts.count == 1)
    #expect(
      books.warningTexts.first?.hasPrefix(
        "warning: Google Books did not answer 2 ISBN lookups (could not connect")
        == true)
    #expect(
      books.warningTexts.first?.hasSuffix(
        "this run takes those books from Open Library; the next build asks Google again") == true)
  }

  /// What neither Google (down) nor Open Library gives fails the run with Google's own error,
  /// as without Open Library: no book is dropped with a mere warning.
  @Test func whatGoogleDownLeavesAndOpenLibraryLacksIsGooglesError() async throws {
    let harness = try SourcingHarness()
    defer { harness.cleanUp() }
    harness.storeLeftHand()
    var catalog = harness.catalog([
      Collection(
        title: "S", slug: "s", isbns: [ISBN(isbn13: "9780441478125"), ISBN(isbn13: "9780306406157")])
    ])
    let unreachable = try await TestSupport.unreachableAPIURL()
    catalog.googleBooks.apiURL = unreachable
    await #expect {
      _ = try await harness.run(catalog)
    } throws: { error in
      guard
        case .missingEntries(let entries, reason: .unreachable(let api, _, .cannotConnect)) = error
          as? FetchError
      else { return false }
      return api == unreachable
        && entries.map(\.subject) == ["ISBN 9780306406157 in collection 's'"]
    }
  }

  @Test func openLibraryFirstAsksGoogleOnlyForWhatItLacksAndToEnrich() async throws {
    let harness = try SourcingHarness()
    defer { harness.cleanUp() }
    harness.storeLeftHand(description: nil)
    let google = harness.google.google
    google.setSearch(
      "isbn:9780441478125",
      results: [
        FakeGoogleBooks.volumeJSON(
          id: "lefthand01", title: "The Left Hand of Darkness", isbn13: "9780441478125",
          description: "From Google.")
      ])
    google.setSearch(
      "isbn:9780306406157",
      results: [FakeGoogleBooks.volumeJSON(id: "g2", title: "Only Google", isbn13: "9780306406157")])
    let catalog = harness.catalog(
      [
        Collection(
          title: "S", slug: "s", isbns: [ISBN(isbn13: "9780441478125"), ISBN(isbn13: "9780306406157")])
      ],
      sources: [.openLibrary, .googleBooks])
    let books = try await harness.run(catalog)
    #expect(books.ids("s") == ["OL7582342M", "g2"])
    #expect(books.warnings.isEmpty)
    let leftHand = try #require(books.record("OL7582342M"))
    #expect(leftHand.description == "From Google.")
    #expect(leftHand.descriptionFormat == .html)
    #expect(leftHand.pageCount == 304)
    #expect(leftHand.provenance.records.map(\.source.id) == ["open-library", "google-books"])
    // One lookup Open Library could not answer, one to enrich its book.
    #expect(google.requestCount == 2)
  }

  @Test func withGoogleAloneOpenLibraryIsNeverAsked() async throws {
    let harness = try SourcingHarness()
    defer { harness.cleanUp() }
    harness.google.google.setSearch("isbn:9780306406157", results: [])
    let catalog = harness.catalog(
      [Collection(title: "S", slug: "s", isbns: [ISBN(isbn13: "9780306406157")])], sources: [.googleBooks])
    let books = try await harness.run(catalog)
    #expect(books.ids("s") == [])
    #expect(
      books.warningTexts == [
        "warning: ISBN 9780306406157 in collection 's': Google found no volume for this ISBN"
      ])
    #expect(harness.library.library.requestCount == 0)
  }

  @Test func anotherEditionIsUsedOnlyWhenNoSourceListsTheISBN() async throws {
    let harness = try SourcingHarness()
    defer { harness.cleanUp() }
    let google = harness.google.google
    google.setSearch(
      "isbn:9780441478125",
      results: [FakeGoogleBooks.volumeJSON(id: "other01", title: "Left Hand", isbn13: "9780441478000")])
    google.setSearch(
      "isbn:9780306406157",
      results: [FakeGoogleBooks.volumeJSON(id: "other02", title: "Other", isbn13: "9780201616224")])
    harness.storeLeftHand()
    let catalog = harness.catalog([
      Collection(
        title: "S", slug: "s", isbns: [ISBN(isbn13: "9780441478125"), ISBN(isbn13: "9780306406157")])
    ])
    let books = try await harness.run(catalog)
    #expect(books.ids("s") == ["OL7582342M", "other02"])
    #expect(
      books.warningTexts == [
        "warning: ISBN 9780306406157 in collection 's': no source lists this ISBN; using Google's first result, "
          + "volume 'other02' ('Other')"
      ])
  }

  @Test func openLibraryQueriesAndIDsMixWithGooglesInCatalogOrder() async throws {
    let harness = try SourcingHarness()
    defer { harness.cleanUp() }
    harness.storeLeftHand()
    harness.library.library.setSearch(
      ["author": "le guin"],
      docs: [
        FakeOpenLibrary.doc(
          work: "OL59863W", title: "The Left Hand of Darkness", authors: ["Ursula K. Le Guin"],
          coverEdition: "OL7582342M", firstPublishYear: 1969)
      ])
    harness.library.library.setRecord(
      FakeOpenLibrary.work(id: "OL45804W", title: "Fantastic Mr Fox", authors: ["OL34184A"]))
    harness.library.library.setRecord(FakeOpenLibrary.author(id: "OL34184A", name: "Roald Dahl"))
    harness.google.google.setSearch(
      "intitle:dune", results: [FakeGoogleBooks.volumeJSON(id: "dune0001", title: "Dune")])
    harness.google.google.setSearch(
      "isbn:9780441478125",
      results: [
        Self.bareVolume(id: "lefthand01", title: "The Left Hand of Darkness", isbn13: "9780441478125")
      ])
    var libraryQuery = Query(q: "")
    libraryQuery.source = .openLibrary
    libraryQuery.openLibrary = OpenLibraryQuery(author: "le guin")
    var collection = Collection(
      title: "S", slug: "s", queries: [libraryQuery, Query(q: "intitle:dune")])
    collection.openLibraryIDs = [OpenLibraryID("OL45804W")!]
    let books = try await harness.run(harness.catalog([collection]))
    // Google knows Le Guin's book too: one book, Google's (first in `sources`), enriched.
    #expect(books.ids("s") == ["lefthand01", "dune0001", "OL45804W"])
    #expect(books.record("lefthand01")?.description == "Genly Ai visits Gethen.")
    #expect(books.record("OL45804W")?.authors == ["Roald Dahl"])
    #expect(books.warnings.isEmpty)
  }
}
