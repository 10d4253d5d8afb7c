import Foundation
import Support
import Testing

@testable import SearchIndex

/// A rebuild that patches the last build's index (`IndexPatch`) gives the files, and keeps the
/// store, a build from nothing gives; and it makes only the files the change touches.
@Suite struct IndexPatchTests {
  /// One build's result: its files by path, the store it kept, and what the build made (files
  /// handed over), reused (files placed from the last build unread) and analysed again.
  private struct Build {
    var files: [String: [UInt8]] = [:]
    var store: [UInt8] = []
    var made: Set<String> = []
    var reused: Set<String> = []
    var reanalysed = 0
    /// Whether the store was given up (a kept run no longer read back).
    var abandoned = false
  }

  private final class Sink: @unchecked Sendable {
    var bytes: [UInt8] = []
  }

  private static var options: SearchIndexOptions {
    var options = SearchIndexOptions()
    options.facets = [
      SearchFacet(id: "year", label: "Year"), SearchFacet(id: "collection", label: "Collection"),
    ]
    options.thumbnailTemplate = "https://books.google.com/books/content?id={id}&img=1"
    return options
  }

  /// Builds `documents`, from `last`'s files and store (or `previous`, read from its file) when
  /// given, from nothing when not.
  private static func build(
    _ documents: [SearchDocument], after last: Build? = nil, previous store: SearchAnalysisStore? = nil
  ) -> Build {
    var build = Build()
    let sink = Sink()
    let kept = SearchAnalysisStoreWriter(stamp: "v1") { sink.bytes += $0 }
    let previous =
      store ?? last.flatMap { SearchAnalysisStore(serialized: $0.store, stamp: "v1") }
      ?? SearchAnalysisStore()
    let previousFiles = last.map { last in
      PreviousFiles<Never>(
        read: { last.files[$0] },
        reuse: { path, hash in
          guard let bytes = last.files[path], XXH64.hash(bytes) == hash else { return false }
          build.files[path] = bytes
          build.reused.insert(path)
          return true
        })
    }
    SearchIndexWriter.write(
      ids: documents.map(\.id), options: options, previous: previous, keeping: kept,
      previousFiles: previousFiles, document: { documents[$0] },
      emit: { file in
        build.files[file.path] = file.bytes
        build.made.insert(file.path)
      })
    build.store = sink.bytes
    build.reanalysed = documents.count - kept.reused
    build.abandoned = kept.abandoned
    return build
  }

  /// The rebuild's files and kept store are a fresh build's, byte for byte.
  private static func expectSame(_ rebuilt: Build, as fresh: Build, _ name: String) {
    #expect(rebuilt.files.keys.sorted() == fresh.files.keys.sorted(), "\(name)")
    for (path, bytes) in fresh.files where rebuilt.files[path] != bytes {
      Issue.record("\(name): \(path) differs from a fresh build's")
    }
    #expect(rebuilt.store == fresh.store, "\(name): the store")
  }

  private static func corpus() -> [SearchDocument] {
    SearchIndexWriterTests.corpus(1_200).enumerated().map { number, document in
      var document = document
      document.facets = [
        "year": ["\(1990 + number % 20)"], "collection": number % 3 == 0 ? ["sea", "sky"] : ["sea"],
      ]
      return document
    }
  }

  /// Each kind of change, made one after another, each rebuild patched from the last.
  @Test func aPatchedIndexIsTheIndexOfAFreshBuild() throws {
    var documents = Self.corpus()
    var last = Self.build(documents)
    #expect(try #require(SearchAnalysisStore(serialized: last.store, stamp: "v1")).summary != nil)
    let changes: [(String, (inout [SearchDocument]) -> Void, patched: Bool)] = [
      ("nothing", { _ in }, true),
      (
        "a description",
        { $0[40].fields[$0[40].fields.count - 2].text = "A lighthouse keeper's winter log." }, true
      ),
      ("a note", { $0[41].fields[$0[41].fields.count - 1].text = "Read twice, in 2003 and 2019." }, true),
      (
        "a title and its record",
        {
          $0[42].fields[0].text = "Zebra"
          $0[42].display.title = "Zebra"
        }, true
      ),
      ("a CJK note", { $0[43].fields[$0[43].fields.count - 1].text = "文化大革命" }, true),
      ("a facet value another book has", { $0[44].facets["year"] = ["1995"] }, true),
      (
        "a book added",
        { $0.append(SearchIndexWriterTests.book("added01", title: "Kindred", description: "Dana.")) }, true
      ),
      ("a book removed", { $0.remove(at: 7) }, true),
      (
        "a word only one book had, gone", { $0[10].fields[$0[10].fields.count - 2].text = "river garden" },
        true
      ),
      (
        "two books changed",
        {
          $0[3].fields[$0[3].fields.count - 2].text = "harbor"
          $0[900].fields[$0[900].fields.count - 2].text = "archive signal"
        }, true
      ),
      ("a facet value no book had", { $0[45].facets["year"] = ["1850"] }, false),
      (
        "many books changed",
        { for index in 0..<200 { $0[index].fields[$0[index].fields.count - 2].text = "sequel \(index)" } },
        false
      ),
    ]
    for (name, change, patched) in changes {
      change(&documents)
      let rebuilt = Self.build(documents, after: last)
      let fresh = Self.build(documents)
      Self.expectSame(rebuilt, as: fresh, name)
      if patched {
        // Reused unread: every file but the few the change touches and the manifest.
        #expect(rebuilt.reused.count >= fresh.files.count - 24, "\(name): reused \(rebuilt.reused.count)")
        #expect(rebuilt.made.count <= 24, "\(name): made \(rebuilt.made.count)")
        #expect(rebuilt.reanalysed <= 2, "\(name)")
      } else {
        #expect(rebuilt.reused.isEmpty, "\(name)")
      }
      last = rebuilt
    }
  }

  /// A facet value spelled two ways is one value (canonically equivalent Strings), shown as the
  /// first document in slot order spells it. Which document that is, a patch cannot tell: the
  /// second spelling coming, or either spelling's documents changing while both are there,
  /// makes the index afresh. Whichever of the two books comes first in slot order, one of the
  /// first two changes would otherwise keep the wrong spelling.
  @Test func aFacetValueSpelledTwoWaysIsMadeAfresh() throws {
    var documents = Self.corpus()
    documents[5].facets["collection"] = ["caf\u{E9}"]
    var last = Self.build(documents)
    let changes: [(String, (inout [SearchDocument]) -> Void, patched: Bool)] = [
      ("the other spelling comes", { $0[6].facets["collection"] = ["cafe\u{301}"] }, false),
      ("the first spelling goes", { $0[5].facets["collection"] = ["sea"] }, false),
      ("one spelling again, patched", { $0[7].facets["collection"] = ["cafe\u{301}"] }, true),
    ]
    for (name, change, patched) in changes {
      change(&documents)
      let rebuilt = Self.build(documents, after: last)
      let fresh = Self.build(documents)
      Self.expectSame(rebuilt, as: fresh, name)
      #expect(rebuilt.reused.isEmpty == !patched, "\(name)")
      last = rebuilt
    }
  }

  /// A last build's file that is not what its store says (edited, gone) is never patched: the
  /// index is made afresh, the same as ever.
  @Test func aLastFileThatIsNotTheStoresIsNotPatched() throws {
    var documents = Self.corpus()
    var last = Self.build(documents)
    for path in last.files.keys where path.hasPrefix("search/t/") { last.files[path]?.append(0) }
    documents[40].fields[documents[40].fields.count - 2].text = "A lighthouse keeper's winter log."
    let rebuilt = Self.build(documents, after: last)
    let fresh = Self.build(documents)
    #expect(rebuilt.files == fresh.files)
    #expect(rebuilt.store == fresh.store)
    #expect(rebuilt.reused.isEmpty)
  }

  /// The last store's file changed after it was read (another build writing it, a disk's
  /// fault): an old analysis that no longer reads back refuses the patch, a run of kept entries
  /// that does not abandons the next store; either way the index is a fresh build's.
  @Test func aStoreChangedAfterItWasReadIsNotTrusted() throws {
    var documents = Self.corpus()
    let last = Self.build(documents)
    documents[40].fields[documents[40].fields.count - 2].text = "A lighthouse keeper's winter log."
    let fresh = Self.build(documents)
    let digest = DocumentDigest(Self.corpus()[40])
    // The entry of the changed book (its old terms are needed), then one of a book in another
    // facet range (a kept run holds it, the patch reads nothing else of it).
    for patched in [false, true] {
      let path = try StoreFiles.write(last.store)
      defer { try? FileManager.default.removeItem(atPath: path) }
      let store = try #require(SearchAnalysisStore(reading: path, stamp: "v1", window: 4096))
      let changed = try #require(store.slotted.first { $0.digest == digest })
      let rangeBits = try #require(store.summary).rangeBits
      let entry = try #require(
        patched ? store.slotted.first { $0.slot >> rangeBits != changed.slot >> rangeBits } : changed)
      try StoreFiles.flip(path, at: entry.body.lowerBound + 5)
      let rebuilt = Self.build(documents, after: last, previous: store)
      #expect(rebuilt.files == fresh.files, "patched: \(patched)")
      #expect(rebuilt.reused.isEmpty == !patched, "patched: \(patched)")
      #expect(rebuilt.abandoned == patched)
      if patched {
        #expect(SearchAnalysisStore(serialized: rebuilt.store, stamp: "v1") == nil)
      } else {
        #expect(rebuilt.store == fresh.store)
      }
    }
  }
}
