import Diagnostics
import Foundation
import Support

/// The default theme as files, for `bookgen init --templates` and `bookgen theme copy`, which
/// write it (or some of it) into a site's `templates/` folder.
package enum DefaultThemeFiles {
  /// Every file of the default theme by path relative to `templates/`, as bytes.
  package static var files: [String: [UInt8]] {
    var files = DefaultTheme.files.mapValues { Array($0.utf8) }
    for (path, base64) in DefaultTheme.binaryFiles {
      if let data = Data(base64Encoded: base64) { files[path] = Array(data) }
    }
    return files
  }

  /// The theme's paths, sorted (`404.mustache` … `partials/term.mustache`, `assets/style.css`).
  package static var paths: [String] { files.keys.sorted() }

  /// The theme files a name on the command line means: a path (`book.mustache`,
  /// `partials/cover.mustache`, `assets/style.css`), a template name without `.mustache`
  /// (`partials/cover`), either under `templates/`, or a folder (`partials`, `assets/`).
  /// Nil when it names none.
  package static func select(_ name: String) -> [String]? {
    var name = name
    if name.hasPrefix("./") { name.removeFirst(2) }
    if name.hasPrefix("templates/") { name.removeFirst("templates/".count) }
    while name.hasSuffix("/") { name.removeLast() }
    let paths = paths
    for candidate in [name, name + ".mustache"] where paths.contains(candidate) { return [candidate] }
    let inFolder = paths.filter { $0.hasPrefix(name + "/") }
    return name.isEmpty || inFolder.isEmpty ? nil : inFolder
  }

  /// The theme path closest to a name `select` did not recognise (`bok.mustache` → `book.mustache`).
  package static func suggestion(for name: String) -> String? {
    let folders = Set(paths.compactMap { $0.split(separator: "/").dropLast().first.map(String.init) })
    let names = paths + paths.map { $0.hasSuffix(".mustache") ? String($0.dropLast(9)) : $0 } + folders
    guard let match = NearestName.suggestion(for: name, among: names) else { return nil }
    return select(match)?.count == 1 ? select(match)?.first : match
  }

  /// Writes `paths` of the theme (all of it by default) into `directory`, never replacing a
  /// file that exists there.
  package static func write(_ paths: [String]? = nil, to directory: String) throws(SiteError)
    -> NewFiles.Outcome
  {
    let files = files
    let chosen = (paths ?? self.paths).compactMap { path in files[path].map { (path: path, bytes: $0) } }
    do {
      return try NewFiles.write(chosen, into: directory)
    } catch {
      throw .io(operation: "write", path: error.path, reason: error.reason)
    }
  }
}
