import Foundation
import Mustache
import Support

/// The templates and assets a site is rendered with: the embedded default theme, with the
/// site's own `templates/` folder overriding it file by file.
struct Theme: Sendable {
  /// Template sources by name (relative path without `.mustache`: `book`, `partials/cover`).
  var defaultTemplates: [String: String]
  /// The site's templates folder, when it has one.
  var siteDirectory: String?
  /// The template files of the site's folder, already read (`TemplateLibrary` parses them).
  var siteTemplates: [TemplateLibrary.File] = []
  /// Files copied to `assets/…`, by path relative to `assets/`.
  var assets: [String: [UInt8]]

  /// The most read from one template: 4 MiB is hundreds of times the largest page template.
  static let templateLimit = FileLimit(bytes: 4 << 20, what: "a template")
  /// The most read from one asset: 64 MiB holds any stylesheet, script, font or image a page
  /// links to.
  static let assetLimit = FileLimit(bytes: 64 << 20, what: "an asset")

  /// The default theme plus the site's overrides from `directory` (nil: defaults only).
  static func load(directory: String?) throws(SiteError) -> Theme {
    var templates: [String: String] = [:]
    var assets: [String: [UInt8]] = [:]
    for (path, bytes) in DefaultThemeFiles.files {
      if let asset = assetName(path) {
        assets[asset] = bytes
      } else if let name = TemplateLibrary.templateName(ofFile: path) {
        templates[name] = String(decoding: bytes, as: UTF8.self)
      }
    }
    guard let directory, PathKind.of(directory) != .missing else {
      return Theme(defaultTemplates: templates, siteDirectory: nil, assets: assets)
    }
    var siteTemplates: [TemplateLibrary.File] = []
    for file in try siteFiles(in: directory) {
      if let asset = assetName(file.path) { assets[asset] = file.contents }
      if TemplateLibrary.templateName(ofFile: file.path) != nil { siteTemplates.append(file) }
    }
    return Theme(
      defaultTemplates: templates, siteDirectory: directory, siteTemplates: siteTemplates, assets: assets)
  }

  /// The files of the site's templates folder that a build reads — its templates and assets,
  /// sorted by path — each read through the folder's fence: a regular file inside the folder,
  /// within its limit, or a located error. `check`, `build` and the build fingerprint all read
  /// the theme through here.
  static func siteFiles(in directory: String) throws(SiteError) -> [TemplateLibrary.File] {
    let fence = FileFence(folder: directory, name: (directory as NSString).lastPathComponent + "/")
    do {
      var files: [TemplateLibrary.File] = []
      for path in try fence.files(skippingHidden: true) {
        let isAsset = assetName(path) != nil
        guard isAsset || TemplateLibrary.templateName(ofFile: path) != nil else { continue }
        let bytes = try fence.read(path, limit: isAsset ? assetLimit : templateLimit)
        files.append(TemplateLibrary.File(path: path, contents: bytes))
      }
      return files
    } catch {
      throw .unreadableFile(path: error.path, reason: error.reason)
    }
  }

  /// `assets/style.css` → `style.css`; nil for anything outside `assets/`.
  static func assetName(_ path: String) -> String? {
    guard path.hasPrefix("assets/") else { return nil }
    let name = String(path.dropFirst("assets/".count))
    let parts = name.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
    return !name.isEmpty && parts.allSatisfy { OutputFolder.isSafeComponent($0) } ? name : nil
  }
}
