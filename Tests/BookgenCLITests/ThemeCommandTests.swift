import Foundation
import Site
import Testing

@testable import BookgenCLI

/// `bookgen theme list` and `bookgen theme copy [FILE…]`: customising the theme without ever
/// replacing a file the owner wrote.
@Suite struct ThemeCommandTests {
  @Test func copyWritesTheNamedFilesAndKeepsTheOwners() async throws {
    try await withTemporaryDirectory { root in
      #expect(await runCLI(["init", "-q"], in: root).status == 0)
      try write("my page\n", to: root + "/templates/book.mustache")
      let result = await runCLI(
        ["theme", "copy", "book", "partials/cover.mustache", "templates/assets/"], in: root)
      #expect(
        result
          == CLIResult(
            status: 0,
            stdout: """
              Copied into templates/ (edit them there; delete one to use the default again):
                assets/favicon.svg
                assets/search-page.js
                assets/search.js
                assets/style.css
                partials/cover.mustache
              Kept, already in templates/ (bookgen never replaces a file):
                book.mustache

              """, stderr: ""))
      #expect(try String(contentsOfFile: root + "/templates/book.mustache", encoding: .utf8) == "my page\n")
      #expect(
        regularFiles(under: root + "/templates") == [
          "assets/favicon.svg", "assets/search-page.js", "assets/search.js", "assets/style.css",
          "book.mustache",
          "partials/cover.mustache",
        ])
      let cover = try #require(
        FileManager.default.contents(atPath: root + "/templates/partials/cover.mustache"))
      #expect(Array(cover) == DefaultThemeFilesProbe.bytes("partials/cover.mustache"))
    }
  }

  @Test func copyWithoutFilesCopiesTheWholeThemeNextToTheCatalog() async throws {
    try await withTemporaryDirectory { root in
      #expect(await runCLI(["init", "site", "-q"], in: root).status == 0)
      let result = await runCLI(["theme", "copy", "-q", "--catalog", "site/catalog.yml"], in: root)
      #expect(result == CLIResult(status: 0, stdout: "", stderr: ""))
      #expect(regularFiles(under: root + "/site/templates") == DefaultThemeFilesProbe.paths)
      #expect(await runCLI(["check", "--catalog", "site/catalog.yml"], in: root).status == 0)
    }
  }

  @Test func listMarksTheFilesTheSiteReplaces() async throws {
    try await withTemporaryDirectory { root in
      #expect(await runCLI(["init", "-q"], in: root).status == 0)
      try write("x\n", to: root + "/templates/partials/cover.mustache")
      try write("h1 {}\n", to: root + "/templates/assets/custom.css")
      let result = await runCLI(["theme", "list"], in: root)
      #expect(result.status == 0)
      expectGolden(result.stdout, named: "theme-list.txt")
    }
  }

  @Test(arguments: [
    (
      ["theme"], "error: missing <action>: expected 'list' or 'copy'"
    ),
    (
      ["theme", "cpy"],
      "error: invalid value 'cpy' for '<action>': expected 'list' or 'copy' (did you mean 'copy'?)"
    ),
    (
      ["theme", "copy", "bok.mustache"],
      "error: the default theme has no file 'bok.mustache' (did you mean 'book.mustache'?); 'bookgen theme list' lists them"
    ),
    (
      ["theme", "list", "book"], "error: unexpected argument 'book'"
    ),
  ])
  func mistakesAreUsageErrors(arguments: [String], message: String) async {
    let result = await runCLI(arguments)
    #expect(result == CLIResult(status: 64, stdout: "", stderr: message + "\nSee 'bookgen theme --help'.\n"))
  }

  /// A folder below `templates/` whose path is too long to open (a failure root meets too, unlike
  /// a permission): the list fails naming the folder, rather than leave the owner's files out.
  @Test func aTemplatesFolderThatCannotBeListedIsAnError() async throws {
    try await withTemporaryDirectory { root in
      #expect(await runCLI(["init", "-q"], in: root).status == 0)
      try FileManager.default.createDirectory(atPath: root + "/templates", withIntermediateDirectories: true)
      let deep = try DeepFolder(in: root + "/templates", levels: 22)
      defer { deep.remove() }
      let result = await runCLI(["theme", "list"], in: root)
      #expect(result.status == 1)
      #expect(result.stdout == "")
      #expect(
        result.stderr.hasPrefix(
          "error: could not list the theme files in 'templates'\ncaused by: cannot read \(root)/templates/"),
        "\(result.stderr)")
      #expect(result.stderr.contains("File name too long"), "\(result.stderr)")
    }
  }

  @Test func aFolderWithoutACatalogIsNotASite() async throws {
    try await withTemporaryDirectory { root in
      let result = await runCLI(["theme", "copy"], in: root)
      #expect(result.status == 1)
      #expect(!FileManager.default.fileExists(atPath: root + "/templates"))
    }
  }
}

/// Folders of 200-character names nested `levels` deep below `parent`, made and removed through
/// descriptors (their whole path is longer than the system opens by name).
private struct DeepFolder {
  static let name = String(repeating: "d", count: 200)
  let parent: String
  let levels: Int

  init(in parent: String, levels: Int) throws {
    self.parent = parent
    self.levels = levels
    var descriptor = open(parent, O_RDONLY | O_DIRECTORY)
    for _ in 0..<levels {
      guard descriptor >= 0, mkdirat(descriptor, Self.name, 0o755) == 0 else {
        throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
      }
      let next = openat(descriptor, Self.name, O_RDONLY | O_DIRECTORY)
      close(descriptor)
      descriptor = next
    }
    close(descriptor)
  }

  /// Removes the folders, deepest first.
  func remove() {
    var descriptors = [open(parent, O_RDONLY | O_DIRECTORY)]
    for _ in 1..<levels { descriptors.append(openat(descriptors.last!, Self.name, O_RDONLY | O_DIRECTORY)) }
    for descriptor in descriptors.reversed() {
      unlinkat(descriptor, Self.name, AT_REMOVEDIR)
      close(descriptor)
    }
  }
}

/// The embedded theme, as the Site module gives it.
enum DefaultThemeFilesProbe {
  static var paths: [String] { Site.DefaultThemeFiles.paths }
  static func bytes(_ path: String) -> [UInt8]? { Site.DefaultThemeFiles.files[path] }
}
