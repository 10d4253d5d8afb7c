import Diagnostics
import Foundation
import TestSupport
import Testing

@testable import Catalog

/// The catalog must be a regular file of sane size, in UTF-8; anything else is named and
/// located, and no line that is not the catalog's own text is ever printed.
@Suite struct CatalogFileTests {
  static let valid = """
    site:
      title: "Shelf"
    collections:
      - title: "SF"
        queries:
          - q: dune

    """

  private func withFolder(_ body: (String) throws -> Void) throws {
    let root = TestSupport.makeTemporaryDirectory("bookgen-catalog")
    defer { TestSupport.removeTemporaryDirectory(root) }
    try body(root)
  }

  private func load(_ path: String) -> Result<Catalog, CatalogError> {
    Result { () throws(CatalogError) in try CatalogLoader.load(path: path, shownAs: "catalog.yml") }
  }

  private func error(_ path: String) -> String? {
    guard case .failure(let error) = load(path) else { return nil }
    return error.description
  }

  @Test func aCatalogLinkedToAFileElsewhereInTheProjectIsRead() throws {
    try withFolder { root in
      try FileManager.default.createDirectory(atPath: root + "/shared", withIntermediateDirectories: true)
      try Self.valid.write(toFile: root + "/shared/books.yml", atomically: true, encoding: .utf8)
      try FileManager.default.createSymbolicLink(
        atPath: root + "/catalog.yml", withDestinationPath: "shared/books.yml")
      let catalog = try load(root + "/catalog.yml").get()
      #expect(catalog.site.title == "Shelf")
      // Relative paths in it (cache, templates) resolve next to the link, in the project.
      #expect(catalog.directory == (root as NSString).standardizingPath)
    }
  }

  @Test func theEnvironmentIsNeverReadAsACatalog() throws {
    try withFolder { root in
      try FileManager.default.createSymbolicLink(
        atPath: root + "/catalog.yml", withDestinationPath: "/proc/self/environ")
      #expect(
        error(root + "/catalog.yml")
          == "error: cannot read catalog file 'catalog.yml': it is a kernel file (in /proc or /sys), not a regular file"
      )
    }
  }

  @Test func devicesAndFoldersAreRefused() throws {
    try withFolder { root in
      try FileManager.default.createSymbolicLink(
        atPath: root + "/catalog.yml", withDestinationPath: "/dev/zero")
      #expect(
        error(root + "/catalog.yml")
          == "error: cannot read catalog file 'catalog.yml': it is a character device, not a regular file")
      #expect(
        error(root) == "error: cannot read catalog file 'catalog.yml': it is a folder, not a regular file")
      try FileManager.default.removeItem(atPath: root + "/catalog.yml")
      try FileManager.default.createSymbolicLink(
        atPath: root + "/catalog.yml", withDestinationPath: "gone.yml")
      #expect(
        error(root + "/catalog.yml")
          == "error: cannot read catalog file 'catalog.yml': it is a symbolic link to a file that does not exist"
      )
    }
  }

  @Test func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
    try withFolder { root in
      try TestSupport.makeFIFO(root + "/catalog.yml")
      let (message, unblocked) = FIFOGuard.run(fifos: [root + "/catalog.yml"]) {
        error(root + "/catalog.yml")
      }
      #expect(!unblocked, "loading blocked on the FIFO")
      #expect(
        message
          == "error: cannot read catalog file 'catalog.yml': it is a FIFO (named pipe), not a regular file")
    }
  }

  @Test func anOversizedCatalogIsRefusedWithoutReadingIt() throws {
    try withFolder { root in
      try TestSupport.makeSparseFile(root + "/catalog.yml", size: 64 << 30)
      #expect(
        error(root + "/catalog.yml")
          == "error: cannot read catalog file 'catalog.yml': it is larger than 32 MiB, the most bookgen reads for a catalog"
      )
    }
  }

  @Test func invalidUTF8IsLocatedAtTheFirstBadByte() throws {
    try withFolder { root in
      var bytes = Array("site:\n  title: \"Caf".utf8)
      bytes += [0xE9]  // Latin-1 é
      bytes += Array(" de l'été\"\ncollections: []\n".utf8)
      try Data(bytes).write(to: URL(fileURLWithPath: root + "/catalog.yml"))
      #expect(
        error(root + "/catalog.yml") == """
          catalog.yml:2:14: error: the file is not UTF-8 text: byte 0xE9 here does not begin a character (save the file as UTF-8)
            title: "Caf\u{FFFD} de l'été"
                       ^
          """)
    }
  }

  @Test(
    arguments: [
      ([0xFF, 0xFE, 0x73, 0x00], "UTF-16"), ([0xFE, 0xFF, 0x00, 0x73], "UTF-16"),
      ([0x73, 0x00, 0x69, 0x00], "UTF-16"), ([0x00, 0x73, 0x00, 0x69], "UTF-16"),
      ([0xFF, 0xFE, 0x00, 0x00, 0x73, 0x00, 0x00, 0x00], "UTF-32"),
    ] as [([UInt8], String)])
  func utf16And32AreNamed(start: [UInt8], encoding: String) throws {
    try withFolder { root in
      try Data(start + [0x0A, 0x00]).write(to: URL(fileURLWithPath: root + "/catalog.yml"))
      #expect(
        error(root + "/catalog.yml")
          == "catalog.yml:1:1: error: the file is \(encoding) text: save it as UTF-8 (most editors offer the choice when saving)"
      )
    }
  }
}
