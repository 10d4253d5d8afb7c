import Support

/// One build's writing of its files: into the staging folder, each file hard-linked from the
/// current output when it holds the same bytes and written otherwise; or, for `bookgen serve`'s
/// private folder, in place, where only changed files are written.
///
/// `place` may run on many tasks at once: it only reads the current manifest and touches its
/// own path (folders are created beforehand by `makeFolders`).
struct OutputUpdate: Sendable {
  enum Placement: Sendable {
    /// The current output's file: linked into the staging folder, or left in place.
    case unchanged
    /// New bytes written.
    case written
  }

  /// The folder being written: the staging folder, or the output itself when `inPlace`.
  let root: String
  /// The current output, whose unchanged files are linked.
  let source: String
  /// What the current output holds (empty when nothing is known of it).
  let current: [String: OutputManifest.Entry]
  /// Whether files are written into the output itself (`root` is `source`): a changed file goes
  /// to a temporary name and is renamed over the old one, so a reader never sees half of it.
  var inPlace = false
  /// The current output is a non-bookgen folder replaced with `force`: it is moved aside.
  let replacesForeignFolder: Bool
  /// Called before each file is placed; tests inject failures here to interrupt a build.
  var beforePlacing: (@Sendable (String) throws(SiteError) -> Void)?

  /// Creates the folders `paths` (relative file paths) need, parents first.
  func makeFolders(for paths: some Sequence<String>) throws(SiteError) {
    var seen: Set<Substring> = []
    var missing: [Substring] = []
    for path in paths {
      var current = path[...]
      while let slash = current.utf8.lastIndex(of: UInt8(ascii: "/")) {
        current = current[..<slash]
        guard seen.insert(current).inserted else { break }
        missing.append(current)
      }
    }
    missing.sort { $0.utf8.count != $1.utf8.count ? $0.utf8.count < $1.utf8.count : $0 < $1 }
    for folder in missing { try FileSystem.makeFolder(root + "/" + folder) }
  }

  /// Creates the folders of one file's path (`a/b/c.xml`: `a`, `a/b`), whatever exists already.
  func makeParentFolders(of path: String) throws(SiteError) {
    var end = path.utf8.startIndex
    while let slash = path.utf8[end...].firstIndex(of: UInt8(ascii: "/")) {
      try FileSystem.makeFolder(root + "/" + String(path[..<slash]))
      end = path.utf8.index(after: slash)
    }
  }

  /// Puts `bytes` at `path` (relative) in the staging folder: a link to the current output's
  /// file when that holds the same bytes (its inode and time stay, so sync tools skip it), else
  /// a new file (its time tells them to upload it).
  func place(_ path: String, _ bytes: UnsafeRawBufferPointer) throws(SiteError) -> (
    entry: OutputManifest.Entry, placement: Placement
  ) {
    try beforePlacing?(path)
    let entry = OutputManifest.Entry(
      hash: XXH64.hash(bytes.assumingMemoryBound(to: UInt8.self)), size: bytes.count)
    let target = root + "/" + path
    let unchanged = entry.hasSameContent(as: current[path])
    if inPlace {
      if unchanged { return (entry, .unchanged) }
      try FileSystem.replaceAtomically(target, with: bytes)
      return (entry, .written)
    }
    if unchanged, FileSystem.link(source + "/" + path, to: target) { return (entry, .unchanged) }
    if let failure = FileSystem.create(target, bytes) {
      throw .io(operation: "write", path: target, reason: failure)
    }
    return (entry, .written)
  }

  /// Puts the file of `path`'s name in the folder `source` — outside the output (a processed
  /// cover the cache keeps), its bytes `entry`'s, and nothing writes into it — at `path`, in
  /// `links`' folder: a hard link, so the bytes are neither read nor copied; where it cannot be
  /// linked (another file system), a copy of its bytes, which must be the ones `entry` names.
  func place(_ path: String, from source: String, as entry: OutputManifest.Entry, links: FolderLinks)
    throws(SiteError) -> (entry: OutputManifest.Entry, placement: Placement)
  {
    try beforePlacing?(path)
    if !inPlace, links.link(path, from: source) { return (entry, .written) }
    let (target, file) = (root + "/" + path, source + "/" + links.name(of: path))
    let bytes: [UInt8]
    do {
      bytes = try FileReader.read(file, limit: FileLimit(bytes: entry.size, what: "a processed cover's file"))
    } catch {
      throw .io(operation: "read", path: file, reason: error.reason)
    }
    let hash = bytes.withUnsafeBufferPointer { XXH64.hash($0) }
    guard bytes.count == entry.size, hash == entry.hash else {
      throw .io(operation: "read", path: file, reason: "it does not hold the bytes its entry names")
    }
    try bytes.withSiteBytes { buffer throws(SiteError) in
      if inPlace {
        try FileSystem.replaceAtomically(target, with: buffer)
      } else if let failure = FileSystem.create(target, buffer) {
        throw .io(operation: "write", path: target, reason: failure)
      }
    }
    return (entry, .written)
  }

  /// Keeps the current output's file at `path` (in `links`' folder) without reading it, when
  /// the output holds one: linked into the staging folder, or left in place. The manifest's
  /// entry for it (its bytes), or nil when it must be placed from its bytes.
  func keep(_ path: String, links: FolderLinks) throws(SiteError) -> OutputManifest.Entry? {
    try beforePlacing?(path)
    guard let entry = current[path] else { return nil }
    if inPlace { return PathKind.of(root + "/" + path) == .file ? entry : nil }
    return links.link(path, from: links.current) ? entry : nil
  }

  /// In place: removes the current output's files the new site does not have, and the folders
  /// that leaves empty.
  func removeStale(keeping entries: [String: OutputManifest.Entry]) throws(SiteError) {
    var emptied: Set<Substring> = []
    for path in current.keys where entries[path] == nil {
      try FileSystem.remove(root + "/" + path)
      var folder = path[...]
      while let slash = folder.utf8.lastIndex(of: UInt8(ascii: "/")) {
        folder = folder[..<slash]
        guard emptied.insert(folder).inserted else { break }
      }
    }
    // Deepest first; a folder that still holds files stays.
    for folder in emptied.sorted(by: { $0.utf8.count > $1.utf8.count }) {
      FileSystem.removeFolderIfEmpty(root + "/" + folder)
    }
  }

  /// How many of the current output's files the new site no longer has.
  func removedCount(keeping entries: [String: OutputManifest.Entry]) -> Int {
    var kept = 0
    for path in entries.keys where current[path] != nil { kept += 1 }
    return current.count - kept
  }
}
