import Foundation
import PackagePlugin

/// Embeds files of the repository (the theme and UI strings into Site, the example site into
/// BookgenCLI) so the single `bookgen` binary works without them, while they stay ordinary
/// files: each is an input of `EmbedThemeTool`'s command, so editing one regenerates the code.
@main
struct EmbedTheme: BuildToolPlugin {
  /// What a target embeds: the generated enum, the folder paths are relative to, and the files
  /// or folders (everything below them) to take from it.
  private struct Embedding {
    var enumName: String
    var root: URL
    var sources: [String]
  }

  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let package = context.package.directoryURL
    let embeddings =
      target.name == "BookgenCLI"
      ? [
        Embedding(enumName: "ExampleSiteFiles", root: package, sources: ["catalog.yml", ".ci/example-cache"])
      ]
      : [
        Embedding(enumName: "DefaultTheme", root: package.appending(path: "templates"), sources: ["."]),
        Embedding(enumName: "UIStringFiles", root: package.appending(path: "i18n"), sources: ["."]),
      ]
    let tool = try context.tool(named: "EmbedThemeTool").url
    return embeddings.map { embedding in
      let files = embedding.sources.flatMap { regularFiles(at: $0, in: embedding.root) }
      let output = context.pluginWorkDirectoryURL.appending(path: "\(embedding.enumName).swift")
      return .buildCommand(
        displayName: "Embedding \(embedding.enumName) (\(files.count) files)",
        executable: tool,
        arguments: [
          "--name", embedding.enumName, embedding.root.path(percentEncoded: false),
          output.path(percentEncoded: false),
        ] + files.map(\.relative),
        inputFiles: files.map(\.url),
        outputFiles: [output]
      )
    }
  }

  /// `source` itself when it is a file, else every regular file below it (hidden ones
  /// excluded), with paths relative to `root`, sorted.
  private func regularFiles(at source: String, in root: URL) -> [(url: URL, relative: String)] {
    let start = source == "." ? root : root.appending(path: source)
    let rootPath = root.standardizedFileURL.path(percentEncoded: false)
    func relative(_ url: URL) -> String? {
      let path = url.standardizedFileURL.path(percentEncoded: false)
      guard path.hasPrefix(rootPath) else { return nil }
      return String(path.dropFirst(rootPath.count).drop { $0 == "/" })
    }
    if (try? start.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
      return relative(start).map { [(start, $0)] } ?? []
    }
    guard
      let enumerator = FileManager.default.enumerator(
        at: start, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
    else { return [] }
    var files: [(url: URL, relative: String)] = []
    for case let url as URL in enumerator {
      guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true,
        let path = relative(url)
      else { continue }
      files.append((url, path))
    }
    return files.sorted { $0.relative < $1.relative }
  }
}
