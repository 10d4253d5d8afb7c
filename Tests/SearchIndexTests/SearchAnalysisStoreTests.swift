import Testing

@testable import SearchIndex

/// The analyses a build keeps for the next: reusing them must give the same files, and bytes
/// that are not a store this build wrote must be refused, never half-read.
@Suite struct SearchAnalysisStoreTests {
  /// The index's files, the store written beside them (stamped `v1`) and how many documents
  /// came from `previous`.
  private static func files(
    _ documents: [SearchDocument], options: SearchIndexOptions = SearchIndexOptions(),
    previous: SearchAnalysisStore = SearchAnalysisStore()
  ) -> (files: [SearchIndexFile], store: [UInt8], reused: Int) {
    var files: [SearchIndexFile] = []
    let bytes = Bytes()
    let kept = SearchAnalysisStoreWriter(stamp: "v1") { bytes.value += $0 }
    SearchIndexWriter.write(
      ids: documents.map(\.id), options: options, previous: previous, keeping: kept,
      document: { documents[$0] }, emit: { files.append($0) })
    return (files, bytes.value, kept.reused)
  }

  private final class Bytes {
    var value: [UInt8] = []
  }

  private static var options: SearchIndexOptions {
    var options = SearchIndexOptions()
    options.facets = [SearchFacet(id: "year", label: "Year")]
    options.thumbnailTemplate = "https://books.google.com/books/content?id={id}&img=1"
    return options
  }

  @Test func reusedAnalysesGiveTheFilesOfAFreshIndex() throws {
    var shelf = SearchIndexWriterTests.shelf
    let first = Self.files(shelf, options: Self.options)
    let store = try #require(SearchAnalysisStore(serialized: first.store, stamp: "v1"))
    #expect(store.count == shelf.count)
    #expect(first.reused == 0)

    shelf[1].fields[2].text = "On the ice-bound planet Winter."
    shelf.append(SearchIndexWriterTests.book("new01", title: "Kindred", description: "Dana in 1815."))
    let again = Self.files(shelf, options: Self.options, previous: store)
    #expect(again.reused == shelf.count - 2)
    #expect(again.files == Self.files(shelf, options: Self.options).files)

    // Other options (another facet) analyse every document again.
    var other = Self.options
    other.facets.append(SearchFacet(id: "language", label: "Language"))
    let otherOptions = Self.files(shelf, options: other, previous: store)
    #expect(otherOptions.reused == 0)
    #expect(otherOptions.files == Self.files(shelf, options: other).files)
  }

  @Test func bytesThatAreNotThisStampsStoreAreRefused() throws {
    let bytes = Self.files(SearchIndexWriterTests.shelf).store
    #expect(SearchAnalysisStore(serialized: bytes, stamp: "v1") != nil)
    #expect(SearchAnalysisStore(serialized: bytes, stamp: "v2") == nil)
    #expect(SearchAnalysisStore(serialized: [], stamp: "v1") == nil)
    #expect(SearchAnalysisStore(serialized: Array("not a store at all".utf8), stamp: "v1") == nil)
    // Cut anywhere, or with any byte changed, it is not read at all.
    for length in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 97)) {
      #expect(
        SearchAnalysisStore(serialized: Array(bytes[..<length]), stamp: "v1") == nil, "cut at \(length)")
    }
    for offset in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 61)) {
      var changed = bytes
      changed[offset] ^= 0x5A
      #expect(SearchAnalysisStore(serialized: changed, stamp: "v1") == nil, "byte \(offset) changed")
    }
  }
}
