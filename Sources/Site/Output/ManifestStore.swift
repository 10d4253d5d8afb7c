import Support

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the manifests of the output and its twin live: beside them, in `.NAME.bookgen-manifests/`,
/// never inside the deployed folder (hosts serve dotfiles). Each file is named by the identity of
/// the tree it describes (`TreeIdentity`), which the swap's rename keeps, so the exchange of the
/// two folders stays one atomic step and each manifest still describes its tree afterwards.
struct ManifestStore: Sendable {
  let folder: String

  /// The manifest file for the tree at `tree`; nil when there is no folder there.
  func path(describing tree: String) -> String? {
    TreeIdentity.key(of: tree).map { folder + "/" + $0 }
  }

  /// The manifest of the tree at `tree`, if bookgen recorded one.
  func load(describing tree: String) -> OutputManifest? {
    path(describing: tree).flatMap(OutputManifest.load(file:))
  }

  /// The entries of the tree at `tree`'s manifest, for lookups; nil when there is none, or it is
  /// incomplete or does not parse.
  func table(describing tree: String) -> ManifestTable? {
    path(describing: tree).flatMap(FileSystem.read).flatMap(ManifestTable.init(parsing:))
  }

  /// Records `manifest` for the tree at `tree`, whole (a new file renamed over the old one).
  func write(_ manifest: OutputManifest, describing tree: String) throws(SiteError) {
    guard let path = path(describing: tree) else { throw .invalidOutputDirectory(tree) }
    try FileSystem.makeFolder(folder)
    let temporary = path + ".tmp"
    try manifest.serialized().withSiteBytes { bytes throws(SiteError) in
      try FileSystem.replace(temporary, with: bytes)
    }
    try FileSystem.rename(temporary, path)
  }

  /// Drops the manifest of the tree at `tree` (before that tree is taken apart).
  func forget(_ tree: String) throws(SiteError) {
    guard let path = path(describing: tree) else { return }
    try FileSystem.remove(path)
  }

  /// Every complete manifest kept, by file name (for a tree whose identity changed).
  func all() -> [(key: String, manifest: OutputManifest)] {
    (PathKind.names(in: folder) ?? []).sorted().compactMap { name in
      guard !name.hasSuffix(".tmp"), let manifest = OutputManifest.load(file: folder + "/" + name),
        manifest.isComplete
      else { return nil }
      return (name, manifest)
    }
  }

  /// Removes the manifests of trees that are gone (after a swap, a fresh twin, a copy).
  func keepOnly(_ trees: [String]) {
    let kept = Set(trees.compactMap(TreeIdentity.key(of:)))
    for name in PathKind.names(in: folder) ?? [] where !kept.contains(name) {
      unlink(folder + "/" + name)
    }
  }
}
