import Foundation
import Support
import Testing

@testable import Site

@Suite struct OutputManifestTests {
  @Test func manifestRoundTripsSortedByPath() {
    let manifest = OutputManifest(
      tree: "12-3.4", replaces: "11-2.5", fingerprint: "00ff",
      entries: [
        "index.html": .init(hash: 0xABC, size: 12),
        "books/三體 x/index.html": .init(hash: 1, size: 0),
        "assets/style.css": .init(hash: .max, size: 9_999_999),
      ])
    let text = String(decoding: manifest.serialized(), as: UTF8.self)
    #expect(
      text == """
        bookgen-output 3
        tree 12-3.4
        replaces 11-2.5
        fingerprint 00ff
        ffffffffffffffff 9999999 assets/style.css
        0000000000000001 0 books/三體 x/index.html
        0000000000000abc 12 index.html
        end 3

        """)
    #expect(OutputManifest.parse(manifest.serialized()) == manifest)
    #expect(OutputManifest.parse(OutputManifest(tree: "1").serialized()) == OutputManifest(tree: "1"))
  }

  /// Paths sort by their UTF-8 bytes, whatever Swift's own string order says: a prefix first,
  /// ASCII before other scripts.
  @Test func pathsSortByTheirBytes() {
    let paths = [
      "", "a", "a/b", "a-b", "z", "é", "e\u{301}", "books/三體/index.html", "books/三体/index.html",
      "books/a-very-long-slug-of-a-book-id123/index.html", "books/a-very-long-slug-of-a-book-id12/index.html",
    ]
    var manifest = OutputManifest(tree: "1")
    for path in paths { manifest.entries[path] = OutputManifest.Entry(hash: 0, size: 0) }
    let lines = String(decoding: manifest.serialized(), as: UTF8.self).split(separator: "\n")
    let listed = lines.filter { $0.hasPrefix("0000000000000000 0 ") }.map { String($0.dropFirst(19)) }
    #expect(listed == manifest.entries.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
  }

  /// Paths alike in their first 8 or 16 bytes, or ending within them, sort by all their bytes.
  @Test func pathsAlikeInTheirFirstBytesSortByAllOfThem() {
    let stems = [
      "books/a", "books/ab", "books/abcdefghij", "books/abcdefghijk", "books/abcdefghijkl",
      "books/abcdefghijkz", "books/abcdefghijka", "books/abcdefg", "books/abcdefgh", "books/abcdefgi",
      "books/abcdefghi", "index.html", "i", "books/é", "books/e", "bookz",
    ]
    var entries: [String: OutputManifest.Entry] = [:]
    for (index, stem) in stems.enumerated() {
      entries[stem] = .init(hash: UInt64(index), size: index)
      entries[stem + "/index.html"] = .init(hash: UInt64(index), size: index + 100)
    }
    let sorted = OutputManifest.sortedByPath(entries)
    #expect(sorted.map(\.path) == entries.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    #expect(sorted.allSatisfy { entries[$0.path] == $0.entry })
  }

  @Test func theBaseURLTheOutputWasBuiltForIsRecorded() throws {
    let root = try Fixtures.temporaryDirectory() + "/public"
    defer { try? FileManager.default.removeItem(atPath: (root as NSString).deletingLastPathComponent) }
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    let manifest = OutputManifest(
      tree: try #require(TreeIdentity.key(of: root)), fingerprint: "00ff",
      baseURL: "https://preview.example.org/pr-7/", entries: ["index.html": .init(hash: 1, size: 8)])
    let text = String(decoding: manifest.serialized(), as: UTF8.self)
    #expect(
      text == """
        bookgen-output 3
        tree \(manifest.tree)
        replaces -
        fingerprint 00ff
        base-url https://preview.example.org/pr-7/
        0000000000000001 8 index.html
        end 1

        """)
    #expect(OutputManifest.parse(manifest.serialized()) == manifest)

    try "<p>1</p>".write(toFile: root + "/index.html", atomically: true, encoding: .utf8)
    let folder = try OutputFolder(path: root)
    try Data(manifest.serialized()).write(to: URL(fileURLWithPath: folder.manifest))
    #expect(
      OutputManifest.verify(manifest: folder.manifest, folder: root, tree: manifest.tree, fingerprint: "00ff")
        == .init(files: 1, bytes: 8, pages: 1))
    #expect(SiteBuilder.builtBaseURL(outputDirectory: root) == "https://preview.example.org/pr-7/")
    #expect(SiteBuilder.builtBaseURL(outputDirectory: root + "/missing") == nil)
  }

  @Test(arguments: [
    "", "bookgen-output 3\n", "bookgen-output 3\ntree 1\nreplaces -\n",
    "bookgen-output 3\ntree -\nreplaces -\nfingerprint -\nend 0\n",
    "bookgen-output 3\ntree 1\nreplaces -\nfingerprint -\nbase-url \nend 0\n",
    "bookgen-output 3\ntree 1\nreplaces -\nfingerprint -\n0000000000000abc 12 index.html\n",
    "bookgen-output 3\ntree 1\nreplaces -\nfingerprint -\n0000000000000abc 12 index.html\nend 2\n",
    "bookgen-output 3\ntree 1\nreplaces -\nfingerprint -\n0abc 12 index.html\nend 1\n",
    "bookgen-output 3\ntree 1\nreplaces -\nfingerprint -\n0000000000000abc 12 \nend 1\n",
    "bookgen-output 3\ntree 1\nreplaces -\nfingerprint -\nend 0\nmore\n",
    // Older formats are not read: the next build writes every file.
    "bookgen-output 2\nfingerprint -\n0000000000000abc 12 - index.html\nend 1\n",
  ])
  func truncatedOrForeignManifestsAreNotTrusted(text: String) {
    #expect(OutputManifest.parse(Array(text.utf8)) == nil)
  }

  /// Whose a folder is is read from the header and the last line alone; a manifest cut short
  /// (no `end` line, or no final newline) names no folder.
  @Test func theHeaderIsReadWithoutTheEntries() {
    func header(_ text: String) -> OutputManifest.Header? {
      Array(text.utf8).withUnsafeBufferPointer { OutputManifest.scan($0, skippingEntries: true) { _, _ in } }
    }
    let whole =
      "bookgen-output 3\ntree 7-1.2\nreplaces 6-1.1\nfingerprint -\n0000000000000abc 12 index.html\nend 1\n"
    let read = header(whole)
    #expect(
      read?.tree == "7-1.2" && read?.replaces == "6-1.1" && read?.fingerprint == nil && read?.count == 1)
    #expect(header("bookgen-output 3\ntree 7-1.2\nreplaces -\nfingerprint -\nend 0\n")?.count == 0)
    #expect(header(String(whole.dropLast())) == nil)
    #expect(
      header("bookgen-output 3\ntree 7-1.2\nreplaces -\nfingerprint -\n0000000000000abc 12 index.html\n")
        == nil)
    #expect(header("bookgen-output 3\ntree 7-1.2\nreplaces -\n") == nil)
  }

  @Test func aManifestListingAPathTwiceIsNotTrusted() {
    let twice =
      "bookgen-output 3\ntree 1\nreplaces -\nfingerprint -\n0000000000000abc 12 a\n0000000000000abd 13 a\nend 2\n"
    #expect(OutputManifest.parse(Array(twice.utf8)) == nil)
  }

  @Test func verifyChecksTreeFingerprintAndEveryFileSize() throws {
    let root = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    try FileManager.default.createDirectory(atPath: root + "/books/x", withIntermediateDirectories: true)
    try "<p>1</p>".write(toFile: root + "/index.html", atomically: true, encoding: .utf8)
    try "abc".write(toFile: root + "/books/x/style.css", atomically: true, encoding: .utf8)
    let manifest = OutputManifest(
      tree: "7-1.2", fingerprint: "f1",
      entries: ["index.html": .init(hash: 1, size: 8), "books/x/style.css": .init(hash: 2, size: 3)])
    let file = root + "-manifest"
    defer { try? FileManager.default.removeItem(atPath: file) }
    try Data(manifest.serialized()).write(to: URL(fileURLWithPath: file))
    #expect(
      OutputManifest.verify(manifest: file, folder: root, tree: "7-1.2", fingerprint: "f1")
        == .init(files: 2, bytes: 11, pages: 1))
    #expect(OutputManifest.verify(manifest: file, folder: root, tree: "7-1.2", fingerprint: "f2") == nil)
    #expect(OutputManifest.verify(manifest: file, folder: root, tree: "8-1.2", fingerprint: "f1") == nil)
    #expect(manifest.describesExactly(root))
    try "abcd".write(toFile: root + "/books/x/style.css", atomically: true, encoding: .utf8)
    #expect(OutputManifest.verify(manifest: file, folder: root, tree: "7-1.2", fingerprint: "f1") == nil)
    #expect(!manifest.describesExactly(root))
  }
}
