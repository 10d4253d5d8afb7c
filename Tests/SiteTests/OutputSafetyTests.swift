import Catalog
import Foundation
import Testing

@testable import Site

/// The folders a build refuses to replace without `force`, with their exact messages.
@Suite struct OutputSafetyTests {
  enum Place: String, CaseIterable {
    case home, project, projectParent, foreign
  }

  /// A temporary layout: `home/`, `home/site/` (the project, holding catalog.yml) and
  /// `home/site/stuff/` (a folder with someone's file in it).
  private func builder(
    root: String, output: String, force: Bool = false, home: String? = nil, workingDirectory: String? = nil
  ) -> SiteBuilder {
    var catalog = Fixtures.catalog([Fixtures.collection("shelf")])
    catalog.directory = root + "/home/site"
    var options = BuildOptions(
      outputDirectory: output, workingDirectory: workingDirectory ?? NSTemporaryDirectory(), force: force)
    options.homeDirectory = home ?? root + "/home"
    return SiteBuilder(
      catalog: catalog,
      collections: [SiteInput.Collection(slug: "shelf", volumes: [Fixtures.volume("id1", title: "One")])],
      options: options)
  }

  private func layout() throws -> String {
    let root = try Fixtures.temporaryDirectory()
    try FileManager.default.createDirectory(
      atPath: root + "/home/site/stuff", withIntermediateDirectories: true)
    try "title: x".write(toFile: root + "/home/site/catalog.yml", atomically: true, encoding: .utf8)
    try "mine".write(toFile: root + "/home/site/stuff/notes.txt", atomically: true, encoding: .utf8)
    return root
  }

  private func path(_ place: Place, in root: String) -> String {
    switch place {
    case .home: return root + "/home"
    case .project: return root + "/home/site"
    case .projectParent: return root + "/home/site/.."
    case .foreign: return root + "/home/site/stuff"
    }
  }

  private func message(_ place: Place, in root: String) -> String {
    switch place {
    case .home:
      return "error: refusing to use '\(root)/home' as the output folder: it is your home folder"
    case .project:
      return "error: refusing to use '\(root)/home/site' as the output folder: it is the project folder, "
        + "which holds the catalog"
    case .projectParent:
      // `home` is both the home folder and the project's parent; the home rule speaks first.
      return "error: refusing to use '\(root)/home' as the output folder: it is your home folder"
    case .foreign:
      return "error: refusing to use '\(root)/home/site/stuff' as the output folder: it is not empty and "
        + "bookgen did not create it (pass --force to replace it; its files are kept in a hidden folder "
        + "next to it)"
    }
  }

  @Test(arguments: Place.allCases)
  func refusedWithoutForce(place: Place) async throws {
    let root = try layout()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let before = Fixtures.files(in: root)
    do {
      _ = try await builder(root: root, output: path(place, in: root)).build()
      Issue.record("the build should have been refused")
    } catch {
      #expect(error.description == message(place, in: root))
    }
    #expect(Fixtures.files(in: root) == before)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: root + "/home/site").sorted() == [
        "catalog.yml", "stuff",
      ])
  }

  @Test func aFolderContainingTheProjectIsRefused() async throws {
    let root = try layout()
    defer { try? FileManager.default.removeItem(atPath: root) }
    do {
      _ = try await builder(root: root, output: root, home: "/nonexistent-home").build()
      Issue.record("the build should have been refused")
    } catch {
      #expect(
        error.description
          == "error: refusing to use '\(root)' as the output folder: it contains your home, project or "
          + "working folder")
    }
  }

  /// The working directory is the one the command was given (injected, never the process's):
  /// a relative output resolves against it, and it is never replaced.
  @Test func theInjectedWorkingDirectoryResolvesAndIsProtected() async throws {
    let root = try layout()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let working = root + "/home/site/stuff"
    do {
      _ = try await builder(root: root, output: ".", force: true, workingDirectory: working).build()
      Issue.record("the build should have been refused")
    } catch {
      #expect(
        error.description
          == "error: refusing to use '\(working)' as the output folder: it is the folder bookgen was started in"
      )
    }
    let report = try await builder(root: root, output: "public", workingDirectory: root).build()
    #expect(report.books == 1)
    #expect(FileManager.default.fileExists(atPath: root + "/public/index.html"))
  }

  @Test func theFileSystemRootIsRefusedEvenWithForce() async throws {
    await #expect(throws: SiteError.unsafeOutputDirectory(path: "/", reason: .protected(.fileSystemRoot))) {
      try await builder(root: "/tmp", output: "/", force: true).build()
    }
    #expect(
      SiteError.unsafeOutputDirectory(path: "/", reason: .protected(.fileSystemRoot)).description
        == "error: refusing to use '/' as the output folder: it is the file system root")
  }

  /// The home and project folders, and their parents, are never used, as `clean` never removes them.
  @Test(arguments: [Place.home, .project, .projectParent])
  func protectedFoldersAreRefusedEvenWithForce(place: Place) async throws {
    let root = try layout()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let before = Fixtures.files(in: root)
    do {
      _ = try await builder(root: root, output: path(place, in: root), force: true).build()
      Issue.record("the build should have been refused")
    } catch {
      #expect(error.description == message(place, in: root))
    }
    #expect(Fixtures.files(in: root) == before)
  }

  @Test func aForeignFolderIsReplacedWithForceKeepingItsFiles() async throws {
    let root = try layout()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let output = OutputFolder.absolute(path(.foreign, in: root), in: "/")
    let previous = Fixtures.files(in: output)
    let report = try await builder(root: root, output: output, force: true).build()
    #expect(report.files == Fixtures.files(in: output).count)
    #expect(FileManager.default.fileExists(atPath: output + "/books/one-id1/index.html"))
    // What was there is moved aside, never deleted.
    let name = (output as NSString).lastPathComponent
    let kept = (output as NSString).deletingLastPathComponent + "/." + name + ".bookgen-replaced"
    #expect(Fixtures.files(in: kept) == previous)
  }

  @Test func emptyFoldersAndBookgenOutputAreUsedWithoutForce() async throws {
    let root = try layout()
    defer { try? FileManager.default.removeItem(atPath: root) }
    try FileManager.default.createDirectory(atPath: root + "/empty", withIntermediateDirectories: true)
    _ = try await builder(root: root, output: root + "/empty").build()
    _ = try await builder(root: root, output: root + "/empty").build()
    #expect(FileManager.default.fileExists(atPath: root + "/empty/index.html"))
  }

  @Test func aFileInTheWayIsRefusedEvenWithForce() async throws {
    let root = try layout()
    defer { try? FileManager.default.removeItem(atPath: root) }
    await #expect(throws: SiteError.invalidOutputDirectory(root + "/home/site/catalog.yml")) {
      try await builder(root: root, output: root + "/home/site/catalog.yml", force: true).build()
    }
  }
}
