import Foundation

/// A folder named on the command line (`init`'s). The rules for what bookgen may replace or
/// remove are `FolderFence` and `FolderRemoval` (Support) and Site's `OutputFolder`.
struct OutputFolder: Sendable {
  /// Absolute, standardized.
  let path: String

  var exists: Bool { FileManager.default.fileExists(atPath: path) }

  var isDirectory: Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
  }

  /// The folder's entries, sorted; empty when it does not exist.
  func entries() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
  }
}
