import Catalog
import Foundation
import Site
import Support

extension CommandContext {
  /// `bookgen theme list|copy [FILE…]`: the default theme's files next to the site's own, or
  /// some of them copied into the site's `templates/`, never replacing a file there.
  func theme(_ options: ThemeCommandOptions) throws {
    let catalogPath = environment.resolve(options.catalog.path)
    guard FileManager.default.fileExists(atPath: catalogPath) else {
      throw CatalogError.fileNotFound(path: options.catalog.path)
    }
    let templates = ((catalogPath as NSString).deletingLastPathComponent as NSString)
      .appendingPathComponent("templates")
    let shown = (((options.catalog.path as NSString).deletingLastPathComponent) as NSString)
      .appendingPathComponent("templates")
    switch options.action {
    case .list:
      console.print(try themeList(templates: templates, shown: shown))
    case .copy:
      let outcome: NewFiles.Outcome
      do {
        outcome = try DefaultThemeFiles.write(options.files, to: templates)
      } catch {
        throw CommandError.fileSystem(
          operation: "copy the default theme into", path: shown, underlying: error)
      }
      guard options.verbosity.level > .quiet else { return }
      console.print(Self.copyReport(outcome, folder: shown))
    }
  }

  /// Every theme file, marked when the site's `templates/` replaces it, then the site's own
  /// files the theme does not have (`assets/custom.css`). A `templates/` that cannot be listed
  /// is an error: a list without the owner's files would claim the defaults are in use.
  private func themeList(templates: String, shown: String) throws(CommandError) -> String {
    let paths = DefaultThemeFiles.paths
    let width = (paths.map(\.count).max() ?? 0) + 2
    var lines = ["The default theme (a file of the same path in \(shown)/ replaces it):"]
    for path in paths {
      let mine = FileManager.default.fileExists(atPath: (templates as NSString).appendingPathComponent(path))
      lines.append(
        "  " + path + (mine ? String(repeating: " ", count: width - path.count) + "replaced by yours" : ""))
    }
    let fence = FileFence(folder: templates, name: shown + "/")
    let extra: [String]
    do {
      extra = try fence.files(skippingHidden: true).filter { !paths.contains($0) }
    } catch {
      throw CommandError.fileSystem(operation: "list the theme files in", path: shown, underlying: error)
    }
    if !extra.isEmpty {
      lines.append("Also in \(shown)/:")
      lines += extra.map { "  " + $0 }
    }
    if !extra.contains("assets/custom.css") {
      lines.append("Extra styles: every page links \(shown)/assets/custom.css when there is one.")
    }
    return lines.joined(separator: "\n")
  }

  /// What `theme copy` wrote and kept, in words.
  private static func copyReport(_ outcome: NewFiles.Outcome, folder: String) -> String {
    var lines: [String] = []
    if !outcome.written.isEmpty {
      lines.append("Copied into \(folder)/ (edit them there; delete one to use the default again):")
      lines += outcome.written.map { "  " + $0 }
    }
    if !outcome.kept.isEmpty {
      lines.append("Kept, already in \(folder)/ (bookgen never replaces a file):")
      lines += outcome.kept.map { "  " + $0 }
    }
    return lines.joined(separator: "\n")
  }
}
