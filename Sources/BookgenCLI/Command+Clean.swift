import Foundation

extension CommandContext {
  /// `bookgen clean`: removes the output folder if bookgen made it, and with `--cache` the cache.
  func clean() throws {
    let catalogPath = environment.resolve(options.catalogPath)
    let projectFolder = (catalogPath as NSString).deletingLastPathComponent
    let output = OutputFolder(path: environment.resolve(options.outputPath))
    try remove(output, shownAs: options.outputPath, projectFolder: projectFolder, requireMarker: true)
    guard options.removeCache else { return }
    let cacheDir = try cacheDirectory(catalogPath: catalogPath)
    let cache = OutputFolder(path: cacheDir)
    try remove(cache, shownAs: cacheDir, projectFolder: projectFolder, requireMarker: false)
  }

  private func remove(
    _ folder: OutputFolder, shownAs name: String, projectFolder: String, requireMarker: Bool
  ) throws {
    guard folder.exists else {
      console.status("Nothing to remove: '\(name)' does not exist")
      return
    }
    if folder.isProtected(in: environment, projectFolder: projectFolder) {
      throw CommandError.refusedFolder(name, action: .remove, reason: .protectedFolder)
    }
    guard folder.isDirectory else {
      throw CommandError.refusedFolder(name, action: .remove, reason: .notAFolder)
    }
    if requireMarker, !folder.looksLikeOurs {
      throw CommandError.refusedFolder(name, action: .remove, reason: .notOurs)
    }
    do {
      try FileManager.default.removeItem(atPath: folder.path)
    } catch {
      throw CommandError.fileSystem(operation: "remove", path: name, underlying: error)
    }
    console.status("Removed '\(name)'")
  }
}
