import Foundation
import HTTPServer

/// Serves cover images over real HTTP on 127.0.0.1, as Google's and Open Library's image hosts
/// answer: each path its bytes and Content-Type (hostile ones too: HTML served as
/// `image/jpeg`, a 404, a 503 with `Retry-After`), and counts the requests per path.
public final class FakeImageServer: Sendable {
  /// One path's answer.
  public struct Image: Sendable {
    public var status: Int
    public var contentType: String
    public var body: [UInt8]
    public var headers: [(String, String)]

    public init(
      status: Int = 200, contentType: String = "image/jpeg", body: [UInt8], headers: [(String, String)] = []
    ) {
      self.status = status
      self.contentType = contentType
      self.body = body
      self.headers = headers
    }
  }

  private let state = ImageState()
  private let server: HTTPServer

  private final class ImageState: @unchecked Sendable {
    private let lock = NSLock()
    /// Each target's answers in turn; the last one is given again and again.
    var images: [String: [Image]] = [:]
    var requests: [String: Int] = [:]

    func withLock<Result>(_ body: (ImageState) -> Result) -> Result {
      lock.lock()
      defer { lock.unlock() }
      return body(self)
    }
  }

  public init() {
    let state = state
    server = HTTPServer(host: "127.0.0.1", port: 0) { request in
      let image = state.withLock { state in
        state.requests[request.target, default: 0] += 1
        guard var answers = state.images[request.target], let first = answers.first else {
          return Image?.none
        }
        if answers.count > 1 {
          answers.removeFirst()
          state.images[request.target] = answers
        }
        return first
      }
      guard let image else {
        return HTTPResponse(
          status: 404, headers: [("Content-Type", "text/html")], body: Array("<h1>Not found</h1>".utf8))
      }
      return HTTPResponse(
        status: image.status,
        headers: [("Content-Type", image.contentType)] + image.headers.map { (name: $0.0, value: $0.1) },
        body: image.body)
    }
  }

  /// `target` (a path and query, `/covers/dune.jpg?x=1`) answers `image`.
  public func set(_ target: String, _ image: Image) {
    state.withLock { $0.images[target] = [image] }
  }

  /// `target` answers `answers` in turn, then the last of them for good (a busy host that
  /// recovers: a 503 with `Retry-After`, then the image).
  public func set(_ target: String, answers: [Image]) {
    state.withLock { $0.images[target] = answers }
  }

  /// Requests for `target` so far.
  public func requests(_ target: String) -> Int {
    state.withLock { $0.requests[target] ?? 0 }
  }

  /// Requests for any path so far.
  public var totalRequests: Int {
    state.withLock { $0.requests.values.reduce(0, +) }
  }

  public func start() throws { try server.start() }

  /// `http://127.0.0.1:PORT`.
  public var origin: String { "http://127.0.0.1:\(server.port)" }

  public func stop() async { await server.stop() }

  /// The bytes of `Tests/Fixtures/covers/NAME`.
  public static func fixture(_ name: String) -> [UInt8] {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/covers")
    return (try? [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))) ?? []
  }

  /// `Tests/Fixtures/covers/`.
  public static var fixtureFolder: String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/covers").path
  }
}
