import BookRecord
import Catalog
import Fetching
import Foundation
import Support
import TestSupport
import Testing

@testable import Covers

/// The covers' memo: a build reads and hashes only the image files whose stamp changed since one
/// read them (a file written again is read again however its time is set), takes a source's
/// cached image whose entry is unchanged without reading it, and uses a processed cover as the
/// memo knows it while its folder in the store is unchanged; what it gives is what reading
/// everything again gives, and a cover whose files vanished is made again.
@Suite struct CoverMemoTests {
  /// A site whose one book's cover is `covers/dune.jpg`, holding `bytes`.
  private func site(_ bytes: [UInt8]) throws -> String {
    let root = TestSupport.makeTemporaryDirectory("bookgen-cover-memo")
    try FileManager.default.createDirectory(atPath: root + "/covers", withIntermediateDirectories: true)
    try Data(bytes).write(to: URL(fileURLWithPath: root + "/covers/dune.jpg"))
    let yaml = """
      site:
        title: T
      collections: [{title: A}]
      cache:
        dir: cache
      books:
        "9780441013593":
          overrides:
            cover: covers/dune.jpg

      """
    try yaml.write(toFile: root + "/catalog.yml", atomically: true, encoding: .utf8)
    return root
  }

  private func load(_ root: String) throws -> Catalog {
    try CatalogLoader.load(path: root + "/catalog.yml", shownAs: "catalog.yml")
  }

  private func run(_ catalog: Catalog) -> CoverStage.Result {
    CoverStage(catalog: catalog, widths: [160]).run(records: [])
  }

  @Test func aFileWhoseStampIsRememberedIsNotReadAgain() throws {
    let root = try site(FakeImageServer.fixture("baseline.jpg"))
    defer { TestSupport.removeTemporaryDirectory(root) }
    let catalog = try load(root)
    let first = run(catalog)
    #expect(first.decoded == 1)
    let cover = try #require(first.covers.covers["file:covers/dune.jpg"])

    // New bytes, but a catalog loaded before they were written: its stamp is the memo's, so
    // the stage takes the file for what it held then, without reading it.
    try Data(FakeImageServer.fixture("progressive.jpg")).write(
      to: URL(fileURLWithPath: root + "/covers/dune.jpg"))
    let trusted = run(catalog)
    #expect(trusted.decoded == 0)
    #expect(trusted.covers.covers["file:covers/dune.jpg"] == cover)

    let reloaded = run(try load(root))
    #expect(reloaded.decoded == 1)
    #expect(reloaded.covers.covers["file:covers/dune.jpg"]?.name != cover.name)
    #expect(run(try load(root)).decoded == 0)
  }

  @Test func aFileWrittenAgainWithItsSizeAndTimeKeptIsReadAgain() throws {
    var bytes = FakeImageServer.fixture("baseline.jpg")
    let root = try site(bytes)
    defer { TestSupport.removeTemporaryDirectory(root) }
    let path = root + "/covers/dune.jpg"
    let first = run(try load(root))
    let cover = try #require(first.covers.covers["file:covers/dune.jpg"])
    let time = try #require(
      try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)

    // The last byte of the JPEG's end marker changed in place, and the file's time set back.
    bytes[bytes.count - 1] ^= 0xFF
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.seek(toOffset: UInt64(bytes.count - 1))
    try handle.write(contentsOf: [bytes[bytes.count - 1]])
    try handle.close()
    try FileManager.default.setAttributes([.modificationDate: time], ofItemAtPath: path)

    let again = run(try load(root))
    #expect(again.decoded == 1)
    #expect(again.covers.covers["file:covers/dune.jpg"]?.name != cover.name)
  }

  /// Where the store keeps the processed cover's entry line.
  private func entry(_ root: String, _ cover: LocalCover) -> String {
    "\(root)/cache/covers/\(cover.name.prefix(2))/\(cover.name).cover"
  }

  @Test func theMemoGivesWhatReadingTheStoreGives() throws {
    let root = try site(FakeImageServer.fixture("baseline.jpg"))
    defer { TestSupport.removeTemporaryDirectory(root) }
    let catalog = try load(root)
    let first = run(catalog)
    let cover = try #require(first.covers.covers["file:covers/dune.jpg"])
    let kept = try first.covers.files(cover)
    let files = kept.files.map {
      "\(kept.folder)/\(cover.fileName(width: $0.width, format: $0.format)) \($0.size) \($0.hash)"
    }
    #expect(files.count == 2)

    // The memo alone, then the store alone (no memo): the same cover and the same files.
    let digest = try #require(CoverStore.digest(ofName: cover.name))
    let memo = try #require(CoverMemo.load(root + "/cache/covers/memo").covers[digest])
    #expect(memo.entry == .processed(cover))
    for removesMemo in [false, true] {
      if removesMemo { try FileManager.default.removeItem(atPath: root + "/cache/covers/memo") }
      let again = run(catalog)
      #expect(again.decoded == 0)
      #expect(again.covers.covers["file:covers/dune.jpg"] == cover)
      let keptAgain = try again.covers.files(cover)
      #expect(
        keptAgain.files.map {
          "\(keptAgain.folder)/\(cover.fileName(width: $0.width, format: $0.format)) \($0.size) \($0.hash)"
        } == files)
    }
  }

  @Test func aMemoWrittenIsReadBackAsItWas() throws {
    let root = TestSupport.makeTemporaryDirectory("bookgen-cover-memo")
    defer { TestSupport.removeTemporaryDirectory(root) }
    let stamp = FileStamp(size: 12, modified: -5, changed: 1_733_480_000_123_456_789, inode: 77, device: 3)
    var memo = CoverMemo()
    memo.files["my covers/dune 1.jpg"] = CoverMemo.File(stamp: stamp, digest: 0xABC, length: 12)
    memo.sources[CoverMemo.key(url: "https://books.test/a cover.jpg?id=1&zoom=1")] = CoverMemo.Source(
      entry: "ab/abcd.entry",
      answer: CachedAnswers.Remembered(
        value: SourceImage(digest: .max, length: 3), stamp: stamp, pinned: true,
        fetchedAt: Date(timeIntervalSince1970: 1_733_480_000)))
    memo.covers[0x00aa_0000_0000_0001] = CoverStore.Kept(
      entry: .processed(
        LocalCover(
          name: "00aa000000000001", size: LocalCover.Size(width: 128, height: 190), color: "#102030",
          variants: [LocalCover.Size(width: 128, height: 190)])),
      sums: [[CoverStore.Kept.Sum(size: 900, hash: 1), CoverStore.Kept.Sum(size: 0, hash: 0)]])
    memo.covers[0x00bb_0000_0000_0002] = CoverStore.Kept(
      entry: .failed("the image is 1 × 1 pixels, too small"))
    memo.folders["00"] = stamp
    memo.entryFolders["ab"] = stamp
    try memo.write(to: root + "/memo")
    #expect(CoverMemo.load(root + "/memo") == memo)

    // A damaged line makes the whole memo none.
    var text = try String(contentsOfFile: root + "/memo", encoding: .utf8)
    text = text.replacingOccurrences(of: " 900 ", with: " 9x0 ")
    try text.write(toFile: root + "/memo", atomically: true, encoding: .utf8)
    #expect(CoverMemo.load(root + "/memo") == CoverMemo())

    // So does a cover's name that is not the content address's 16 lower-case digits, and a
    // memo of the earlier format (kept by URL).
    try memo.write(to: root + "/memo")
    let written = try String(contentsOfFile: root + "/memo", encoding: .utf8)
    for (from, to) in [
      ("cover 00aa000000000001 ", "cover 00AA000000000001 "), ("cover 00aa000000000001 ", "cover 00aa01 "),
      ("bookgen-cover-memo 3\n", "bookgen-cover-memo 2\n"),
    ] {
      #expect(written.contains(from))
      try written.replacingOccurrences(of: from, with: to).write(
        toFile: root + "/memo", atomically: true, encoding: .utf8)
      #expect(CoverMemo.load(root + "/memo") == CoverMemo())
    }
  }

  @Test func aProcessedCoverWhoseFilesVanishedIsMadeAgain() throws {
    let root = try site(FakeImageServer.fixture("baseline.jpg"))
    defer { TestSupport.removeTemporaryDirectory(root) }
    let catalog = try load(root)
    let first = run(catalog)
    let cover = try #require(first.covers.covers["file:covers/dune.jpg"])
    let kept = try first.covers.files(cover)
    let file = try #require(kept.files.first { $0.format == .webp })
    let webp = kept.folder + "/" + cover.fileName(width: file.width, format: file.format)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: webp))
    try FileManager.default.removeItem(atPath: webp)

    let again = run(catalog)
    #expect(again.decoded == 1)
    #expect(again.covers.covers["file:covers/dune.jpg"] == cover)
    #expect(try Data(contentsOf: URL(fileURLWithPath: webp)) == bytes)
    #expect(run(catalog).decoded == 0)
  }

  @Test func aDamagedEntryIsMadeAgainAndADamagedMemoIsNone() throws {
    let root = try site(FakeImageServer.fixture("baseline.jpg"))
    defer { TestSupport.removeTemporaryDirectory(root) }
    let catalog = try load(root)
    let cover = try #require(run(catalog).covers.covers["file:covers/dune.jpg"])

    // A damaged memo: the entries are read from the store, nothing is decoded.
    try "bookgen-cover-memo 2\ncover zz\n".write(
      toFile: root + "/cache/covers/memo", atomically: true, encoding: .utf8)
    #expect(run(catalog).decoded == 0)

    // A damaged entry, and no memo to stand in for it: made again.
    try FileManager.default.removeItem(atPath: root + "/cache/covers/memo")
    try "bookgen-cover 2 160 x\n".write(toFile: entry(root, cover), atomically: true, encoding: .utf8)
    let again = run(catalog)
    #expect(again.decoded == 1)
    #expect(again.covers.covers["file:covers/dune.jpg"] == cover)
  }

  /// A network that must not be used.
  struct NoNetwork: HTTPTransport {
    func get(_ url: String, timeout: Double) async throws(TransportError) -> TransportResponse {
      throw .cannotConnect
    }
  }

  @Test func aSourcesCachedImageIsTakenFromTheMemoWhileItsEntryIsUnchanged() async throws {
    let root = TestSupport.makeTemporaryDirectory("bookgen-cover-memo")
    defer { TestSupport.removeTemporaryDirectory(root) }
    let yaml = """
      site:
        title: T
        covers: local
      collections: [{title: A}]
      cache:
        dir: cache

      """
    try yaml.write(toFile: root + "/catalog.yml", atomically: true, encoding: .utf8)
    let catalog = try load(root)
    let url = "https://books.test/cover.jpg"
    var record = BookRecord(
      id: "vol1",
      source: SourceRecord(
        source: BookSource(id: "google-books", name: "Google Books"), id: "vol1"))
    record.covers = CoverLinks(all: url)
    let records = [CollectionRecords(slug: "a", records: [record])]
    let cache = ResponseCache(directory: catalog.cacheDirectory)
    let bytes = FakeImageServer.fixture("baseline.jpg")
    try cache.store(CoverRequest(url: url), body: bytes, status: 200, fetchedAt: Date())
    let stage = CoverStage(catalog: catalog, widths: [160])
    let transports = CoverTransports(openLibrary: NoNetwork(), other: NoNetwork())
    func build() async throws -> CoverStage.Result {
      let fetched = try await stage.fetch(
        records: records, options: FetchOptions(cacheDirectory: catalog.cacheDirectory, offline: true),
        spent: 0,
        transports: transports)
      return stage.run(records: records, fetched: fetched)
    }
    let first = try await build()
    let cover = try #require(first.covers.covers[url])
    #expect(first.decoded == 1)
    let memo = CoverMemo.load(root + "/cache/covers/memo")
    #expect(memo.sources[CoverMemo.key(url: url)]?.answer.value == SourceImage(bytes))
    #expect(memo.sources[CoverMemo.key(url: url)]?.entry == cache.relativePath(for: CoverRequest(url: url)))

    // The entry's body damaged, its size kept (a new file, as a fetch writes one): the memo's
    // stamp is no longer the file's, so it is read, and refused: the book has no cover.
    let path = cache.path(for: CoverRequest(url: url))
    #expect(try await build().covers.covers[url] == cover)

    // The entry's folder as the last build found it before looking at any entry: nothing was
    // written into it since, so the entry is taken without its own stamp being looked at (a
    // size changed in the memo alone is not noticed); a file added there, and it is.
    let memoPath = root + "/cache/covers/memo"
    let size = try #require(CoverMemo.load(memoPath).sources[CoverMemo.key(url: url)]).answer.stamp.size
    let remembered = try String(contentsOfFile: memoPath, encoding: .utf8)
    try remembered.replacingOccurrences(of: "\nsource \(size) ", with: "\nsource 7 ").write(
      toFile: memoPath, atomically: true, encoding: .utf8)
    #expect(try await build().covers.covers[url] == cover)
    #expect(CoverMemo.load(memoPath).sources[CoverMemo.key(url: url)]?.answer.stamp.size == 7)
    FileManager.default.createFile(
      atPath: (path as NSString).deletingLastPathComponent + "/new", contents: nil)
    #expect(try await build().covers.covers[url] == cover)
    #expect(CoverMemo.load(memoPath).sources[CoverMemo.key(url: url)]?.answer.stamp.size == size)

    // The memo's word for the entry is taken without reading it: a digest changed in the memo
    // alone names another cover, which is then made.
    let digest = HexText.lowercase(SourceImage(bytes).digest)
    let text = try String(contentsOfFile: memoPath, encoding: .utf8)
    try text.replacingOccurrences(of: " \(digest) ", with: " 0123456789abcdef ").write(
      toFile: memoPath, atomically: true, encoding: .utf8)
    let trusted = try await build()
    #expect(trusted.decoded == 1)
    #expect(trusted.covers.covers[url].map(\.name) != cover.name)
    try FileManager.default.removeItem(atPath: memoPath)
    #expect(try await build().covers.covers[url] == cover)

    var file = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    file[file.count - 1] ^= 0xFF
    try Data(file).write(to: URL(fileURLWithPath: path), options: .atomic)
    let damaged = try await build()
    #expect(damaged.covers.covers[url] == nil)
    #expect(CoverMemo.load(root + "/cache/covers/memo").sources.isEmpty)
  }
}
