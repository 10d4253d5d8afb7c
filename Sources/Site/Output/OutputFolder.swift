import Foundation
import Support

/// The output folder (`public/`) and what bookgen keeps beside it: the manifest
/// (`.public.bookgen-manifest`), the lock, and while a build runs its staging folder
/// (`.public.bookgen-staging/`).
///
/// A build writes the whole new site into the staging folder — hard-linking the files whose
/// bytes the current output already holds (so their inode and modification time stay, and sync
/// tools skip them), writing the others — records the manifest, then swaps the staging folder
/// and the output in one atomic rename (`renameat2(RENAME_EXCHANGE)`) and removes the old
/// tree. A failed or interrupted build never touches `public/`; the staging folder it leaves is
/// removed by the next build.
package struct OutputFolder: Sendable {
  /// Absolute, standardised path of the output folder.
  package let output: String
  /// Where a build writes the new site before it is swapped in. Its name is bookgen's: whatever
  /// is there is an interrupted build's (bookgen never moves the owner's files into it).
  package let staging: String
  /// What the output holds (`OutputManifest`).
  let manifest: String
  /// Where a non-bookgen folder replaced with `force` is kept (never deleted by bookgen).
  package let replaced: String
  /// The lock file a build or `clean` holds while it works on the output.
  package let lock: String
  /// Where the old output goes where folders cannot be exchanged, until it is removed.
  let retired: String
  /// What earlier bookgens kept beside the output: the twin folder a build swapped with the
  /// output, the manifests of both, and the state files they kept for the next build; `prepare`
  /// and `remove` remove them.
  let legacyTwin: String
  let legacyManifests: String
  let legacyFiles: [String]

  /// The output at `path`, resolved against `currentDirectory` when relative (which it may only
  /// be when one is given: the working directory is injected, never the process's).
  package init(path: String, currentDirectory: String? = nil) throws(SiteError) {
    guard path.hasPrefix("/") || currentDirectory != nil else { throw .invalidOutputDirectory(path) }
    let standardized = OutputFolder.absolute(path, in: currentDirectory ?? "/")
    let name = (standardized as NSString).lastPathComponent
    guard standardized != "/" else {
      throw .unsafeOutputDirectory(path: standardized, reason: .protected(.fileSystemRoot))
    }
    guard !name.isEmpty, name != ".", name != ".." else { throw .invalidOutputDirectory(path) }
    let parent = (standardized as NSString).deletingLastPathComponent
    output = standardized
    let beside = parent + "/." + name + ".bookgen-"
    staging = beside + "staging"
    manifest = beside + "manifest"
    replaced = beside + "replaced"
    lock = beside + "lock"
    retired = beside + "old"
    legacyTwin = beside + "next"
    legacyManifests = beside + "manifests"
    legacyFiles = ["state", "books", "volumes", "cache-index"].flatMap {
      [beside + $0, beside + $0 + ".tmp"]
    }
  }

  static func absolute(_ path: String, in currentDirectory: String) -> String {
    let absolute = path.hasPrefix("/") ? path : currentDirectory + "/" + path
    return (absolute as NSString).standardizingPath
  }

  /// Why a build may not replace the output folder; nil when it may. Never the root, the home,
  /// project or working folder or one holding them (`FolderFence`, whatever `force` says), nor
  /// a file or link; a non-empty folder bookgen did not create only with `force`. The one rule
  /// for the render stage and the CLI, which asks before fetching so that a refusal costs nothing.
  package func refusal(fence: FolderFence, force: Bool) -> OutputRefusal? {
    if let protection = fence.protection(of: output) { return .protected(protection) }
    switch PathKind.of(output) {
    case .missing: return nil
    case .folder: return force || isOurs(output) ? nil : .notBookgenOutput
    case .file, .other: return .notAFolder
    }
  }

  func checkSafety(fence: FolderFence, force: Bool) throws(SiteError) {
    switch refusal(fence: fence, force: force) {
    case nil: return
    case .notAFolder: throw .invalidOutputDirectory(output)
    case let reason?: throw .unsafeOutputDirectory(path: output, reason: reason)
    }
  }

  /// Whether the folder at `path` (the output) is one bookgen wrote, or empty: the manifest
  /// beside it names it (or names the folder it replaced, when a build stopped before its swap);
  /// or an older bookgen's manifest describes it, beside it or inside it; or, when its identity
  /// changed (the project was copied or moved), it holds exactly the files the manifest lists.
  package func isOurs(_ path: String) -> Bool {
    guard PathKind.of(path) == .folder else { return false }
    if FileSystem.isEmptyFolder(path) || OutputManifest.hasLegacyManifest(path) { return true }
    guard let identity = TreeIdentity.key(of: path) else { return false }
    if FileSystem.size(of: legacyManifests + "/" + identity) != nil { return true }
    guard let header = OutputManifest.loadHeader(file: manifest) else { return false }
    if header.tree == identity || header.replaces == identity { return true }
    return OutputManifest.load(file: manifest)?.describesExactly(path) ?? false
  }

  /// The manifest when it describes the output as it is now: the folder it names, or (a copied
  /// or moved project) one holding exactly the files it lists; nil otherwise.
  func currentManifest() -> OutputManifest? {
    // The output first: without one (removed for a build from nothing) the manifest is not read.
    guard let identity = TreeIdentity.key(of: output), let manifest = OutputManifest.load(file: manifest),
      manifest.tree == identity || (manifest.replaces != identity && manifest.describesExactly(output))
    else { return nil }
    return manifest
  }

  /// Puts the finished staging folder in place of the output: records its manifest (before the
  /// swap, naming the folder it replaces), swaps the two in one atomic exchange where the system
  /// offers it, and removes the old tree. A non-bookgen folder replaced with `force` is moved
  /// aside instead.
  func commit(
    _ update: OutputUpdate, entries: [String: OutputManifest.Entry], fingerprint: String?, baseURL: String?
  ) throws(SiteError) {
    guard let tree = TreeIdentity.key(of: staging) else { throw .invalidOutputDirectory(staging) }
    let manifest = OutputManifest(
      tree: tree, replaces: update.replacesForeignFolder ? nil : TreeIdentity.key(of: output),
      fingerprint: fingerprint, baseURL: baseURL, entries: entries)
    let temporary = self.manifest + ".tmp"
    try manifest.serialized().withSiteBytes { bytes throws(SiteError) in
      try FileSystem.replace(temporary, with: bytes)
    }
    try FileSystem.rename(temporary, self.manifest)
    if update.replacesForeignFolder {
      try FileSystem.rename(output, replaced)
      try FileSystem.rename(staging, output)
      return
    }
    switch PathKind.of(output) {
    case .missing:
      try FileSystem.rename(staging, output)
      return
    default:
      guard !FileSystem.exchange(staging, output) else { break }
      // No atomic exchange (old kernel, other file system): two renames; a build stopped
      // between them leaves no output, and the next build removes what it left aside.
      try FileSystem.rename(output, retired)
      try FileSystem.rename(staging, output)
      try removeOurs(retired)
      return
    }
    try removeOurs(staging)
  }

  /// The file path relative to the output folder for a site path, refusing anything that
  /// could escape it.
  static func relativePath(for path: SitePath) throws(SiteError) -> String {
    // `path.relativeFilePath` joined, in one buffer (this runs once per page).
    var joined: [UInt8] = []
    joined.reserveCapacity(96)
    var safe = true
    var first = true
    func append(_ component: String) {
      safe = safe && isSafeComponent(component.utf8)
      if !first { joined.append(UInt8(ascii: "/")) }
      first = false
      joined += component.utf8
    }
    for component in path.relativeFilePath { append(component) }
    // Every component is a plain name (no separator, no `.`/`..`), so the joined path cannot
    // leave the root; no file-system call is needed.
    let relative = String(decoding: joined, as: UTF8.self)
    guard safe else { throw .pathOutsideOutput(relative) }
    return relative
  }

  /// One path component's UTF-8 bytes: non-empty, not `.`/`..`, no separators, NUL or other controls.
  static func isSafeComponent(_ bytes: some Collection<UInt8>) -> Bool {
    let count = bytes.count
    guard count > 0, count <= 255 else { return false }
    if count <= 2, bytes.allSatisfy({ $0 == UInt8(ascii: ".") }) { return false }
    return !bytes.contains { $0 < 0x20 || $0 == 0x2F || $0 == 0x5C || $0 == 0x7F }
  }
}
