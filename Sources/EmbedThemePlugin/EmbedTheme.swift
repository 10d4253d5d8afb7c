import Foundation
import PackagePlugin

/// Embeds the default theme (the repository's top-level `templates/`) into the Site module.
///
/// The theme stays a folder of ordinary files, the one copy in the repository; at build time
/// this plugin runs `EmbedThemeTool`, which writes `DefaultTheme.swift` holding every file's
/// contents. Each theme file is an input of the command, so editing, adding or removing one
/// regenerates the Swift file; the binary then builds sites from any location without the
/// folder.
@main
struct EmbedTheme: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let theme = context.package.directoryURL.appending(path: "templates")
    let files = themeFiles(in: theme)
    let output = context.pluginWorkDirectoryURL.appending(path: "DefaultTheme.swift")
    return [
      .buildCommand(
        displayName: "Embedding the default theme (\(files.count) files)",
        executable: try context.tool(named: "EmbedThemeTool").url,
        arguments: [theme.path(percentEncoded: false), output.path(percentEncoded: false)]
          + files.map(\.relative),
        inputFiles: files.map(\.url),
        outputFiles: [output]
      )
    ]
  }

  /// Every regular file under `theme`, hidden files excluded, sorted by relative path.
  private func themeFiles(in theme: URL) -> [(url: URL, relative: String)] {
    let root = theme.standardizedFileURL.path(percentEncoded: false)
    guard
      let enumerator = FileManager.default.enumerator(
        at: theme, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
    else { return [] }
    var files: [(url: URL, relative: String)] = []
    for case let url as URL in enumerator {
      guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
      let path = url.standardizedFileURL.path(percentEncoded: false)
      guard path.hasPrefix(root) else { continue }
      let relative = path.dropFirst(root.count).drop { $0 == "/" }
      files.append((url, String(relative)))
    }
    return files.sorted { $0.relative < $1.relative }
  }
}
