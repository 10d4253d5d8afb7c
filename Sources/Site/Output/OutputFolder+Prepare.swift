import Support

extension OutputFolder {
  /// Readies a build: removes what an interrupted build or an older bookgen left beside the
  /// output, and makes an empty staging folder; the update links from the output the files its
  /// manifest lists. The caller holds the lock.
  func prepare(force: Bool, fence: FolderFence) throws(SiteError) -> OutputUpdate {
    let replacesForeignFolder: Bool
    switch PathKind.of(output) {
    case .file, .other: throw .invalidOutputDirectory(output)
    case .missing: replacesForeignFolder = false
    case .folder: replacesForeignFolder = !isOurs(output)
    }
    if replacesForeignFolder, PathKind.of(replaced) != .missing {
      throw .io(
        operation: "keep the replaced output at '\(replaced)'", path: output,
        reason: "that folder already exists; remove it first")
    }
    let current = replacesForeignFolder ? nil : currentManifest()
    for leftover in [staging, retired, legacyTwin, legacyManifests] + legacyFiles {
      try removeOurs(leftover, fence: fence)
    }
    try FileSystem.makeFolders(staging)
    return OutputUpdate(
      root: staging, source: output, current: current?.entries ?? [:],
      replacesForeignFolder: replacesForeignFolder)
  }

  /// Removes a folder (or file) bearing one of bookgen's own names next to the output, through
  /// the one removal rule: anywhere the output may be, as the build was pointed there.
  func removeOurs(_ path: String, fence: FolderFence? = nil) throws(SiteError) {
    switch PathKind.of(path) {
    case .missing: return
    case .file, .other: try FileSystem.remove(path)
    case .folder:
      do {
        if let fence {
          try FolderRemoval.remove(path, fence: fence, scope: .anywhere) { _ in true }
        } else {
          try FolderRemoval.removeTree(path)
        }
      } catch {
        switch error {
        case .refused(let path, .protected(let protection)):
          throw .unsafeOutputDirectory(path: path, reason: .protected(protection))
        case .refused(let path, _): throw .invalidOutputDirectory(path)
        case .io(let path, let reason): throw .io(operation: "remove", path: path, reason: reason)
        }
      }
    }
  }
}
