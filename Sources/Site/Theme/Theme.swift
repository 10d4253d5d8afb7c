import Foundation

/// The templates and assets a site is rendered with: the embedded default theme, with the
/// site's own `templates/` folder overriding it file by file.
package struct Theme: Sendable {
  /// Template sources by name (relative path without `.mustache`: `book`, `partials/cover`).
  var defaultTemplates: [String: String]
  /// The site's templates folder, when it has one.
  var siteDirectory: String?
  /// Files copied to `assets/…`, by path relative to `assets/`.
  var assets: [String: [UInt8]]

  /// The default theme plus the site's overrides from `directory` (nil: defaults only).
  static func load(directory: String?) throws(SiteError) -> Theme {
    var templates: [String: String] = [:]
    var assets: [String: [UInt8]] = [:]
    for (path, text) in DefaultTheme.files {
      if let asset = assetName(path) {
        assets[asset] = Array(text.utf8)
      } else if let name = templateName(path) {
        templates[name] = text
      }
    }
    for (path, base64) in DefaultTheme.binaryFiles {
      if let asset = assetName(path), let data = Data(base64Encoded: base64) { assets[asset] = Array(data) }
    }
    guard let directory else {
      return Theme(defaultTemplates: templates, siteDirectory: nil, assets: assets)
    }
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isFolder), isFolder.boolValue else {
      return Theme(defaultTemplates: templates, siteDirectory: nil, assets: assets)
    }
    for path in siteFiles(in: directory) {
      guard let asset = assetName(path) else { continue }
      let full = directory + "/" + path
      guard let data = FileManager.default.contents(atPath: full) else {
        throw .io(operation: "read", path: full, reason: "cannot read the file")
      }
      assets[asset] = Array(data)
    }
    return Theme(defaultTemplates: templates, siteDirectory: directory, assets: assets)
  }

  /// `assets/style.css` → `style.css`; nil for anything outside `assets/`.
  static func assetName(_ path: String) -> String? {
    guard path.hasPrefix("assets/") else { return nil }
    let name = String(path.dropFirst("assets/".count))
    let parts = name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    return !name.isEmpty && parts.allSatisfy(OutputFolder.isSafeComponent) ? name : nil
  }

  /// `partials/cover.mustache` → `partials/cover`; nil for other files.
  static func templateName(_ path: String) -> String? {
    path.hasSuffix(".mustache") ? String(path.dropLast(".mustache".count)) : nil
  }

  /// Regular, non-hidden files below `directory`, relative, sorted.
  package static func siteFiles(in directory: String) -> [String] {
    guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
    var files: [String] = []
    for case let relative as String in enumerator {
      guard !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else { continue }
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: directory + "/" + relative, isDirectory: &isFolder),
        !isFolder.boolValue
      {
        files.append(relative)
      }
    }
    return files.sorted()
  }
}
