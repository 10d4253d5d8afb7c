import Foundation
import HTTPServer

/// Shared helpers for tests (fake Google Books server, temp dirs).
public enum TestSupport {
  /// A fresh empty folder under the system temp dir; remove it with `removeTemporaryDirectory`.
  public static func makeTemporaryDirectory(_ prefix: String = "bookgen-test") -> String {
    let path = NSTemporaryDirectory() + "/\(prefix)-\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  public static func removeTemporaryDirectory(_ path: String) {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// An API URL on a local port nothing listens on (one a server just gave back), so every
  /// connection is refused at once: the network is down, as far as a fetch can tell.
  public static func unreachableAPIURL() async throws -> String {
    let server = HTTPServer(host: "127.0.0.1", port: 0) { _ in HTTPResponse(status: 500, body: []) }
    try server.start()
    let port = server.port
    await server.stop()
    return "http://127.0.0.1:\(port)/books/v1"
  }
}
