import Catalog
import Foundation
import GoogleBooks
import Testing

@testable import Site

/// Incremental, all-or-nothing output: what a rebuild writes, links, keeps and removes.
@Suite struct OutputUpdateTests {
  private static func volumes(_ count: Int, describing changed: Int? = nil) -> [Volume] {
    (0..<count).map { index in
      Fixtures.volume(
        "id\(index)", title: "Book \(index)", authors: ["Author \(index % 3)"], date: "20\(10 + index % 9)",
        description: index == changed ? "A new description." : "About book \(index).")
    }
  }

  private func builder(_ output: String, _ volumes: [Volume], fingerprint: String? = nil) -> SiteBuilder {
    SiteBuilder(
      catalog: Fixtures.catalog([Fixtures.collection("shelf")], perPage: 4),
      collections: [SiteInput.Collection(slug: "shelf", volumes: volumes)],
      options: BuildOptions(
        jobs: 2, outputDirectory: output, workingDirectory: NSTemporaryDirectory(),
        fingerprint: fingerprint.map { BuildFingerprint(value: $0) }))
  }

  /// Builds `volumes` into `root/public`.
  private func buildOnce(_ root: String, _ volumes: [Volume]) async throws -> String {
    let output = root + "/public"
    _ = try await builder(output, volumes).build()
    return output
  }

  /// Expects `folder` to hold exactly the files (and manifest entries) a fresh build of
  /// `volumes` writes.
  private func expectSameAsFreshBuild(_ folder: String, _ volumes: [Volume], root: String) async throws {
    let fresh = root + "/fresh-" + UUID().uuidString
    _ = try await builder(fresh, volumes).build()
    Fixtures.expectSameFiles(folder, as: fresh)
    let ours = try #require(Fixtures.manifest(of: folder))
    #expect(ours.entries == Fixtures.manifest(of: fresh)?.entries)
  }

  @Test func identicalRebuildsRewriteNothing() async throws {
    let root = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let output = root + "/public"
    let first = try await builder(output, Self.volumes(9)).build()
    #expect(first.filesWritten == first.files)
    let site = Fixtures.fileIdentities(in: output)
    for _ in 0..<2 {
      let again = try await builder(output, Self.volumes(9)).build()
      #expect(again.filesWritten == 0)
      #expect(again.bytesWritten == 0)
      #expect(again.files == first.files && again.bytes == first.bytes)
      #expect(Fixtures.fileIdentities(in: output) == site)
    }
    // Nothing beside the output but its manifest: the staging folder is gone after the swap.
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: root).sorted() == [
        ".public.bookgen-manifest", "public",
      ])
  }

  @Test func oneChangedBookRewritesOnlyItsPage() async throws {
    let root = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let output = try await buildOnce(root, Self.volumes(9))
    let before = Fixtures.fileIdentities(in: output)
    let report = try await builder(output, Self.volumes(9, describing: 4)).build()
    // Its page, the feeds whose entries carry the description as a summary, and in the search
    // index its document, the chunk of its description's words and the manifest.
    #expect(report.filesWritten == 8)
    let after = Fixtures.fileIdentities(in: output)
    let changed = after.keys.filter { after[$0] != before[$0] }.sorted()
    #expect(
      changed.filter { !$0.hasPrefix("search/t/") } == [
        "books/book-4-id4/index.html", "feed.xml", "opds/books/index.xml",
        "opds/collections/shelf/index.xml", "search/d/0.json", "search/index.json", "shelf/feed.xml",
      ])
    // The one chunk of the index holding the description's words, under a new name.
    #expect(changed.filter { $0.hasPrefix("search/t/") }.count == 1)
    let page = try String(contentsOfFile: output + "/books/book-4-id4/index.html", encoding: .utf8)
    #expect(page.contains("A new description."))

    // Changing it back writes those files again, as new files (a new mtime tells sync tools).
    let reverted = try await builder(output, Self.volumes(9)).build()
    #expect(reverted.filesWritten == 8)
    let again = try #require(Fixtures.fileIdentities(in: output)["books/book-4-id4/index.html"])
    #expect(again != after["books/book-4-id4/index.html"])
    try await expectSameAsFreshBuild(output, Self.volumes(9), root: root)
  }

  /// A file of the output changed by hand after a build is not trusted to hold what the
  /// manifest says once its folder was replaced: an output removed and rebuilt, or a manifest
  /// naming another folder, writes every file.
  @Test func anOutputTheManifestDoesNotDescribeIsWrittenWhole() async throws {
    let root = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let output = try await buildOnce(root, Self.volumes(9))
    try FileManager.default.removeItem(atPath: output)
    let report = try await builder(output, Self.volumes(9)).build()
    #expect(report.filesWritten == report.files)
    try await expectSameAsFreshBuild(output, Self.volumes(9), root: root)
  }

  /// An output an older bookgen wrote (its manifests kept in `.NAME.bookgen-manifests/`,
  /// beside a twin and state files) is still ours: the next build replaces it whole, without
  /// `force`, and removes what that bookgen kept beside it.
  @Test func anOutputOfAnOlderBookgenIsRebuilt() async throws {
    let root = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let output = try await buildOnce(root, Self.volumes(9))
    try FileManager.default.removeItem(atPath: root + "/.public.bookgen-manifest")
    try FileManager.default.createDirectory(
      atPath: root + "/.public.bookgen-manifests", withIntermediateDirectories: true)
    try "bookgen-output 2\nfingerprint -\n0000000000000abc 12 - index.html\nend 1\n".write(
      toFile: root + "/.public.bookgen-manifests/" + (try #require(TreeIdentity.key(of: output))),
      atomically: true, encoding: .utf8)
    try FileManager.default.createDirectory(
      atPath: root + "/.public.bookgen-next/books", withIntermediateDirectories: true)
    try "old".write(toFile: root + "/.public.bookgen-volumes", atomically: true, encoding: .utf8)
    let report = try await builder(output, Self.volumes(9)).build()
    #expect(report.filesWritten == report.files)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: root).sorted() == [
        ".public.bookgen-manifest", "public",
      ])
    try await expectSameAsFreshBuild(output, Self.volumes(9), root: root)
  }

  @Test func staleFilesAndEmptiedFoldersAreRemoved() async throws {
    let root = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let output = try await buildOnce(root, Self.volumes(9))
    let shrunk = try await builder(output, Self.volumes(3)).build()
    #expect(shrunk.filesRemoved > 0)
    #expect(!FileManager.default.fileExists(atPath: output + "/books/book-8-id8"))
    try await expectSameAsFreshBuild(output, Self.volumes(3), root: root)
  }

  @Test func interruptedBuildLeavesTheOutputIntactAndTheNextBuildRecovers() async throws {
    let root = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let output = try await buildOnce(root, Self.volumes(9))
    let before = Fixtures.fileIdentities(in: output)
    let manifest = Fixtures.manifest(of: output)

    var interrupted = builder(output, Self.volumes(12, describing: 2))
    interrupted.beforePlacing = { path throws(SiteError) in
      if path == "books/book-1-id1/index.html" {
        throw .io(operation: "write", path: path, reason: "interrupted")
      }
    }
    await #expect(
      throws: SiteError.io(operation: "write", path: "books/book-1-id1/index.html", reason: "interrupted")
    ) {
      try await interrupted.build()
    }
    #expect(Fixtures.fileIdentities(in: output) == before)
    #expect(Fixtures.manifest(of: output) == manifest)
    // As a build killed mid-way leaves it: a half-written staging folder.
    try FileManager.default.createDirectory(
      atPath: root + "/.public.bookgen-staging/books", withIntermediateDirectories: true)
    try "half".write(toFile: root + "/.public.bookgen-staging/index.html", atomically: true, encoding: .utf8)

    let recovered = try await builder(output, Self.volumes(12, describing: 2)).build()
    #expect(recovered.filesWritten > 0 && recovered.files == Fixtures.files(in: output).count)
    try await expectSameAsFreshBuild(output, Self.volumes(12, describing: 2), root: root)
    #expect(!FileManager.default.fileExists(atPath: root + "/.public.bookgen-staging"))
  }

  /// A build stopped after it recorded the new manifest but before the swap leaves the old
  /// output, which the manifest names as the folder it replaces: still bookgen's.
  @Test func anOutputTheManifestReplacesIsStillOurs() async throws {
    let root = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let output = try await buildOnce(root, Self.volumes(3))
    let folder = try OutputFolder(path: output)
    var manifest = try #require(Fixtures.manifest(of: output))
    manifest.replaces = manifest.tree
    manifest.tree = "1-1.1"
    try Data(manifest.serialized()).write(to: URL(fileURLWithPath: folder.manifest))
    #expect(folder.isOurs(output))
    #expect(folder.currentManifest() == nil)
    let report = try await builder(output, Self.volumes(3)).build()
    #expect(report.filesWritten == report.files)
  }

  @Test func matchingFingerprintSkipsTheBuild() async throws {
    let root = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let output = root + "/public"
    let options = { (fingerprint: String) in
      BuildOptions(
        outputDirectory: output, workingDirectory: NSTemporaryDirectory(),
        fingerprint: BuildFingerprint(value: fingerprint))
    }
    #expect(!SiteBuilder.isUpToDate(options: options("aaaa")))
    let first = try await builder(output, Self.volumes(5), fingerprint: "aaaa").build()
    #expect(!first.upToDate)
    #expect(SiteBuilder.isUpToDate(options: options("aaaa")))
    #expect(!SiteBuilder.isUpToDate(options: options("bbbb")))
    #expect(
      !SiteBuilder.isUpToDate(
        options: BuildOptions(outputDirectory: output, workingDirectory: NSTemporaryDirectory())))

    let before = Fixtures.fileIdentities(in: output)
    // Different volumes, same fingerprint: the shortcut trusts the fingerprint and renders nothing.
    let skipped = try await builder(output, Self.volumes(7), fingerprint: "aaaa").build()
    #expect(skipped.upToDate)
    #expect(skipped.filesWritten == 0 && skipped.files == first.files && skipped.bytes == first.bytes)
    #expect(Fixtures.fileIdentities(in: output) == before)

    // A damaged output is rebuilt even with the same fingerprint.
    try FileManager.default.removeItem(atPath: output + "/404.html")
    #expect(!SiteBuilder.isUpToDate(options: options("aaaa")))
    let repaired = try await builder(output, Self.volumes(5), fingerprint: "aaaa").build()
    #expect(!repaired.upToDate && repaired.filesWritten == 1)
    #expect(FileManager.default.fileExists(atPath: output + "/404.html"))
  }

  @Test func fingerprintCoversCatalogThemeOptionsVersionAndInputs() throws {
    let root = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let templates = root + "/templates"
    try FileManager.default.createDirectory(atPath: templates, withIntermediateDirectories: true)
    try "<p>{{site.title}}</p>".write(toFile: templates + "/home.mustache", atomically: true, encoding: .utf8)
    func fingerprint(
      catalog: String = "site: {}", baseURL: String? = nil, version: String = "1.0",
      inputs: [String] = ["a:1"]
    ) throws -> String {
      try BuildFingerprint(
        catalogFile: Array(catalog.utf8),
        options: BuildOptions(
          baseURL: baseURL, templatesDirectory: templates, outputDirectory: "x",
          workingDirectory: NSTemporaryDirectory()),
        toolVersion: version, inputs: inputs
      ).value
    }
    let base = try fingerprint()
    #expect(base.count == 32)
    #expect(try fingerprint() == base)
    #expect(
      try BuildFingerprint(
        catalogFile: Array("site: {}".utf8),
        options: BuildOptions(
          templatesDirectory: templates, jobs: 7, outputDirectory: "elsewhere",
          workingDirectory: NSTemporaryDirectory(), force: true),
        toolVersion: "1.0", inputs: ["a:1"]
      ).value == base)
    let variants = [
      try fingerprint(catalog: "site: {} "), try fingerprint(baseURL: "https://x.org/"),
      try fingerprint(version: "1.1"), try fingerprint(inputs: ["a:2"]),
      try fingerprint(inputs: ["a:1", ""]),
    ]
    #expect(Set(variants + [base]).count == variants.count + 1)
    try "<p>{{site.title}}!</p>".write(
      toFile: templates + "/home.mustache", atomically: true, encoding: .utf8)
    #expect(try fingerprint() != base)
  }
}
