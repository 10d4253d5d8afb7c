import Foundation

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
}
