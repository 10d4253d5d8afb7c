import Fetching
import Foundation
import GoogleBooks
import TestSupport

@testable import Catalog

/// Calls `FakeGoogleBooks` in memory, mapping its socket-level faults to transport errors.
struct InMemoryTransport: HTTPTransport {
  let fake: FakeGoogleBooks
  let base: String

  func get(_ url: String, timeout: Double) async throws(TransportError) -> TransportResponse {
    let target = String(url.dropFirst(base.count))
    let fake = self.fake
    let reply: FakeGoogleBooks.Reply? = await withTaskGroup(of: FakeGoogleBooks.Reply?.self) { group in
      group.addTask { await fake.respond(method: "GET", target: target) }
      group.addTask {
        try? await Task.sleep(nanoseconds: UInt64(timeout * 1e9))
        return nil
      }
      let first = await group.next()!
      group.cancelAll()
      return first
    }
    guard let reply else { throw .timedOut }
    switch reply.fault {
    case .closeWithoutResponse: throw .connectionLost
    case .truncateBody(let count):
      return TransportResponse(
        status: reply.status, headers: Self.headers(reply), body: Array(reply.body.prefix(count)))
    default:
      return TransportResponse(status: reply.status, headers: Self.headers(reply), body: reply.body)
    }
  }

  static func headers(_ reply: FakeGoogleBooks.Reply) -> [String: String] {
    Dictionary(reply.headers, uniquingKeysWith: { a, _ in a })
  }
}

/// Records what the fetcher waited for and what it printed; the clock stands still.
final class Recorder: @unchecked Sendable {
  private let lock = NSLock()
  private var sleepsStorage: [Double] = []
  private var outputStorage = ""

  var sleeps: [Double] {
    lock.lock()
    defer { lock.unlock() }
    return sleepsStorage
  }

  var output: String {
    lock.lock()
    defer { lock.unlock() }
    return outputStorage
  }

  func sleep(_ seconds: Double) {
    lock.lock()
    sleepsStorage.append(seconds)
    lock.unlock()
  }

  func write(_ text: String) {
    lock.lock()
    outputStorage += text
    lock.unlock()
  }
}

/// A temp cache folder, a fake Google on 127.0.0.1 and a catalog builder for one test.
///
/// By default the real client (URLSession) talks real HTTP to `FakeGoogleBooksServer`;
/// `inMemory: true` skips the sockets for the few tests about pure bookkeeping.
struct FetchHarness {
  static let now = Date(timeIntervalSince1970: 1_790_000_000)  // 2026-09-21T14:13:20Z

  let fake: FakeGoogleBooks
  let server: FakeGoogleBooksServer?
  let recorder = Recorder()
  let directory = TestSupport.makeTemporaryDirectory("bookgen-fetch")
  let apiURL: String
  let transport: any HTTPTransport

  init(inMemory: Bool = false) throws {
    let fake = FakeGoogleBooks()
    self.fake = fake
    if inMemory {
      server = nil
      apiURL = "http://books.test/books/v1"
      transport = InMemoryTransport(fake: fake, base: "http://books.test")
    } else {
      let server = FakeGoogleBooksServer(google: fake)
      try server.start()
      self.server = server
      apiURL = server.apiURL
      transport = URLSessionTransport()
    }
  }

  var cacheDirectory: String { directory + "/cache" }

  /// Removes the temp folder and stops the server (asynchronously: `defer` cannot await).
  func cleanUp() {
    TestSupport.removeTemporaryDirectory(directory)
    if let server { Task { await server.stop() } }
  }

  func catalog(
    _ collections: [Collection], settings: GoogleBooksSettings = GoogleBooksSettings(retries: 3, timeout: 15)
  ) -> Catalog {
    var settings = settings
    settings.apiURL = apiURL
    return Catalog(
      site: SiteSettings(title: "Test"), googleBooks: settings,
      cache: CacheSettings(dir: "cache", maxAge: 86_400),
      collections: collections, directory: directory)
  }

  func options(
    offline: Bool = false, refresh: Bool = false, jobs: Int = 4, maxRequests: Int? = nil,
    environment: [String: String] = [:], now: Date = FetchHarness.now, descriptors: Int? = nil
  ) -> FetchOptions {
    let recorder = self.recorder
    var options = FetchOptions(
      cacheDirectory: cacheDirectory, offline: offline, refresh: refresh, jobs: jobs,
      maxRequests: maxRequests,
      environment: environment,
      now: { now }, sleep: { recorder.sleep($0) }, random: { 0.5 })
    if let descriptors { options.availableDescriptors = { descriptors } }
    return options
  }

  func fetcher(
    _ catalog: Catalog, _ options: FetchOptions, progress: (any FetchProgress)? = nil,
    transport: (any HTTPTransport)? = nil
  ) -> Fetcher {
    Fetcher(catalog: catalog, options: options, transport: transport ?? self.transport, progress: progress)
  }

  /// Every file under the cache folder, as text.
  func cacheFiles() -> [String: String] {
    var files: [String: String] = [:]
    let enumerator = FileManager.default.enumerator(atPath: cacheDirectory)
    while let path = enumerator?.nextObject() as? String {
      let full = cacheDirectory + "/" + path
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue {
        files[path] = (try? String(contentsOfFile: full, encoding: .utf8)) ?? ""
      }
    }
    return files
  }

  /// `count` volumes `<prefix>0…` in Google's list-item shape.
  static func volumes(_ prefix: String, _ count: Int) -> [String] {
    (0..<count).map { FakeGoogleBooks.volumeJSON(id: "\(prefix)\($0)", title: "\(prefix) \($0)") }
  }
}

extension FetchResult {
  func ids(_ slug: String) -> [String] {
    collections.first { $0.slug == slug }?.volumes.map(\.id) ?? []
  }

  var warningTexts: [String] { warnings.map(\.description) }
}

/// Counts calls before passing them on: proves a run never reached the transport at all.
final class CountingTransport: HTTPTransport, @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  let next: any HTTPTransport

  init(_ next: any HTTPTransport) {
    self.next = next
  }

  var calls: Int {
    lock.lock()
    defer { lock.unlock() }
    return count
  }

  func get(_ url: String, timeout: Double) async throws(TransportError) -> TransportResponse {
    lock.withLock { count += 1 }
    return try await next.get(url, timeout: timeout)
  }
}
