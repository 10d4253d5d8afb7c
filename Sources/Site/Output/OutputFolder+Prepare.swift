import Support

extension OutputFolder {
  /// What the current output is, to the build about to replace it.
  private enum Current {
    case tree(ManifestTable)
    /// Not bookgen's, and not empty: replaced only with `force`, its files moved aside.
    case foreign
  }

  /// Readies the twin for this build: reuses it when its manifest is complete, starts it afresh
  /// otherwise (whatever is in it: the twin's name is bookgen's), and marks it incomplete until
  /// `commit`; removes the earlier writer's leftovers. The caller holds the lock.
  func prepare(force: Bool, fence: FolderFence) throws(SiteError) -> OutputUpdate {
    let current = try currentOutput()
    let replacesForeignFolder: Bool
    switch current {
    case .tree: replacesForeignFolder = false
    case .foreign: replacesForeignFolder = true
    }
    for leftover in leftovers { try removeOurs(leftover, fence: fence) }
    if replacesForeignFolder, PathKind.of(replaced) != .missing {
      throw .io(
        operation: "keep the replaced output at '\(replaced)'", path: output,
        reason: "that folder already exists; remove it first")
    }

    var staged = ManifestTable()
    switch PathKind.of(next) {
    case .missing:
      break
    case .file, .other:
      guard force else { throw .invalidOutputDirectory(next) }
      try FileSystem.remove(next)
    case .folder:
      if let table = manifests.table(describing: next) {
        staged = table
      } else {
        // An interrupted build's leftovers (ours) are cheaper to recreate than to audit. Its
        // manifest goes first, so a removal cut short is never taken for a complete twin.
        try manifests.forget(next)
        try removeOurs(next, fence: fence)
      }
    }
    if PathKind.of(next) == .missing {
      try FileSystem.makeFolders(next)
    }
    try manifests.write(.incomplete, describing: next)
    let manifest: ManifestTable
    if case .tree(let tree) = current { manifest = tree } else { manifest = ManifestTable() }
    return OutputUpdate(
      root: next, source: output, current: manifest, staged: staged, manifests: manifests,
      replacesForeignFolder: replacesForeignFolder)
  }

  /// The output's manifest: what its files are, for linking those that did not change.
  private func currentOutput() throws(SiteError) -> Current {
    switch PathKind.of(output) {
    case .file, .other: throw .invalidOutputDirectory(output)
    case .missing: return .tree(ManifestTable())
    case .folder:
      if let path = manifests.path(describing: output), let bytes = FileSystem.read(path) {
        // One that is incomplete or does not parse: the output is still ours, rebuilt in full.
        return .tree(ManifestTable(parsing: bytes) ?? ManifestTable())
      }
      // An older bookgen's output, or an empty folder: rebuilt in full.
      if OutputManifest.hasLegacyManifest(output) || FileSystem.isEmptyFolder(output) {
        return .tree(ManifestTable())
      }
      // A copied or moved output: its files are what a kept manifest lists.
      if let kept = manifests.all().first(where: { $0.manifest.describesExactly(output) }) {
        return .tree(ManifestTable(kept.manifest))
      }
      return .foreign
    }
  }

  /// Removes a folder (or file) bearing one of bookgen's own names next to the output, through
  /// the one removal rule: anywhere the output may be, as the build was pointed there.
  private func removeOurs(_ path: String, fence: FolderFence) throws(SiteError) {
    switch PathKind.of(path) {
    case .missing: return
    case .file, .other: try FileSystem.remove(path)
    case .folder:
      do {
        try FolderRemoval.remove(path, fence: fence, scope: .anywhere) { _ in true }
      } catch {
        switch error {
        case .refused(let path, .protected(let protection)):
          throw .unsafeOutputDirectory(path: path, reason: OutputRefusal(protection))
        case .refused(let path, _): throw .invalidOutputDirectory(path)
        case .io(let path, let reason): throw .io(operation: "remove", path: path, reason: reason)
        }
      }
    }
  }
}
