import Catalog
import Foundation
import Testing

@testable import Site

/// What sits in the deployed folder and next to it: the site alone in `public/`; the manifest
/// beside it, so a deploy cannot upload it by accident.
@Suite struct OutputLayoutTests {
  private func builder(_ output: String, volumes: Int = 3, force: Bool = false) -> SiteBuilder {
    SiteBuilder(
      catalog: Fixtures.catalog([Fixtures.collection("shelf")], perPage: 2),
      collections: [
        SiteInput.Collection(
          slug: "shelf", volumes: (0..<volumes).map { Fixtures.volume("id\($0)", title: "Book \($0)") })
      ],
      options: BuildOptions(
        jobs: 2, outputDirectory: output, workingDirectory: NSTemporaryDirectory(), force: force))
  }

  /// Every file and folder below `root`, hidden ones included.
  private func everything(in root: String) -> [String] {
    (FileManager.default.subpaths(atPath: root) ?? []).sorted()
  }

  private func write(_ text: String, to path: String) throws {
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

  @Test func theDeployedFolderHoldsTheSiteAndNothingOfBookgens() async throws {
    let root = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let output = root + "/public"
    _ = try await builder(output).build()
    _ = try await builder(output, volumes: 4).build()
    let hidden = everything(in: output).filter { $0.split(separator: "/").contains { $0.hasPrefix(".") } }
    #expect(hidden == [".nojekyll"])
    #expect(everything(in: root).filter { !$0.hasPrefix("public") } == [".public.bookgen-manifest"])
  }

  /// An output an older bookgen wrote carries its manifest inside (`.bookgen-output`): it is still
  /// recognised, rebuilt in full once, and the new output no longer holds the manifest.
  @Test func anOutputInTheOlderLayoutIsRebuiltOnce() async throws {
    let root = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let output = root + "/public"
    try write(
      "bookgen-output 2\nfingerprint -\n0000000000000abc 6 - index.html\nend 1\n",
      to: output + "/.bookgen-output")
    try write("<html>", to: output + "/index.html")
    let report = try await builder(output).build()
    #expect(report.filesWritten == report.files)
    #expect(!FileManager.default.fileExists(atPath: output + "/.bookgen-output"))
    let again = try await builder(output).build()
    #expect(again.filesWritten == 0)
    #expect(!FileManager.default.fileExists(atPath: output + "/.bookgen-output"))
  }

  /// A project copied elsewhere (or restored from a backup) has new inodes: its output is still
  /// recognised, because it holds exactly the files its manifest lists, and they are linked.
  @Test func aCopiedProjectsOutputIsStillRecognised() async throws {
    let root = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    _ = try await builder(root + "/a/public").build()
    try FileManager.default.copyItem(atPath: root + "/a", toPath: root + "/b")
    let report = try await builder(root + "/b/public").build()
    #expect(report.filesWritten == 0)
    #expect(Fixtures.files(in: root + "/b/public") == Fixtures.files(in: root + "/a/public"))

    // A file the manifest does not list means the folder is not (only) bookgen's.
    try FileManager.default.copyItem(atPath: root + "/a", toPath: root + "/c")
    try write("mine", to: root + "/c/public/CNAME")
    await #expect(
      throws: SiteError.unsafeOutputDirectory(path: root + "/c/public", reason: .notBookgenOutput)
    ) {
      try await builder(root + "/c/public").build()
    }
  }

  /// A folder deleted by hand and made again in its place may get the old inode back; its
  /// creation time tells it apart, so the old manifest does not vouch for it.
  @Test func aFolderRecreatedInPlaceIsNotTakenForTheOldOutput() async throws {
    let root = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let output = root + "/public"
    _ = try await builder(output).build()
    let before = try #require(TreeIdentity.key(of: output))
    try FileManager.default.removeItem(atPath: output)
    try write("mine", to: output + "/notes.txt")
    #expect(TreeIdentity.key(of: output) != before)
    await #expect(throws: SiteError.unsafeOutputDirectory(path: output, reason: .notBookgenOutput)) {
      try await builder(output).build()
    }
    #expect(try String(contentsOfFile: output + "/notes.txt", encoding: .utf8) == "mine")
  }

  @Test func anIdentityOutlivesARenameButNotACopy() throws {
    let root = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    try FileManager.default.createDirectory(atPath: root + "/a", withIntermediateDirectories: true)
    let key = try #require(TreeIdentity.key(of: root + "/a"))
    try FileManager.default.moveItem(atPath: root + "/a", toPath: root + "/b")
    #expect(TreeIdentity.key(of: root + "/b") == key)
    try FileManager.default.copyItem(atPath: root + "/b", toPath: root + "/c")
    #expect(TreeIdentity.key(of: root + "/c") != key)
    #expect(TreeIdentity.key(of: root + "/missing") == nil)
  }
}
