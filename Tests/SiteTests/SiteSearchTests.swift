import Catalog
import Foundation
import SearchIndex
import Testing

@testable import Site

/// The adapter from books to search documents, and the index files it writes with the site.
@Suite struct SiteSearchTests {
  static func document(_ id: String, model: SiteModel) throws -> SearchDocument {
    let urls = try SiteURLs(baseURL: "https://me.github.io/books/")
    let facts = BookFacts.all(model: model, urls: urls)
    let index = try #require(model.books.firstIndex { $0.id == id })
    let strings = try UIStrings(language: .english)
    return SiteSearch.document(
      facts[index], collections: model.collections.map(\.title), untitled: "Untitled",
      languageName: { LanguageNames.name(of: $0, in: .english) },
      shelf: { PageContexts.shelfName($0, shelfTitles: model.shelfTitles, strings: strings) })
  }

  @Test func aBookIsFoundByItsTitleAuthorsAndEveryTextItHas() throws {
    let dune = try Self.document("B1ZdEAAAQBAJ", model: DiscoveryFixture.model())
    #expect(
      dune.fields.filter { $0.weight == .primary }.map(\.text) == ["Dune", "Deluxe Edition", "Frank Herbert"])
    #expect(
      dune.fields.filter { $0.weight == .secondary }.map(\.text) == [
        "9780441013593", "0441013597", "Ace", "Fiction / Science Fiction / General", "Science fiction",
        "台灣文學",
        "Set on the desert planet Arrakis.", "",
      ])
    #expect(
      dune.facets == [
        "collection": ["Science fiction", "台灣文學"], "category": ["Fiction / Science Fiction / General"],
        "language": ["English"], "shelf": [], "year": ["2019"],
      ])
    #expect(dune.display.title == "Dune" && dune.display.subtitle == "Deluxe Edition")
    #expect(dune.display.url == "books/dune-B1ZdEAAAQBAJ/")
    #expect(dune.display.texts == ["Set on the desert planet Arrakis.", ""])
    #expect(dune.display.detail == "2019")
  }

  @Test func theOwnersNoteAndTagsAreSearchedToo() throws {
    var catalog = DiscoveryFixture.catalog()
    catalog.books = [
      "B1ZdEAAAQBAJ": BookEntry(note: "Read the **appendix** on the ecology first.", tags: ["reread"])
    ]
    let model = try SiteModel(
      catalog: catalog, collections: [SiteInput.Collection(slug: "sf", volumes: [DiscoveryFixture.dune])])
    let dune = try Self.document("B1ZdEAAAQBAJ", model: model)
    #expect(dune.fields.map(\.text).contains("reread"))
    #expect(dune.fields.last?.text == "Read the appendix on the ecology first.")
    #expect(dune.display.texts.last == "Read the appendix on the ecology first.")
  }

  @Test func theSeriesAndTheOwnersShelfAreSearchedAndTheShelfIsAFacet() throws {
    var catalog = DiscoveryFixture.catalog()
    var entry = BookEntry()
    entry.status = .reading
    entry.series = "Dune Chronicles"
    catalog.books = ["B1ZdEAAAQBAJ": entry]
    let model = try SiteModel(
      catalog: catalog, collections: [SiteInput.Collection(slug: "sf", volumes: [DiscoveryFixture.dune])])
    let dune = try Self.document("B1ZdEAAAQBAJ", model: model)
    let secondary = dune.fields.filter { $0.weight == .secondary }.map(\.text)
    #expect(secondary.first == "Dune Chronicles")
    #expect(secondary.contains("Reading"))
    #expect(dune.facets["shelf"] == ["Reading"])
    let files = DiscoveryFiles.render(
      model: model, jobs: model.pageJobs(perPage: 24), settings: catalog.site,
      urls: try SiteURLs(baseURL: "https://me.github.io/books/"), strings: try UIStrings(language: .english),
      options: DiscoveryOptions())
    let manifestText = try #require(files.first { $0.path == "search/index.json" }?.text)
    let manifest = try #require(
      try JSONSerialization.jsonObject(with: Data(manifestText.utf8))
        as? [String: Any])
    let kinds = try #require((manifest["facets"] as? [String: Any])?["kinds"] as? [[String: String]])
    #expect(kinds.map { $0["label"] ?? "" } == ["Collections", "Categories", "Language", "Shelf", "Year"])
  }

  /// The summary pages, feeds, OPDS and JSON-LD carry (converted from the description's start,
  /// with the book) is the cut of the very text the index reads (converted whole), however long.
  @Test func theSummaryIsCutFromTheTextTheIndexReads() throws {
    var long = DiscoveryFixture.bare
    long.volumeInfo.description = (1...200).map {
      "<p>Sentence <b>number</b> \($0) &amp; more of a long description.</p>\n"
    }.joined()
    let model = try SiteModel(
      catalog: DiscoveryFixture.catalog(), collections: [.init(slug: "sf", volumes: [long])])
    let text = try #require(try Self.document(model.books[0].id, model: model).display.texts.first)
    #expect(text.hasPrefix("Sentence number 1 & more of a long description. Sentence number 2 & more"))
    #expect(text.hasSuffix(" Sentence number 200 & more of a long description."))
    #expect(!text.contains("<") && !text.contains("\n") && !text.contains("  "))
    let summary = try #require(model.books[0].metaDescription)
    #expect(summary.count <= Book.metaDescriptionLimit && summary.count > Book.metaDescriptionLimit / 2)
    #expect(summary.hasSuffix("…") && text.hasPrefix(summary.dropLast()))
  }

  @Test func aBookWithNothingButAnIdStillHasADocument() throws {
    let bare = try Self.document("bare-id", model: DiscoveryFixture.model())
    #expect(bare.display.title == "Untitled")
    #expect(bare.facets["collection"] == ["Science fiction"])
    #expect(bare.display.thumbnail == nil)
  }

  @Test func theIndexIsWrittenWithTheSiteUnderSearch() throws {
    let files = try DiscoveryFixture.render()
    let manifestText = try #require(files["search/index.json"])
    let manifest = try #require(
      try JSONSerialization.jsonObject(with: Data(manifestText.utf8)) as? [String: Any])
    #expect(manifest["format"] as? Int == SearchIndexWriter.format)
    #expect(manifest["documents"] as? Int == 4)
    #expect(manifest["thumbnail"] as? String == SiteSearch.thumbnailTemplate)
    let facets = try #require(manifest["facets"] as? [String: Any])
    #expect(
      (facets["kinds"] as? [[String: String]])?.map { $0["label"] ?? "" } == [
        "Collections", "Categories", "Language", "Year",
      ])
    let strings = try #require(manifest["strings"] as? [String: String])
    #expect(strings.keys.sorted() == SiteSearch.stringKeys.sorted())
    #expect(strings["searchCount"] == "{count} results")
    // Every document file is JSON; the hostile title is escaped so it cannot close a script.
    var records = 0
    for path in files.keys where path.hasPrefix("search/d/") {
      let text = try #require(files[path])
      records += try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[Any]]).count
      #expect(!text.contains("<script>"))
    }
    #expect(records == 4)
    #expect(files.keys.contains { $0.hasPrefix("search/t/") && $0.hasSuffix(".bin") })
    #expect(files["search-index.json"] == nil)
  }

  /// The sizes the README reports: 10,000 books with realistic titles, half with a subtitle,
  /// one or two authors, an ISBN, a category and a cover each (no descriptions).
  @Test func sizesForTenThousandBooks() throws {
    let volumes = DiscoveryFixture.volumes(10_000)
    let catalog = DiscoveryFixture.catalog()
    let model = try SiteModel(catalog: catalog, collections: [.init(slug: "sf", volumes: volumes)])
    let urls = try SiteURLs(baseURL: catalog.site.baseURL)
    let clock = ContinuousClock()
    let start = clock.now
    let files = DiscoveryFiles.render(
      model: model, jobs: model.pageJobs(perPage: 24), settings: catalog.site, urls: urls,
      strings: try UIStrings(language: .english), options: DiscoveryOptions())
    let elapsed = clock.now - start
    let search = files.filter { $0.path.hasPrefix("search/") }
    let size = { (prefix: String) in
      search.filter { $0.path.hasPrefix(prefix) }.reduce(0) { $0 + $1.bytes.count }
    }
    let manifest = try #require(search.first { $0.path == "search/index.json" })
    print(
      "10,000 books: search/ \(search.count) files, manifest \(manifest.bytes.count) bytes, term chunks"
        + " \(size("search/t/")) bytes, documents \(size("search/d/")) bytes, facets \(size("search/f/")) bytes;"
        + " all discovery files in \(elapsed)")
    // 2–4 documents a file.
    #expect((2_500...5_000).contains(search.filter { $0.path.hasPrefix("search/d/") }.count))
    #expect(manifest.bytes.count < 16_000)
  }
}
