import Catalog
import Foundation
import TestSupport
import Testing

@testable import Covers

/// The memo of what each image file held: a build reads and hashes only the files whose stamp
/// changed since one read them, and a file written again is read again however its time is set.
@Suite struct CoverFileMemoTests {
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
}
