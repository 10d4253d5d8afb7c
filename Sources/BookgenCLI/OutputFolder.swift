import Foundation

/// Rules for folders bookgen writes and removes, so a typo in `--output` never deletes someone's
/// home folder or project.
struct OutputFolder: Sendable {
  /// The file the site writer leaves in every output folder it creates.
  static let markerName = ".bookgen-output"

  /// Absolute, standardized.
  let path: String

  /// The root, the home folder, the working directory and any folder holding them.
  func isProtected(in environment: Environment, projectFolder: String) -> Bool {
    var protected = ["/", environment.workingDirectory, projectFolder]
    if let home = environment.variables["HOME"], !home.isEmpty { protected.append(home) }
    return protected.map { ($0 as NSString).standardizingPath }.contains { other in
      other == path || path == "/" || other.hasPrefix(path.hasSuffix("/") ? path : path + "/")
    }
  }

  var exists: Bool { FileManager.default.fileExists(atPath: path) }

  var isDirectory: Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
  }

  /// The folder's entries, sorted; empty when it does not exist.
  func entries() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
  }

  /// Holds bookgen's marker, or nothing at all.
  var looksLikeOurs: Bool {
    let entries = entries()
    return entries.isEmpty || entries.contains(Self.markerName)
  }
}
