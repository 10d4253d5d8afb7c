import Foundation

/// `--import`: `bookgen import goodreads --offline` on a 10,000-row export (`GoodreadsCSV`):
/// reading the export, keying its rows and writing the imported file, with no source asked.
/// Target: at most 2 s (the median of `--runs` runs).
struct ImportBench {
  struct Result {
    var rows: Int
    var seconds: Double
  }

  var bookgen: String
  var rows = 10_000
  var runs = 3

  static let limit = 2.0

  func run() throws -> Result {
    let directory = NSTemporaryDirectory() + "bookgen-bench-import-\(getpid())"
    try? FileManager.default.removeItem(atPath: directory)
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let export = GoodreadsCSV(count: rows)
    try export.text.write(toFile: directory + "/export.csv", atomically: true, encoding: .utf8)
    let catalog = """
      site:
        title: "Import bench"
        base_url: "https://bench.example.org/"
      collections:
        - title: "Favourites"
          books: ["\(export.firstISBN13 ?? "9780441172719")"]

      """
    let catalogPath = directory + "/catalog.yml"
    let command = [
      bookgen, "import", "goodreads", directory + "/export.csv", "--catalog", catalogPath, "--offline",
      "--quiet",
    ]
    var seconds: [Double] = []
    for _ in 0..<max(1, runs) {
      // The import adds to the catalog and writes its own file: each run starts from the same two.
      try catalog.write(toFile: catalogPath, atomically: true, encoding: .utf8)
      try? FileManager.default.removeItem(atPath: directory + "/goodreads.yml")
      try? FileManager.default.removeItem(atPath: directory + "/.bookgen-cache")
      let outcome = try ChildProcess(arguments: command).run()
      guard outcome.status == 0 else {
        throw BenchError.buildFailed(
          command: command.joined(separator: " "), status: outcome.status, stderr: outcome.stderr)
      }
      // A run that imported less than every row timed something else.
      let written = (try? String(contentsOfFile: directory + "/goodreads.yml", encoding: .utf8)) ?? ""
      let counts = [
        "\(rows) books.", rows.formatted(.number.locale(Locale(identifier: "en_US"))) + " books.",
      ]
      guard let first = written.split(separator: "\n").first, counts.contains(where: first.hasSuffix) else {
        throw BenchError.verificationFailed(["goodreads.yml does not say \(rows) books were imported"])
      }
      seconds.append(outcome.seconds)
      log(String(format: "import %d rows offline: %.3f s", rows, outcome.seconds))
    }
    return Result(rows: rows, seconds: seconds.sorted()[seconds.count / 2])
  }

  /// The target, marked ✓ or ✗.
  static func target(_ result: Result?) -> String {
    guard let result else {
      return "not measured: import of 10,000 rows offline ≤ 2 s (run without --no-import)"
    }
    return String(
      format: "%@ import of %d rows offline ≤ %.0f s: %.3f s", result.seconds <= limit ? "✓" : "✗",
      result.rows,
      limit, result.seconds)
  }
}
