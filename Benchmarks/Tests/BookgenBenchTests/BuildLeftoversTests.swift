import Foundation
import Testing

@testable import BookgenBench

/// The "from nothing" scenario removes the output and what bookgen keeps beside it, and
/// nothing else: the dataset's cache and catalogs, and another output's state, stay.
@Suite struct BuildLeftoversTests {
  @Test func removesTheOutputAndItsStateOnly() throws {
    let directory = NSTemporaryDirectory() + "bookgen-bench-leftovers-\(getpid())"
    let files = FileManager.default
    try? files.removeItem(atPath: directory)
    defer { try? files.removeItem(atPath: directory) }
    let removed = [
      "public/index.html", ".public.bookgen-state", ".public.bookgen-volumes",
      ".public.bookgen-next/index.html",
      ".public.bookgen-manifests/a.json",
    ]
    let kept = [
      "catalog.yml", "cache/00/x.entry", ".public-index-pages.bookgen-state", "public-index-pages/index.html",
      ".publicity", "public.bookgen-state",
    ]
    for path in removed + kept {
      let full = directory + "/" + path
      try files.createDirectory(
        atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try Data("x".utf8).write(to: URL(fileURLWithPath: full))
    }
    BenchHarness.removeBuildLeftovers(output: directory + "/public")
    for path in removed {
      let top = String(path.prefix { $0 != "/" })
      #expect(!files.fileExists(atPath: directory + "/" + top), "\(top) should be gone")
    }
    for path in kept { #expect(files.fileExists(atPath: directory + "/" + path), "\(path) should stay") }
  }
}
