import Foundation
import Testing

@testable import SearchIndex

#if canImport(Glibc)
  import Glibc
#endif

/// The analyses a build keeps for the next: reusing them must give the same files, and bytes
/// that are not a store this build wrote must be refused, never half-read.
@Suite struct SearchAnalysisStoreTests {
  /// The index's files, the store written beside them (stamped `v1`) and how many documents
  /// came from `previous`.
  static func files(
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

  static var options: SearchIndexOptions {
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

/// Read from its file by pieces: through any window the same store, and bytes changed after
/// the first pass are never used.
extension SearchAnalysisStoreTests {
  /// A store of `count` documents, with a summary.
  private static func corpusStore(_ count: Int = 300) -> [UInt8] {
    Self.files(SearchIndexWriterTests.corpus(count), options: Self.options).store
  }

  @Test func anyWindowReadsTheStoreTheFileHolds() throws {
    let bytes = Self.corpusStore()
    let path = try StoreFiles.write(bytes)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let options = DocumentDigest.options(Self.options)
    let whole = try #require(SearchAnalysisStore(reading: path, stamp: "v1", window: bytes.count))
    #expect(whole.count == 300)
    #expect(whole.summary != nil)
    for window in [64, 256, 1000, 1 << 20] {
      let store = try #require(
        SearchAnalysisStore(reading: path, stamp: "v1", window: window), "window \(window)")
      #expect(store.slotted.map(\.slot) == whole.slotted.map(\.slot))
      #expect(store.slotted.map(\.digest) == whole.slotted.map(\.digest))
      #expect(store.slotted.map(\.body) == whole.slotted.map(\.body))
      #expect(store.slotted.map(\.record) == whole.slotted.map(\.record))
      #expect(store.summary?.encoded() == whole.summary?.encoded())
      for (index, entry) in store.slotted.enumerated() {
        // Each entry is the file's bytes where the pass found it, and decodes to them.
        let (result, body) = try #require(store.entry(at: index))
        #expect(Array(body) == Array(bytes[entry.body]))
        #expect(StoreEntry.encode(result) == Array(bytes[entry.body]))
        #expect(store.result(for: entry.digest, options: options).map { Array($0.1) } == Array(body))
      }
      // Kept runs are copied as the file holds them, a window at a time.
      var copied: [UInt8] = []
      let last = store.slotted.count - 1
      #expect(store.records(0...last) { copied += $0 })
      #expect(
        copied == Array(bytes[store.slotted[0].record.lowerBound..<store.slotted[last].record.upperBound]))
      let writer = SearchAnalysisStoreWriter(stamp: "v1") { _ in }
      writer.addKept(from: store, entries: 10...20)
      #expect(!writer.abandoned)
      #expect(writer.reused == 11)
    }
  }

  @Test func onlyARegularFileItselfIsRead() throws {
    let bytes = Self.corpusStore(40)
    let folder = NSTemporaryDirectory() + "bookgen-store-tests-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let good = folder + "/good"
    try Data(bytes).write(to: URL(fileURLWithPath: good))
    #expect(SearchAnalysisStore(reading: good, stamp: "v1") != nil)
    // A link to a good store is not followed; a FIFO (no writer: opening it must not wait),
    // a folder or nothing at all is no store.
    try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: good)
    #expect(mkfifo(folder + "/fifo", 0o600) == 0)
    try FileManager.default.createDirectory(atPath: folder + "/folder", withIntermediateDirectories: false)
    for name in ["link", "fifo", "folder", "missing"] {
      #expect(SearchAnalysisStore(reading: folder + "/" + name, stamp: "v1") == nil, "\(name)")
    }
  }

  @Test func theSummaryAndTrailerAreChecked() throws {
    let bytes = Self.corpusStore(40)
    let store = try #require(SearchAnalysisStore(serialized: bytes, stamp: "v1"))
    let summaryStart = try #require(store.slotted.last).record.upperBound
    // The summary's tag, a byte of it, its check; the trailer's count, its check.
    for offset in [summaryStart, summaryStart + 40, bytes.count - 20, bytes.count - 9, bytes.count - 1] {
      var changed = bytes
      changed[offset] ^= 0x01
      #expect(SearchAnalysisStore(serialized: changed, stamp: "v1") == nil, "byte \(offset) changed")
    }
    #expect(SearchAnalysisStore(serialized: bytes + [0], stamp: "v1") == nil, "a byte after the end")
  }

  /// An entry changed in the file after the first pass read it is not used: its document is
  /// analysed again, a run that holds it is not copied (the next store is abandoned).
  @Test func anEntryChangedAfterTheFirstPassIsNotUsed() throws {
    let shelf = SearchIndexWriterTests.shelf
    let first = Self.files(shelf, options: Self.options)
    let path = try StoreFiles.write(first.store)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let store = try #require(SearchAnalysisStore(reading: path, stamp: "v1", window: 256))
    let entry = store.slotted[2]
    try StoreFiles.flip(path, at: entry.body.lowerBound + entry.body.count / 2)
    #expect(store.entry(at: 2) == nil)
    #expect(store.entry(at: 1) != nil)
    #expect(store.result(for: entry.digest, options: DocumentDigest.options(Self.options)) == nil)
    #expect(!store.records(0...(store.slotted.count - 1)) { _ in })
    let writer = SearchAnalysisStoreWriter(stamp: "v1") { _ in }
    writer.begin(options: 0)
    writer.addKept(from: store, entries: 0...3)
    #expect(writer.abandoned)

    let again = Self.files(shelf, options: Self.options, previous: store)
    #expect(again.reused == shelf.count - 1)
    #expect(again.files == first.files)
    #expect(again.store == first.store)
  }
}
