import Foundation

/// `--serve`: `bookgen serve --offline` on a dataset, edited while it runs. Two rebuilds are
/// timed, each from the time its own summary gives (`Built … in 84 ms`: from the change found
/// to the reload sent, the watcher's polling and settling aside):
/// - the owner's note on one book edited: that book's pages rendered again, the rest later;
/// - one cache entry written again: the cache read, the books merged and the site compared.
struct ServeBench {
  struct Result {
    var size: Int
    var noteEdits: [Double]
    var entryRefreshes: [Double]
  }

  var bookgen: String
  var dataset: Dataset
  var runs = 5

  /// The rebuild after a note edit: at most 150 ms at 10,000 books, 50 ms at 1,000.
  static func noteLimit(size: Int) -> Double { size <= 1_000 ? 0.050 : 0.150 }
  /// The rebuild after one cache entry changed: at most 300 ms at 10,000 books.
  static let refreshLimit = 0.300

  func run() throws -> Result {
    let folder = dataset.directory + "/serve"
    try? FileManager.default.removeItem(atPath: folder)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // The dataset's catalog, its cache where it is (a path of its own beside the copy).
    let original = try String(contentsOfFile: dataset.catalogPath, encoding: .utf8)
    let catalog = original.replacingOccurrences(of: "dir: cache", with: "dir: \(dataset.cacheDirectory)")
    let catalogPath = folder + "/catalog.yml"
    try catalog.write(toFile: catalogPath, atomically: true, encoding: .utf8)
    guard catalog.contains("half is **better**;") else {
      throw BenchError.verificationFailed(["the dataset's catalog has no note to edit"])
    }
    // Its private folder beside the dataset (tmpfs, as the bench's outputs).
    let server = try ServeProcess(
      arguments: [bookgen, "serve", "--offline", "--port", "0", "--catalog", catalogPath],
      temporaryDirectory: folder)
    defer { server.stop() }
    _ = try server.waitFor(prefix: "Serving ", timeout: 600)
    var result = Result(size: dataset.plan.count, noteEdits: [], entryRefreshes: [])
    for run in 0..<max(1, runs) {
      settle()
      // The first note of the catalog (and no other), in another wording each time.
      var edited = catalog
      if let first = edited.range(of: "half is **better**;") {
        edited.replaceSubrange(first, with: "half is **better** (\(run));")
      }
      try edited.write(toFile: catalogPath, atomically: true, encoding: .utf8)
      result.noteEdits.append(try rebuildSeconds(server))
      log(
        String(
          format: "serve %d: a note edited, rebuilt in %.0f ms", result.size, result.noteEdits.last! * 1000))
    }
    let entry = try firstCacheEntry()
    for _ in 0..<max(1, runs) {
      settle()
      // The same bytes under a new file: what a fetch that found nothing new leaves.
      let bytes = try Data(contentsOf: URL(fileURLWithPath: entry))
      try bytes.write(to: URL(fileURLWithPath: entry), options: .atomic)
      result.entryRefreshes.append(try rebuildSeconds(server))
      log(
        String(
          format: "serve %d: a cache entry written again, rebuilt in %.0f ms", result.size,
          result.entryRefreshes.last! * 1000))
    }
    return result
  }

  /// Waits out what follows a rebuild: the files written after the reload (the next rebuild
  /// would wait for them), and the watcher taking the cache's new state as its own.
  private func settle() {
    Thread.sleep(forTimeInterval: 3)
  }

  /// The time the next rebuild's summary gives.
  private func rebuildSeconds(_ server: ServeProcess) throws -> Double {
    let line = try server.waitFor(prefix: "Built ", timeout: 120)
    guard let time = Self.seconds(inSummary: line) else {
      throw BenchError.verificationFailed(["cannot read the time of '\(line)'"])
    }
    return time
  }

  /// `… in 84 ms` or `… in 1.2 s`.
  static func seconds(inSummary line: String) -> Double? {
    let words = line.split(separator: " ")
    guard words.count >= 2, let value = Double(words[words.count - 2]) else { return nil }
    switch words.last {
    case "ms": return value / 1000
    case "s": return value
    default: return nil
    }
  }

  private func firstCacheEntry() throws -> String {
    let enumerator = FileManager.default.enumerator(atPath: dataset.cacheDirectory)
    while let path = enumerator?.nextObject() as? String {
      if path.hasSuffix(".entry") { return dataset.cacheDirectory + "/" + path }
    }
    throw BenchError.verificationFailed(["no cache entry in \(dataset.cacheDirectory)"])
  }

  /// The target line: the medians against their limits.
  static func target(_ result: Result) -> [String] {
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    let note = median(result.noteEdits)
    let refresh = median(result.entryRefreshes)
    let noteLimit = noteLimit(size: result.size)
    return [
      String(
        format: "serve at %d: a note edited, page written and reload sent: %.0f ms %@ (goal <= %.0f ms)",
        result.size, note * 1000, note <= noteLimit ? "✓" : "✗", noteLimit * 1000),
      String(
        format: "serve at %d: one cache entry written again: %.0f ms %@ (goal <= %.0f ms)", result.size,
        refresh * 1000, refresh <= refreshLimit ? "✓" : "✗", refreshLimit * 1000),
    ]
  }
}

/// A `bookgen serve` child whose standard error is read line by line as it comes.
private final class ServeProcess: @unchecked Sendable {
  private let process = Process()
  private let lock = NSCondition()
  private var lines: [String] = []
  private var partial = ""

  init(arguments: [String], temporaryDirectory: String) throws {
    process.executableURL = URL(fileURLWithPath: arguments[0])
    process.arguments = Array(arguments.dropFirst())
    var environment = ProcessInfo.processInfo.environment
    environment["TMPDIR"] = temporaryDirectory
    process.environment = environment
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    errors.fileHandleForReading.readabilityHandler = { [self] handle in
      let text = String(decoding: handle.availableData, as: UTF8.self)
      lock.lock()
      partial += text
      while let newline = partial.firstIndex(of: "\n") {
        lines.append(String(partial[..<newline]))
        partial = String(partial[partial.index(after: newline)...])
      }
      lock.broadcast()
      lock.unlock()
    }
    try process.run()
  }

  /// The next line starting with `prefix`, the lines before it dropped.
  func waitFor(prefix: String, timeout: Double) throws -> String {
    let deadline = Date().addingTimeInterval(timeout)
    lock.lock()
    defer { lock.unlock() }
    while true {
      while !lines.isEmpty {
        let line = lines.removeFirst()
        if line.hasPrefix(prefix) { return line }
        if line.contains("error:") { throw BenchError.verificationFailed(["bookgen serve: \(line)"]) }
      }
      guard process.isRunning, lock.wait(until: deadline) else {
        throw BenchError.verificationFailed([
          "bookgen serve printed no '\(prefix)…' line in \(Int(timeout)) s"
        ])
      }
    }
  }

  func stop() {
    if process.isRunning { process.interrupt() }
    process.waitUntilExit()
  }
}
