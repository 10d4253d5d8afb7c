import Foundation
import TestSupport
import Testing

@testable import Support

/// A temp folder `root` with a fenced subfolder `root/site`.
private struct Folder {
  let root = TestSupport.makeTemporaryDirectory("bookgen-fence")
  var site: String { root + "/site" }
  var fence: FileFence { FileFence(folder: site, name: "site/") }

  init() throws {
    try FileManager.default.createDirectory(atPath: site + "/sub", withIntermediateDirectories: true)
  }

  func write(_ text: String, _ relative: String) throws {
    try text.write(toFile: root + "/" + relative, atomically: false, encoding: .utf8)
  }

  func link(_ relative: String, to target: String) throws {
    try FileManager.default.createSymbolicLink(atPath: root + "/" + relative, withDestinationPath: target)
  }

  func cleanUp() { TestSupport.removeTemporaryDirectory(root) }
}

private let limit = FileLimit(bytes: 64, what: "a test file")

@Suite struct FileReaderTests {
  @Test func readsARegularFileAndALinkToOneInsideTheFolder() throws {
    let folder = try Folder()
    defer { folder.cleanUp() }
    try folder.write("hello", "site/sub/a.txt")
    try folder.link("site/b.txt", to: "sub/a.txt")
    #expect(try folder.fence.read("sub/a.txt", limit: limit) == Array("hello".utf8))
    #expect(try folder.fence.read("b.txt", limit: limit) == Array("hello".utf8))
    #expect(try FileReader.read(folder.site + "/b.txt", limit: limit) == Array("hello".utf8))
  }

  @Test(arguments: ["/etc/passwd", "/proc/self/environ", "/dev/zero", "../outside.txt"])
  func aLinkOutTheFolderIsRefused(target: String) throws {
    let folder = try Folder()
    defer { folder.cleanUp() }
    try folder.write("secret", "outside.txt")
    try folder.link("site/page.txt", to: target)
    #expect(throws: FileReadError(path: folder.site + "/page.txt", problem: .linkOutside(folder: "site/"))) {
      try folder.fence.read("page.txt", limit: limit)
    }
    let error = #expect(throws: FileReadError.self) { try folder.fence.read("page.txt", limit: limit) }
    #expect(error?.reason == "it is a symbolic link to a file outside site/")
  }

  @Test func aLinkedFolderOrDotDotCannotLeadOut() throws {
    let folder = try Folder()
    defer { folder.cleanUp() }
    try folder.write("secret", "outside.txt")
    try folder.link("site/up", to: "..")
    for relative in ["up/outside.txt", "sub/../../outside.txt"] {
      #expect(
        throws: FileReadError(path: folder.site + "/" + relative, problem: .outside(folder: "site/"))
      ) { try folder.fence.read(relative, limit: limit) }
    }
    // A way out and back in is fine: the file itself lies inside.
    try folder.write("inside", "site/sub/a.txt")
    #expect(try folder.fence.read("up/site/sub/a.txt", limit: limit) == Array("inside".utf8))
  }

  @Test func kernelFilesAreRefusedEvenWithoutAFence() throws {
    for path in ["/proc/self/environ", "/proc/self/status", "/sys/kernel/mm/transparent_hugepage/enabled"]
    where FileManager.default.fileExists(atPath: path) {
      #expect(throws: FileReadError(path: path, problem: .kernelFile)) {
        try FileReader.read(path, limit: limit)
      }
    }
  }

  @Test func devicesAreRefused() {
    #expect(throws: FileReadError(path: "/dev/zero", problem: .notRegular(.characterDevice))) {
      try FileReader.read("/dev/zero", limit: limit)
    }
    #expect(throws: FileReadError(path: "/dev/null", problem: .notRegular(.characterDevice))) {
      try FileReader.read("/dev/null", limit: limit)
    }
  }

  @Test func aFIFOIsRefusedWithoutWaitingForAWriter() async throws {
    let folder = try Folder()
    defer { folder.cleanUp() }
    try TestSupport.makeFIFO(folder.site + "/pipe.txt")
    let (results, unblocked) = FIFOGuard.run(fifos: [folder.site + "/pipe.txt"]) {
      (
        Result { () throws(FileReadError) in try folder.fence.read("pipe.txt", limit: limit) },
        Result { () throws(FileReadError) in try FileReader.read(folder.site + "/pipe.txt", limit: limit) }
      )
    }
    #expect(!unblocked, "the read blocked on the FIFO")
    let expected = FileReadError(path: folder.site + "/pipe.txt", problem: .notRegular(.fifo))
    #expect(throws: expected) { try results.0.get() }
    #expect(throws: expected) { try results.1.get() }
    #expect(expected.reason == "it is a FIFO (named pipe), not a regular file")
  }

  @Test func aHugeSparseFileIsRefusedWithoutReadingIt() throws {
    let folder = try Folder()
    defer { folder.cleanUp() }
    try TestSupport.makeSparseFile(folder.site + "/huge.txt", size: 64 << 30)
    let big = FileLimit(bytes: 64 << 20, what: "a cache entry")
    let error = #expect(throws: FileReadError.self) { try folder.fence.read("huge.txt", limit: big) }
    #expect(error?.problem == .tooLarge(limit: 64 << 20, what: "a cache entry"))
    #expect(error?.reason == "it is larger than 64 MiB, the most bookgen reads for a cache entry")
  }

  @Test func theLimitIsInclusive() throws {
    let folder = try Folder()
    defer { folder.cleanUp() }
    try folder.write(String(repeating: "x", count: 64), "site/exact.txt")
    try folder.write(String(repeating: "x", count: 65), "site/over.txt")
    #expect(try folder.fence.read("exact.txt", limit: limit).count == 64)
    #expect(
      throws: FileReadError(
        path: folder.site + "/over.txt", problem: .tooLarge(limit: 64, what: "a test file"))
    ) {
      try folder.fence.read("over.txt", limit: limit)
    }
  }

  @Test func missingFilesFoldersAndBrokenLinks() throws {
    let folder = try Folder()
    defer { folder.cleanUp() }
    try folder.link("site/broken.txt", to: "nowhere.txt")
    #expect(throws: FileReadError(path: folder.site + "/none.txt", problem: .notFound)) {
      try folder.fence.read("none.txt", limit: limit)
    }
    #expect(throws: FileReadError(path: folder.site + "/no/none.txt", problem: .notFound)) {
      try folder.fence.read("no/none.txt", limit: limit)
    }
    #expect(throws: FileReadError(path: folder.site + "/broken.txt", problem: .brokenLink)) {
      try folder.fence.read("broken.txt", limit: limit)
    }
    #expect(throws: FileReadError(path: folder.site + "/sub", problem: .notRegular(.directory))) {
      try folder.fence.read("sub", limit: limit)
    }
    #expect(throws: FileReadError(path: folder.site + "/broken.txt", problem: .brokenLink)) {
      try FileReader.read(folder.site + "/broken.txt", limit: limit)
    }
  }

  @Test func listingSkipsHiddenNamesButKeepsEverythingElse() throws {
    let folder = try Folder()
    defer { folder.cleanUp() }
    try folder.write("a", "site/sub/a.txt")
    try folder.write("h", "site/.hidden")
    try FileManager.default.createDirectory(atPath: folder.site + "/.git", withIntermediateDirectories: true)
    try folder.write("g", "site/.git/config")
    // A hidden linked folder is left out with the other hidden names, unvisited.
    try folder.link("site/.up", to: "..")
    try folder.link("site/env", to: "/proc/self/environ")
    try TestSupport.makeFIFO(folder.site + "/pipe")
    #expect(try folder.fence.files(skippingHidden: true) == ["env", "pipe", "sub/a.txt"])
    // Not skipping hidden names, the hidden linked folder is looked at, and refused.
    #expect(throws: FileReadError(path: folder.site + "/.up", problem: .linkedFolder)) {
      try folder.fence.files(skippingHidden: false)
    }
    try FileManager.default.removeItem(atPath: folder.site + "/.up")
    #expect(
      try folder.fence.files(skippingHidden: false) == [".git/config", ".hidden", "env", "pipe", "sub/a.txt"])
    #expect(try FileFence(folder: folder.root + "/none", name: "none/").files(skippingHidden: true) == [])
  }

  /// A linked folder is refused by name, never skipped: its files would lie elsewhere (or be
  /// the folder's own again), and whoever linked it expects them read. Inside or out.
  @Test(arguments: ["..", "sub", "/etc"])
  func listingRefusesALinkedFolder(target: String) throws {
    let folder = try Folder()
    defer { folder.cleanUp() }
    try folder.write("a", "site/sub/a.txt")
    try folder.link("site/partials", to: target)
    #expect(throws: FileReadError(path: folder.site + "/partials", problem: .linkedFolder)) {
      try folder.fence.files(skippingHidden: true)
    }
    // A link to a file is listed (reading it says whether it may be read).
    try FileManager.default.removeItem(atPath: folder.site + "/partials")
    try folder.link("site/partials", to: "sub/a.txt")
    #expect(try folder.fence.files(skippingHidden: true) == ["partials", "sub/a.txt"])
  }
}
