import Foundation
import Support
import Testing

@testable import SearchIndex

@Suite struct SearchIndexWriterTests {
  static func book(
    _ id: String, title: String, authors: [String] = [], description: String = "", note: String = "",
    facets: [String: [String]] = [:]
  ) -> SearchDocument {
    SearchDocument(
      id: id,
      fields: [.init(.primary, title)] + authors.map { .init(.primary, $0) }
        + [.init(.secondary, description), .init(.secondary, note)],
      facets: facets,
      display: .init(
        title: title, authors: authors, url: "books/\(id)/",
        thumbnail: "https://books.google.com/books/content?id=\(id)&img=1", detail: "2011",
        texts: [description, note]))
  }

  static let shelf = [
    book(
      "dune01", title: "Dune", authors: ["Frank Herbert"],
      description: "Paul Atreides on the desert planet Arrakis."),
    book(
      "lefthand", title: "The Left Hand of Darkness", authors: ["Ursula K. Le Guin"],
      description: "On the ice-bound planet Gethen.", note: "The crossing of the Gobrin glacier."),
    book("santi01", title: "三體", authors: ["劉慈欣"], description: "文化大革命的陰影下，葉文潔向宇宙發出了訊號。"),
    book("neko01", title: "吾輩は猫である", authors: ["夏目漱石"], description: "名前はまだ無い。"),
    book("cafe01", title: "Compound Eyes", description: "A seaside café owner."),
  ]

  static func slot(of id: String, in documents: [SearchDocument]) -> Int {
    SearchSlots(ids: documents.map(\.id)).slots[documents.firstIndex { $0.id == id }!]
  }

  @Test func aDescriptionWordFindsItsBookAsASecondaryMatch() throws {
    let index = try IndexReader(IndexReader.build(Self.shelf))
    let slot = Self.slot(of: "lefthand", in: Self.shelf)
    #expect(try index.postings("gethen") == [.init(slot: slot, flags: 2)])
    #expect(try index.postings("gobrin") == [.init(slot: slot, flags: 2)])
    #expect(try index.postings("darkness") == [.init(slot: slot, flags: 1)])
    // "planet" is in two descriptions: postings in slot order.
    let planets = try index.postings("planet").map(\.slot)
    #expect(planets == [Self.slot(of: "dune01", in: Self.shelf), slot].sorted())
  }

  @Test func accentsAndCaseFoldInTheIndex() throws {
    let index = try IndexReader(IndexReader.build(Self.shelf))
    #expect(try index.postings("cafe").map(\.slot) == [Self.slot(of: "cafe01", in: Self.shelf)])
    #expect(try index.postings("café").isEmpty)
  }

  /// Pairs carry where they sit in their run (1 present, 2 start, 4 end; × 8 for secondary
  /// fields), and each run's last character is stored alone.
  @Test func chineseAndJapanesePairsKnowTheirPlaceInTheRun() throws {
    let index = try IndexReader(IndexReader.build(Self.shelf))
    let santi = Self.slot(of: "santi01", in: Self.shelf)
    #expect(try index.postings("劉慈") == [.init(slot: santi, flags: 1 | 2)])
    #expect(try index.postings("慈欣") == [.init(slot: santi, flags: 1 | 4)])
    #expect(try index.postings("欣") == [.init(slot: santi, flags: 1 | 4)])
    #expect(try index.postings("三體") == [.init(slot: santi, flags: 1 | 2 | 4)])
    let neko = Self.slot(of: "neko01", in: Self.shelf)
    #expect(try index.postings("猫で") == [.init(slot: neko, flags: 1)])
    #expect(try index.postings("宇宙") == [.init(slot: santi, flags: 8)])
  }

  @Test func theDocumentFileHoldsWhatAResultShows() throws {
    let index = try IndexReader(IndexReader.build(Self.shelf, options: Self.options))
    let document = try index.document(Self.slot(of: "dune01", in: Self.shelf))
    #expect(document[0] as? String == "books/dune01/")
    #expect(document[1] as? String == "Dune")
    #expect(document[3] as? [String] == ["Frank Herbert"])
    // The cover URL the template rebuilds is stored as its id.
    #expect(document[4] as? String == "dune01")
    #expect(document[5] as? String == "2011")
    #expect(document[6] as? [String] == ["Paul Atreides on the desert planet Arrakis."])
    #expect(index.manifest["thumbnail"] as? String == Self.options.thumbnailTemplate)
  }

  static var options: SearchIndexOptions {
    var options = SearchIndexOptions()
    options.thumbnailTemplate = "https://books.google.com/books/content?id={id}&img=1"
    options.facets = [
      SearchFacet(id: "collection", label: "Collections"), SearchFacet(id: "year", label: "Year"),
    ]
    options.strings = ["searchNone": "No results"]
    return options
  }

  @Test func facetValuesComeBackByNameForEverySlot() throws {
    let documents = (0..<3_000).map { number in
      Self.book(
        "id\(number)", title: "Book \(number)",
        facets: [
          "collection": number % 3 == 0 ? ["Odd", "Third"] : ["Odd"], "year": ["\(1990 + number % 30)"],
        ])
    }
    let index = try IndexReader(IndexReader.build(documents, options: Self.options))
    let facets = try index.facets()
    let slots = SearchSlots(ids: documents.map(\.id)).slots
    #expect(facets.count == documents.count)
    for number in [0, 1, 2_999] {
      #expect(
        facets[slots[number]] == [number % 3 == 0 ? ["Odd", "Third"] : ["Odd"], ["\(1990 + number % 30)"]])
    }
    // 3,000 documents: four facet files of about 750 each.
    #expect((index.manifest["facets"] as? [String: Any])?["files"].map { ($0 as! [String]).count } == 4)
  }

  /// No documents still make a complete index (one empty chunk, no document or facet files), so
  /// the browser's first query finds nothing instead of failing.
  @Test func anEmptyIndexIsComplete() throws {
    let files = IndexReader.build([], options: Self.options)
    let index = try IndexReader(files)
    #expect(index.bounds == [""])
    #expect(try index.chunks().map(\.count) == [0])
    #expect(try index.facets().isEmpty)
    #expect(files.keys.filter { $0.hasPrefix("search/d/") }.isEmpty)
    #expect(index.manifest["documents"] as? Int == 0)
  }

  @Test func theSameDocumentsInAnyOrderGiveTheSameBytes() {
    let first = IndexReader.build(Self.shelf, options: Self.options)
    #expect(IndexReader.build(Self.shelf.reversed(), options: Self.options) == first)
    #expect(IndexReader.build(Self.shelf, options: Self.options) == first)
  }

  /// Every term sits in the chunk its bounds name, once, in code point order.
  @Test func chunkBoundsOrderEveryTerm() throws {
    var options = SearchIndexOptions()
    options.chunkTarget = 512
    let documents = Self.corpus(1_500)
    let index = try IndexReader(IndexReader.build(documents, options: options))
    let chunks = try index.chunks()
    #expect(chunks.count > 20)
    #expect(index.bounds.first == "")
    var all: [String] = []
    for (number, chunk) in chunks.enumerated() {
      #expect(!chunk.isEmpty)
      for (term, _) in chunk {
        #expect(IndexReader.codePointOrder(index.bounds[number], term) <= 0)
        if number + 1 < chunks.count {
          #expect(IndexReader.codePointOrder(term, index.bounds[number + 1]) < 0)
        }
        all.append(term)
      }
    }
    #expect(all == all.sorted { IndexReader.codePointOrder($0, $1) < 0 })
    #expect(Set(all).count == all.count)
    #expect(all.contains("supernova") && all.contains("劉慈"))
  }

  /// A mixed corpus: English words from a small vocabulary, a unique word per document, CJK.
  static func corpus(_ count: Int) -> [SearchDocument] {
    let words = ["river", "garden", "empire", "winter", "machine", "harbor", "lantern", "signal", "archive"]
    return (0..<count).map { number in
      let text = (0..<12).map { words[($0 * 7 + number) % words.count] }.joined(separator: " ")
      return Self.book(
        "doc\(number)", title: "Book \(number) \(words[number % words.count])",
        authors: number % 50 == 0 ? ["劉慈欣"] : ["Author \(number % 97)"],
        description: text + " unique\(number)" + (number == 7 ? " supernova" : ""),
        note: number % 100 == 0 ? "Owner note \(number)" : "")
    }
  }

  /// What a one-book change rewrites: the term chunks its old and new words are in, its
  /// document file and the manifest; adding a book also rewrites its facet file.
  @Test func oneBookChangesRewriteFewFiles() {
    let documents = Self.corpus(4_000)
    let before = IndexReader.build(documents, options: Self.options)
    var retitled = documents
    retitled[123].fields[0].text = "Book 123 lighthouse"
    retitled[123].display.title = "Book 123 lighthouse"
    let titleChange = Self.changes(before, IndexReader.build(retitled, options: Self.options))
    var noted = documents
    noted[321].fields[noted[321].fields.count - 1].text = "A new note about comets"
    let noteChange = Self.changes(before, IndexReader.build(noted, options: Self.options))
    let added = Self.changes(
      before,
      IndexReader.build(documents + [Self.book("newbook", title: "A Newcomer")], options: Self.options))
    print(
      "4,000 documents, \(before.count) files: a new title rewrites \(titleChange.written) and removes"
        + " \(titleChange.removed); a new note \(noteChange.written) and \(noteChange.removed); a new book"
        + " \(added.written) and \(added.removed)")
    #expect(titleChange.written <= 8 && titleChange.removed <= 6)
    #expect(noteChange.written <= 8 && noteChange.removed <= 6)
    #expect(added.written <= 12 && added.removed <= 8)
  }

  static func changes(_ before: [String: [UInt8]], _ after: [String: [UInt8]]) -> (written: Int, removed: Int)
  {
    (after.filter { before[$0.key] != $0.value }.count, before.keys.filter { after[$0] == nil }.count)
  }

  /// The stored excerpt text is short (it is in every document file), but every word of the
  /// description is in the term index: a word past the cut still finds its book.
  @Test func aWordPastTheStoredExcerptStillFindsItsBook() throws {
    let description = String(repeating: "harbor ", count: 100) + "zanzibar"
    let shelf = [Self.book("deep01", title: "Deep", description: description)]
    let index = try IndexReader(IndexReader.build(shelf, options: Self.options))
    let slot = Self.slot(of: "deep01", in: shelf)
    #expect(try index.postings("zanzibar") == [.init(slot: slot, flags: 2)])
    let texts = try #require(try index.document(slot)[6] as? [String])
    #expect(texts.count == 1 && texts[0].hasSuffix("harbor…"))
    #expect(texts[0].unicodeScalars.count <= SearchIndexOptions.excerptSourceLimit + 1)
    #expect(SearchIndexOptions.excerptSourceLimit == 160)
  }

  @Test func longTextsAreCutForExcerpts() {
    let text = String(repeating: "word ", count: 400)
    let cut = DocumentAnalyzer.cut(text, limit: 1_200)
    #expect(cut.hasSuffix("word…") && cut.unicodeScalars.count <= 1_201)
    #expect(DocumentAnalyzer.cut("short", limit: 10) == "short")
  }

  @Test(arguments: [
    ("https://books.google.com/books/content?id=B1Zd-_AQBAJ&img=1", "B1Zd-_AQBAJ"),
    (
      "https://books.google.com/books/content?id=x&img=1&imgtk=AF",
      "https://books.google.com/books/content?id=x&img=1&imgtk=AF"
    ),
    (
      "https://books.google.com/books/content?id=a%20b&img=1",
      "https://books.google.com/books/content?id=a%20b&img=1"
    ),
    ("https://example.org/cover.png", "https://example.org/cover.png"),
  ])
  func thumbnailsAreCompactedOnlyWhenTheTemplateRebuildsThem(url: String, stored: String) {
    let template = "https://books.google.com/books/content?id={id}&img=1"
    #expect(DocumentAnalyzer.compact(url, template: ThumbnailTemplate(template)) == stored)
    let rebuilt =
      stored.hasPrefix("https://") ? stored : template.replacingOccurrences(of: "{id}", with: stored)
    #expect(rebuilt == url)
  }

  /// A record is written as bytes: the same as the JSON value it stands for, escapes included.
  @Test func aRecordIsItsJSONValue() {
    let long = String(repeating: "word ", count: 80) + "end"
    let display = SearchDocument.Display(
      title: "Quote \" and \\ slash\u{1}", subtitle: "Ｄｕｎｅ\n", authors: ["A", "Ünïcode 三體", ""],
      url: "books/三體-x/", thumbnail: "https://books.google.com/books/content?id=ab-C_1&img=1", detail: nil,
      texts: ["", long, "note </script>"])
    for options in [
      SearchIndexOptions(),
      {
        var o = SearchIndexOptions()
        o.thumbnailTemplate = "https://books.google.com/books/content?id={id}&img=1"
        return o
      }(),
    ] {
      let template = ThumbnailTemplate(options.thumbnailTemplate)
      let expected = JSONValue.array([
        .string(display.url), .string(display.title), .string(display.subtitle ?? ""),
        .array(display.authors.map(JSONValue.string)),
        .string(DocumentAnalyzer.compact(display.thumbnail, template: template)),
        .string(display.detail ?? ""),
        .array(
          display.texts.filter { !$0.isEmpty }.map {
            .string(DocumentAnalyzer.cut($0, limit: SearchIndexOptions.excerptSourceLimit))
          }),
      ]).rendered()
      let record = DocumentAnalyzer.record(display, options: options, template: template)
      #expect("[" + String(decoding: record, as: UTF8.self) + "]" == expected)
    }
  }

  /// Term hashes pick shards and chunk cut points: reading words whole must give the values of
  /// the byte-by-byte definition, for every length of tail.
  @Test func termHashesAreTheByteByByteHashes() {
    let bytes = Array("abcdefghijklmnopqrstuvwxyz0123456789三體ü".utf8)
    for length in 0...bytes.count {
      let key = Array(bytes[..<length])
      var reference: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(length)
      for start in stride(from: 0, to: length, by: 8) {
        var word: UInt64 = 0
        for index in start..<min(length, start + 8) {
          word |= UInt64(key[index]) << UInt64(8 * (index - start))
        }
        reference = (reference ^ word) &* 0xFF51_AFD7_ED55_8CCD
        reference = (reference << 29) | (reference >> 35)
      }
      reference ^= reference >> 33
      reference &*= 0xC4CE_B9FE_1A85_EC53
      reference ^= reference >> 33
      #expect(key.withUnsafeBufferPointer { ByteKeyTable.hash($0) } == reference, "length \(length)")
    }
  }
}
