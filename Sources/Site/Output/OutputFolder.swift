import Foundation
import Support

/// The output folder (`public/`) and its hidden twin (`.public.bookgen-next/`), between which
/// builds alternate so that the output changes all at once, and only where it must.
///
/// A build brings the twin up to the new content — writing only files whose bytes differ from
/// what the twin holds, hard-linking files unchanged since the current output (so their mtime
/// and inode stay), removing files that no longer belong — then swaps the two folders in one
/// atomic rename (`renameat2(RENAME_EXCHANGE)`). A failed or interrupted build never touches
/// `public/`; the twin it leaves is marked incomplete and rebuilt from scratch next time.
///
/// The manifests describing both trees live beside them (`.public.bookgen-manifests/`, see
/// `ManifestStore`), so the deployed folder holds the site and nothing else.
package struct OutputFolder: Sendable {
  /// Absolute, standardised path of the output folder.
  package let output: String
  /// The twin the next build is written into. Its name is bookgen's: whatever is there is an
  /// earlier build's (bookgen never moves the owner's files into it), so it is always reusable.
  package let next: String
  /// Where a non-bookgen folder replaced with `force` is kept (never deleted by bookgen).
  package let replaced: String
  /// The lock file a build or `clean` holds while it works on the output and its twin.
  package let lock: String
  /// The manifests of the output and the twin.
  let manifests: ManifestStore
  /// What earlier bookgens left next to the output and this one no longer uses (an earlier
  /// writer's staging and old-output folders; the state files they kept for the next build,
  /// with their temporary files); `prepare` and `remove` remove them.
  let leftovers: [String]

  /// The output at `path`, resolved against `currentDirectory` when relative (which it may only
  /// be when one is given: the working directory is injected, never the process's).
  package init(path: String, currentDirectory: String? = nil) throws(SiteError) {
    guard path.hasPrefix("/") || currentDirectory != nil else { throw .invalidOutputDirectory(path) }
    let standardized = OutputFolder.absolute(path, in: currentDirectory ?? "/")
    let name = (standardized as NSString).lastPathComponent
    guard standardized != "/" else {
      throw .unsafeOutputDirectory(path: standardized, reason: .fileSystemRoot)
    }
    guard !name.isEmpty, name != ".", name != ".." else { throw .invalidOutputDirectory(path) }
    let parent = (standardized as NSString).deletingLastPathComponent
    output = standardized
    next = parent + "/." + name + ".bookgen-next"
    replaced = parent + "/." + name + ".bookgen-replaced"
    lock = parent + "/." + name + ".bookgen-lock"
    manifests = ManifestStore(folder: parent + "/." + name + ".bookgen-manifests")
    let stateFiles = ["state", "books", "volumes", "cache-index"].flatMap { [$0, $0 + ".tmp"] }
    leftovers = (["staging", "old"] + stateFiles).map { parent + "/." + name + ".bookgen-" + $0 }
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
    if let protection = fence.protection(of: output) { return OutputRefusal(protection) }
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

  /// Whether the folder at `path` (the output) is one bookgen wrote, or empty: its manifest is
  /// kept beside it; or it holds an older bookgen's manifest inside; or, when its identity
  /// changed (the project was copied or moved), it holds exactly the files a kept manifest lists.
  package func isOurs(_ path: String) -> Bool {
    guard PathKind.of(path) == .folder else { return false }
    if let manifest = manifests.path(describing: path), FileSystem.size(of: manifest) != nil { return true }
    return OutputManifest.hasLegacyManifest(path) || FileSystem.isEmptyFolder(path)
      || manifests.all().contains { $0.manifest.describesExactly(path) }
  }

  /// Swaps the finished twin into place: one atomic exchange where the system offers it. The
  /// manifests follow their trees (they are named by identity); those of trees gone are dropped.
  func commit(_ update: OutputUpdate) throws(SiteError) {
    defer { manifests.keepOnly([output, next]) }
    if update.replacesForeignFolder {
      try FileSystem.rename(output, replaced)
      try FileSystem.rename(next, output)
      return
    }
    switch PathKind.of(output) {
    case .missing:
      try FileSystem.rename(next, output)
    default:
      guard !FileSystem.exchange(next, output) else { return }
      // No atomic exchange (old kernel, other file system): three renames, recoverable.
      let aside = output + ".bookgen-swap"
      try FileSystem.rename(output, aside)
      do {
        try FileSystem.rename(next, output)
      } catch {
        try? FileSystem.rename(aside, output)
        throw error
      }
      try FileSystem.rename(aside, next)
    }
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
      safe = safe && isSafeComponent(component)
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

  /// The absolute file path for a site path inside `root`.
  static func filePath(for path: SitePath, in root: String) throws(SiteError) -> String {
    root + "/" + (try relativePath(for: path))
  }

  /// One path component: non-empty, not `.`/`..`, no separators, NUL or other controls.
  static func isSafeComponent(_ component: String) -> Bool {
    isSafeComponent(bytes: component.utf8)
  }

  /// `isSafeComponent` on a component's UTF-8 bytes.
  static func isSafeComponent(bytes: some Collection<UInt8>) -> Bool {
    let count = bytes.count
    guard count > 0, count <= 255 else { return false }
    if count <= 2, bytes.allSatisfy({ $0 == UInt8(ascii: ".") }) { return false }
    return !bytes.contains { $0 < 0x20 || $0 == 0x2F || $0 == 0x5C || $0 == 0x7F }
  }
}
