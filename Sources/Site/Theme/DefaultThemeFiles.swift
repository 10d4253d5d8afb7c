import Foundation

/// The default theme as files, for `bookgen init` (which writes it into a new site).
public enum DefaultThemeFiles {
  /// Every file of the default theme by path relative to `templates/`, as bytes.
  public static var files: [String: [UInt8]] {
    var files = DefaultTheme.files.mapValues { Array($0.utf8) }
    for (path, base64) in DefaultTheme.binaryFiles {
      if let data = Data(base64Encoded: base64) { files[path] = Array(data) }
    }
    return files
  }

  /// Writes the default theme into `directory` (created if needed), never replacing a file
  /// that exists; returns the paths written, relative to `directory`, sorted.
  public static func write(to directory: String) throws(SiteError) -> [String] {
    var written: [String] = []
    for (path, bytes) in files.sorted(by: { $0.key < $1.key }) {
      let target = directory + "/" + path
      guard !FileManager.default.fileExists(atPath: target) else { continue }
      do {
        try FileManager.default.createDirectory(
          atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      } catch {
        throw .io(operation: "create folder", path: target, reason: error.localizedDescription)
      }
      try bytes.withSiteBytes { buffer throws(SiteError) in try FileSystem.replace(target, with: buffer) }
      written.append(path)
    }
    return written
  }
}
