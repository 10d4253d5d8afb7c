import Foundation
import Glibc
import TestSupport
import Testing

/// Real `bookgen` processes meeting on one output or one cache: two builds at once must take
/// turns rather than share a staging folder and leave `public/` short of its manifest's files;
/// a build killed mid-write must leave the previous site as it was.
@Suite(.serialized) struct ConcurrentBuildTests {
  /// A catalog of 600 books (about 1,300 files), fetched once from the fake Google into the
  /// project's cache, so that the builds run offline and take long enough to meet.
  private static func project(in root: String) async throws {
    let google = FakeGoogleBooks()
    google.setSearch(
      "shelf",
      results: (0..<600).map {
        FakeGoogleBooks.volumeJSON(id: "vol\($0)", title: "Book \($0)", description: "About book \($0).")
      })
    let server = FakeGoogleBooksServer(google: google)
    try server.start()
    try write(
      """
      site:
        title: "Big Shelf"
        base_url: "https://zero.example/"
        language: en
      google_books:
        country: US
      collections:
        - title: "Shelf"
          slug: shelf
          queries:
            - q: "shelf"
              max_results: 600

      """, to: root + "/catalog.yml")
    let fetched = await runCLI(["fetch", "-q"], in: root, variables: ["BOOKGEN_API_URL": server.apiURL])
    await server.stop()
    #expect(fetched == CLIResult(status: 0, stdout: "", stderr: ""))
  }

  private static func build(baseURL: String, in root: String) throws -> BookgenProcess {
    try BookgenProcess(["build", "--offline", "--base-url", baseURL], in: root)
  }

  /// The base URL the site in `public/` was built for, read from its home page.
  private static func builtFor(_ root: String) throws -> String? {
    let home = try String(contentsOfFile: root + "/public/index.html", encoding: .utf8)
    return ["https://one.example/", "https://two.example/", "https://zero.example/"].first {
      home.contains($0)
    }
  }

  /// Whatever ran last left a whole site: the same build again finds every file its manifest
  /// lists (so it has nothing to do), and one for another address can use the twin. (The same
  /// binary: the build fingerprint includes the executable's hash.)
  private static func expectIntactOutput(_ root: String) async throws {
    let last = try #require(try builtFor(root))
    let again = try build(baseURL: last, in: root).finish()
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stderr.hasPrefix("Site in \(root)/public is up to date"), "\(again.stderr)")
    let other = last == "https://one.example/" ? "https://two.example/" : "https://one.example/"
    let next = try build(baseURL: other, in: root).finish()
    #expect(next.status == 0, "\(next.stderr)")
  }

  /// The test holds the output's lock, as a running build would: both builds say they wait, with
  /// the holder's pid, then run one after the other once it is released.
  @Test func twoBuildsOnOneOutputTakeTurns() async throws {
    try await withTemporaryDirectory { root in
      try await Self.project(in: root)
      #expect(await runCLI(["build", "--offline", "-q"], in: root).status == 0)
      let lock = try HeldLock(root + "/.public.bookgen-lock")
      let first = try Self.build(baseURL: "https://one.example/", in: root)
      let second = try Self.build(baseURL: "https://two.example/", in: root)
      let waiting = "waiting for another bookgen build on 'public' (pid \(getpid()))…\n"
      for process in [first, second] {
        #expect(process.waitForStandardError(containing: waiting), "\(process.standardError)")
      }
      lock.release()
      for process in [first, second] {
        let result = process.finish()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.hasPrefix(waiting), "\(result.stderr)")
      }
      try await Self.expectIntactOutput(root)
    }
  }

  /// Two builds started together, in a few rounds: both succeed every time, and the output stays
  /// whole.
  @Test func twoBuildsStartedTogetherBothSucceed() async throws {
    try await withTemporaryDirectory { root in
      try await Self.project(in: root)
      for _ in 0..<3 {
        let first = try Self.build(baseURL: "https://one.example/", in: root)
        let second = try Self.build(baseURL: "https://two.example/", in: root)
        for process in [first, second] {
          let result = process.finish()
          #expect(result.status == 0, "\(result.stderr)")
        }
        try await Self.expectIntactOutput(root)
      }
    }
  }

  /// `kill -9` while the staging folder is being written: `public/` keeps every byte of the previous site,
  /// the lock the dead build held is free, and the next build succeeds.
  @Test func aBuildKilledMidWriteLeavesThePreviousSiteIntact() async throws {
    try await withTemporaryDirectory { root in
      try await Self.project(in: root)
      #expect(await runCLI(["build", "--offline", "-q"], in: root).status == 0)
      let before = try Self.contents(of: root + "/public")
      var killedMidWrite = false
      for round in 0..<5 where !killedMidWrite {
        let url = round.isMultiple(of: 2) ? "https://one.example/" : "https://two.example/"
        let process = try Self.build(baseURL: url, in: root)
        // Mid-write: the staging folder's home page is the new one already. Stopped at once, then checked:
        // only a build stopped before its swap counts (a fast machine may finish first).
        let started = process.waitUntil { Self.stagingHome(root)?.contains(url) == true }
        process.signal(SIGSTOP)
        let stillPrevious = try Self.builtFor(root) == "https://zero.example/"
        killedMidWrite = started && stillPrevious
        process.signal(SIGKILL)
        let result = process.finish()
        if killedMidWrite {
          #expect(result.status == 128 + SIGKILL || result.status == SIGKILL, "\(result)")
          #expect(try Self.contents(of: root + "/public") == before)
        } else {
          // It finished: put the previous site back for the next round.
          #expect(await runCLI(["build", "--offline", "-q"], in: root).status == 0)
        }
      }
      #expect(killedMidWrite, "no round was stopped before its swap")
      let next = try Self.build(baseURL: "https://one.example/", in: root).finish()
      #expect(next.status == 0, "\(next.stderr)")
      try await Self.expectIntactOutput(root)
    }
  }

  /// `fetch` and an online build on one cache: the second waits for the first.
  @Test func aFetchWaitsForTheCache() async throws {
    try await withTemporaryDirectory { root in
      try await Self.project(in: root)
      let lock = try HeldLock(root + "/.bookgen-cache/.bookgen-lock")
      let fetch = try BookgenProcess(["fetch"], in: root)
      let waiting = "waiting for another bookgen run on the cache '.bookgen-cache' (pid \(getpid()))…\n"
      #expect(fetch.waitForStandardError(containing: waiting), "\(fetch.standardError)")
      lock.release()
      let result = fetch.finish()
      // The cache is fresh: it runs, after the lock was released, without a request.
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stderr.hasPrefix(waiting), "\(result.stderr)")
    }
  }

  private static func stagingHome(_ root: String) -> String? {
    try? String(contentsOfFile: root + "/.public.bookgen-staging/index.html", encoding: .utf8)
  }

  /// Every file below `folder` with its bytes (hidden ones included).
  private static func contents(of folder: String) throws -> [String: Data] {
    var files: [String: Data] = [:]
    for path in FileManager.default.subpaths(atPath: folder) ?? [] {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder),
        !isFolder.boolValue
      else { continue }
      files[path] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + path))
    }
    return files
  }
}

/// An exclusive `flock` taken by the test itself, as another bookgen would hold it.
private final class HeldLock {
  private var descriptor: Int32

  init(_ path: String) throws {
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0, flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      throw CocoaError(.fileLocking)
    }
    let pid = Array("\(getpid())\n".utf8)
    _ = ftruncate(descriptor, 0)
    _ = pid.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
  }

  func release() {
    guard descriptor >= 0 else { return }
    close(descriptor)
    descriptor = -1
  }

  deinit { release() }
}

/// The built `bookgen` running in the background, its standard error collected as it comes.
final class BookgenProcess: @unchecked Sendable {
  private let process = Process()
  private let output = Collected()
  private let reader: Thread

  init(_ arguments: [String], in directory: String) throws {
    try #require(
      FileManager.default.isExecutableFile(atPath: ProcessTests.binary.path),
      "build it first: swift build --product bookgen")
    process.executableURL = ProcessTests.binary
    process.arguments = arguments
    process.environment = ["PATH": "/usr/bin:/bin", "HOME": "/nonexistent"]
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    process.standardOutput = FileHandle.nullDevice
    let pipe = Pipe()
    process.standardError = pipe
    let handle = pipe.fileHandleForReading
    let output = self.output
    reader = Thread {
      while true {
        let data = handle.availableData
        if data.isEmpty { return }
        output.append(data)
      }
    }
    try process.run()
    reader.start()
  }

  var standardError: String { output.text }

  /// Waits (at most a minute, so a broken build cannot hang the suite) until `condition` holds.
  func waitUntil(_ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline {
      if condition() { return true }
      if !process.isRunning { return condition() }
      usleep(1_000)
    }
    return false
  }

  func waitForStandardError(containing text: String) -> Bool {
    waitUntil { standardError.contains(text) }
  }

  func signal(_ signal: Int32) {
    if process.isRunning { kill(process.processIdentifier, signal) }
  }

  /// Waits for the exit (killing a process still running after a minute).
  func finish() -> CLIResult {
    if !waitUntil({ !process.isRunning }) { process.terminate() }
    process.waitUntilExit()
    while !reader.isFinished { usleep(1_000) }  // not isExecuting: the thread may not have begun
    return CLIResult(status: process.terminationStatus, stdout: "", stderr: standardError)
  }
}

/// Bytes a reader thread appends while the test reads them.
private final class Collected: @unchecked Sendable {
  private let lock = NSLock()
  private var data = Data()

  var text: String {
    lock.lock()
    defer { lock.unlock() }
    return String(decoding: data, as: UTF8.self)
  }

  func append(_ more: Data) {
    lock.lock()
    data.append(more)
    lock.unlock()
  }
}
