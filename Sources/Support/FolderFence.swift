import Glibc

/// The folders bookgen must never replace or delete, whatever it is told, and the project folder
/// that deletions are kept inside: the one rule behind `build`'s output check and every removal.
package struct FolderFence: Sendable, Equatable {
  /// Why a folder is fenced off.
  package enum Protection: Sendable, Equatable {
    case fileSystemRoot
    case homeFolder
    case projectFolder
    case workingFolder
    /// It holds the home, project or working folder (`..`, `/home`).
    case holdsProtectedFolder
  }

  /// The catalog's folder.
  package var project: String
  /// The user's home folder, if known.
  package var home: String?
  /// The folder bookgen was started in.
  package var workingDirectory: String

  package init(project: String, home: String?, workingDirectory: String) {
    self.project = project
    self.home = home
    self.workingDirectory = workingDirectory
  }

  /// Why `path` may never be replaced or removed; nil when it may. Symbolic links are resolved,
  /// so `~/site/..` and a link to the home folder are recognised.
  package func protection(of path: String) -> Protection? {
    let target = Self.resolved(path)
    if target == "/" { return .fileSystemRoot }
    let guarded: [(String?, Protection)] = [
      (home, .homeFolder), (project, .projectFolder), (workingDirectory, .workingFolder),
    ]
    for (folder, reason) in guarded {
      guard let folder, !folder.isEmpty else { continue }
      let other = Self.resolved(folder)
      if other == target { return reason }
      if other.hasPrefix(target + "/") { return .holdsProtectedFolder }
    }
    return nil
  }

  /// Whether `path` lies strictly inside the project folder (links resolved).
  package func isInsideProject(_ path: String) -> Bool {
    let project = Self.resolved(project)
    return Self.resolved(path).hasPrefix(project == "/" ? "/" : project + "/")
  }

  /// The absolute path with `.`, `..` and symbolic links resolved as far as it exists; the
  /// missing rest is appended as written.
  package static func resolved(_ path: String) -> String {
    let standardized = standardized(path)
    if let real = PathKind.realPath(standardized) { return real }
    let slash = standardized.utf8.lastIndex(of: UInt8(ascii: "/")) ?? standardized.utf8.startIndex
    let parent = String(standardized[..<slash])
    let name = String(standardized[standardized.index(after: slash)...])
    guard !parent.isEmpty else { return standardized }
    let resolvedParent = resolved(parent)
    return (resolvedParent == "/" ? "" : resolvedParent) + "/" + name
  }

  /// `path` without `.` and `..` components, repeated or trailing slashes (no file-system access);
  /// relative paths stay relative.
  package static func standardized(_ path: String) -> String {
    var parts: [Substring] = []
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
      switch part {
      case ".": continue
      case "..":
        if let last = parts.last, last != ".." {
          parts.removeLast()
        } else if !path.hasPrefix("/") {
          parts.append(part)
        }
      default: parts.append(part)
      }
    }
    let joined = parts.joined(separator: "/")
    return path.hasPrefix("/") ? "/" + joined : (joined.isEmpty ? "." : joined)
  }
}
