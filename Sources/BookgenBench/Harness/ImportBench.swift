import Foundation
import TestSupport

/// `--import`: `bookgen import goodreads` on a 1,000-row export (TestSupport's GoodreadsExport,
/// the end-to-end test's), offline and then online against in-process fake Google Books and
/// Open Library servers (100 rows without ISBN: 100 Google searches, 60 Open Library ones).
///
/// Targets: offline, 1,000 rows < 1 s (reading, keying and writing the file); online, no slower
/// than Open Library's request rate makes it plus 1 s — its searches start at most
/// `requests_per_second` apart (3 with a contact), so 60 of them take about 20 s whatever else
/// is fast; Google's, unthrottled on the fake, add little.
struct ImportBench {
  struct Result {
    var offlineSeconds: Double
    var onlineSeconds: Double
    /// Open Library's searches in the online run, and the rate they were allowed.
    var librarySearches: Int
    var googleSearches: Int
    var rate: Double

    /// The rate's floor: the first search starts at once, each next one 1/rate later.
    var rateBound: Double { Double(max(0, librarySearches - 1)) / rate }
  }

  var bookgen: String
  var rows = 1000
  var runs = 3

  static let rate = 3.0

  func run() async throws -> Result {
    let directory = NSTemporaryDirectory() + "bookgen-bench-import-\(getpid())"
    try? FileManager.default.removeItem(atPath: directory)
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let export = GoodreadsExport(count: rows)
    try export.csv.write(toFile: directory + "/export.csv", atomically: true, encoding: .utf8)
    let catalog = """
      site:
        title: "Import bench"
        base_url: "https://bench.test/"
      google_books:
        country: US
      open_library:
        contact: bench@example.test
        requests_per_second: \(Self.rate)
      collections:
        - title: "Favourites"
          books: ["\(export.rows[0].isbn13)"]

      """
    let catalogPath = directory + "/catalog.yml"
    func reset() throws {
      try catalog.write(toFile: catalogPath, atomically: true, encoding: .utf8)
      try? FileManager.default.removeItem(atPath: directory + "/goodreads.yml")
      try? FileManager.default.removeItem(atPath: directory + "/.bookgen-cache")
    }
    let command = [bookgen, "import", "goodreads", directory + "/export.csv", "--catalog", catalogPath, "-q"]
    var offline: [Double] = []
    for _ in 0..<runs {
      try reset()
      offline.append(try await Self.time(command + ["--offline"]).seconds)
      log(String(format: "import %d rows offline: %.3f s", rows, offline.last!))
    }
    let (google, library) = try export.startSources()
    try reset()
    let online = try await Self.time(
      ["/usr/bin/env", "BOOKGEN_API_URL=\(google.apiURL)", "BOOKGEN_OPENLIBRARY_URL=\(library.apiURL)"]
        + command)
    let result = Result(
      offlineSeconds: offline.sorted()[offline.count / 2], onlineSeconds: online.seconds,
      librarySearches: library.library.requestCount, googleSearches: google.google.requestCount,
      rate: Self.rate)
    log(
      String(
        format:
          "import %d rows online: %.2f s (%d Google searches, %d Open Library searches at %.0f a second)",
        rows, result.onlineSeconds, result.googleSearches, result.librarySearches, Self.rate))
    await google.stop()
    await library.stop()
    return result
  }

  /// The child on a thread of its own: ChildProcess waits by blocking, and the fake servers
  /// answering the child run on the concurrency pool.
  static func time(_ arguments: [String]) async throws -> ChildProcess.Outcome {
    let outcome = try await withCheckedThrowingContinuation { continuation in
      Thread.detachNewThread {
        continuation.resume(with: Swift.Result { try ChildProcess(arguments: arguments).run() })
      }
    }
    guard outcome.status == 0 else {
      throw BenchError.buildFailed(
        command: arguments.joined(separator: " "), status: outcome.status, stderr: outcome.stderr)
    }
    return outcome
  }

  /// The targets, marked ✓ or ✗.
  static func targets(_ result: Result?, rows: Int) -> [String] {
    guard let result else {
      return ["not measured: import of \(rows) rows (run without --no-import)"]
    }
    let offline = result.offlineSeconds < 1
    let online = result.onlineSeconds <= result.rateBound + 1
    return [
      String(
        format: "%@ import of %d rows offline < 1 s: %.3f s", offline ? "✓" : "✗", rows, result.offlineSeconds
      ),
      String(
        format:
          "%@ import of %d rows online ≤ Open Library's rate bound + 1 s: %.2f s (bound %.2f s: %d searches "
          + "at %.0f a second; %d Google searches)", online ? "✓" : "✗", rows, result.onlineSeconds,
        result.rateBound, result.librarySearches, result.rate, result.googleSearches),
    ]
  }
}
