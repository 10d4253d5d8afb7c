import Foundation

@testable import SearchIndex

/// Stores as a build reads them: from a file (`SearchAnalysisStore(reading:)`), never a buffer.
enum StoreFiles {
  /// `bytes` in a new temporary file; its path.
  static func write(_ bytes: [UInt8]) throws -> String {
    let path = NSTemporaryDirectory() + "bookgen-store-tests-" + UUID().uuidString
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// Changes the byte at `offset` of the file at `path` in place (the same file, as another
  /// process writing it would).
  static func flip(_ path: String, at offset: Int) throws {
    let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    try handle.seek(toOffset: UInt64(offset))
    let byte = try handle.read(upToCount: 1) ?? Data()
    try handle.seek(toOffset: UInt64(offset))
    try handle.write(contentsOf: Data([(byte.first ?? 0) ^ 0x5A]))
  }
}

extension SearchAnalysisStore {
  /// The store in `bytes`, read from a temporary file through a `window` of a few bytes (the
  /// file is removed at once: the store holds it open).
  init?(serialized bytes: [UInt8], stamp: String, window: Int = 256) {
    guard let path = try? StoreFiles.write(bytes) else { return nil }
    defer { try? FileManager.default.removeItem(atPath: path) }
    self.init(reading: path, stamp: stamp, window: window)
  }
}
