import Foundation

/// Names the file system a folder lives on, so the report says where it measured.
enum FileSystem {
  /// The type in /proc/mounts of the longest mount point holding `path` (`tmpfs`, `ext4`…).
  static func kind(of path: String) -> String {
    let absolute = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    guard let mounts = try? String(contentsOfFile: "/proc/mounts", encoding: .utf8) else { return "unknown" }
    var best: (point: String, type: String)?
    for line in mounts.split(separator: "\n") {
      let fields = line.split(separator: " ")
      guard fields.count >= 3 else { continue }
      let point = String(fields[1])
      let holds = absolute == point || absolute.hasPrefix(point == "/" ? "/" : point + "/")
      if holds && point.count >= (best?.point.count ?? -1) { best = (point, String(fields[2])) }
    }
    return best?.type ?? "unknown"
  }
}
