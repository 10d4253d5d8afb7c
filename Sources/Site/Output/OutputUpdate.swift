/// One build's update of the output's twin folder: places each file (kept, linked from the
/// current output, or written), then removes what no longer belongs and records the manifest.
///
/// `place` may run on many tasks at once: it only reads the two manifests and touches its own
/// path (folders are created beforehand by `makeFolders`).
struct OutputUpdate: Sendable {
  enum Placement: Sendable {
    /// The twin already held these bytes (as the same file the output holds).
    case kept
    /// Hard-linked from the current output: unchanged since the last build.
    case linked
    /// New bytes written.
    case written
    /// The twin already held these bytes, though the current output does not: kept, its
    /// modification time set to now. A changed file of the output, as `written` is.
    case restored
  }

  /// The twin being updated.
  let root: String
  /// The current output, whose unchanged files are linked.
  let source: String
  /// What the current output holds.
  let current: ManifestTable
  /// What the twin holds (empty when it starts afresh).
  let staged: ManifestTable
  /// Where the twin's manifest is recorded.
  let manifests: ManifestStore
  /// The current output is a non-bookgen folder replaced with `force`: it is moved aside, not
  /// swapped into the twin.
  let replacesForeignFolder: Bool
  /// Called before each file is placed; tests inject failures here to interrupt a build.
  var beforePlacing: (@Sendable (String) throws(SiteError) -> Void)?

  /// Creates the folders `paths` (relative file paths) need that the twin does not have yet.
  /// A path the twin's manifest lists has its folders already; only the others are looked at
  /// (a rebuild of 100,000 pages then creates, and hashes, next to nothing).
  func makeFolders(for paths: some Sequence<String>) throws(SiteError) {
    var seen: Set<Substring> = []
    var missing: [Substring] = []
    for path in paths where staged[path] == nil {
      var current = path[...]
      while let slash = current.utf8.lastIndex(of: UInt8(ascii: "/")) {
        current = current[..<slash]
        guard seen.insert(current).inserted else { break }
        missing.append(current)
      }
    }
    // Parents before children.
    missing.sort { $0.utf8.count != $1.utf8.count ? $0.utf8.count < $1.utf8.count : $0 < $1 }
    for folder in missing { try FileSystem.makeFolder(root + "/" + folder) }
  }

  /// Creates the folders of one file's path (`a/b/c.xml`: `a`, `a/b`), whatever exists already;
  /// none when the twin's manifest lists the file (its folders are there: a rebuild of 4,000
  /// search files asked for 8,000 folders that existed).
  func makeParentFolders(of path: String) throws(SiteError) {
    guard staged[path] == nil else { return }
    var end = path.utf8.startIndex
    while let slash = path.utf8[end...].firstIndex(of: UInt8(ascii: "/")) {
      try FileSystem.makeFolder(root + "/" + String(path[..<slash]))
      end = path.utf8.index(after: slash)
    }
  }

  /// `a/b/c.html` adds `a/b` and `a`.
  private static func addFolders(of path: Substring, to folders: inout Set<Substring>) {
    var current = path
    // Searching the bytes: `lastIndex(of:)` on the characters walks grapheme clusters.
    while let slash = current.utf8.lastIndex(of: UInt8(ascii: "/")) {
      current = current[..<slash]
      guard folders.insert(current).inserted else { return }
    }
  }

  /// Puts `bytes` at `path` (relative) in the twin, touching the disk only when needed.
  func place(_ path: String, _ bytes: UnsafeRawBufferPointer) throws(SiteError) -> (
    entry: OutputManifest.Entry, placement: Placement
  ) {
    try beforePlacing?(path)
    let entry = OutputManifest.Entry(hash: ContentHash.xxh64(bytes), size: bytes.count)
    let target = root + "/" + path
    let twin = staged[path]
    let unchanged = entry.hasSameContent(as: current[path])
    // The twin is fresh or described by its manifest: a path it does not list has no file.
    if twin != nil {
      if entry.hasSameContent(as: twin) {
        // Unchanged since the current output and already in the twin: both trees share the file
        // (unchanged files are always linked, never rewritten).
        if unchanged { return (entry, .kept) }
        // Changed since the current output (or there is none) back to what the twin holds (a
        // title changed and changed back, or an output removed by hand beside its twin): the
        // twin's file is its own (one shared with the output would hold the output's bytes), so
        // it stays, its time set to now as a new file's would be, which tells sync tools that
        // compare times to upload it. One of another size than its manifest says is written.
        if FileSystem.touch(target, size: entry.size) { return (entry, .restored) }
      }
      try FileSystem.remove(target)
    }
    if unchanged, FileSystem.link(self.source + "/" + path, to: target) {
      return (entry, .linked)
    }
    // Changed (or new): a fresh file, so its mtime tells sync tools to upload it.
    if let failure = FileSystem.create(target, bytes) {
      throw .io(operation: "write", path: target, reason: failure)
    }
    return (entry, .written)
  }

  /// Removes the twin's files that the new site does not have (and folders left empty), then
  /// records the new manifest; returns how many files were removed.
  func finish(entries: [String: OutputManifest.Entry], fingerprint: String?, baseURL: String? = nil)
    throws(SiteError) -> Int
  {
    var removed = 0
    var emptied: Set<Substring> = []
    // Looked up from the new side: no path of the twin's is made a `String` unless it goes.
    var kept = [Bool](repeating: false, count: staged.count)
    for path in entries.keys {
      if let index = staged.index(of: path) { kept[index] = true }
    }
    for index in kept.indices where !kept[index] {
      let path = staged.path(at: index)
      try FileSystem.remove(root + "/" + path)
      removed += 1
      OutputUpdate.addFolders(of: path[...], to: &emptied)
    }
    // Deepest first; a folder that still holds files stays.
    for folder in emptied.sorted(by: { $0.utf8.count > $1.utf8.count }) {
      FileSystem.removeFolderIfEmpty(root + "/" + folder)
    }
    try manifests.write(
      OutputManifest(fingerprint: fingerprint, baseURL: baseURL, entries: entries), describing: root)
    return removed
  }
}
